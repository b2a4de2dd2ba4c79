import type { Watchlist } from '@paddock/contract/watchlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { getWatchlistQueryOptions } from './get-watchlist.ts';

export async function reorderWatchlist({ id, raceIds }: { id: number; raceIds: number[] }): Promise<Watchlist> {
  return api.call('reorderWatchlist', { params: { id }, body: { race_ids: raceIds } });
}

/**
 * The new order shows at once; the server's answer then replaces it, and a refusal puts the order the
 * server holds back.
 */
export function useReorderWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderWatchlist,
    onMutate: async ({ id, raceIds }) => {
      const { queryKey } = getWatchlistQueryOptions(id);
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (list: Watchlist | undefined) => {
        if (!list) return list;
        const byId = new Map(list.races.map((e) => [e.race.id, e]));
        const races = raceIds.flatMap((raceId, i) => {
          const entry = byId.get(raceId);
          return entry ? [{ ...entry, position: i + 1 }] : [];
        });
        return { ...list, races };
      });
    },
    onSuccess: (list) => queryClient.setQueryData(getWatchlistQueryOptions(list.id).queryKey, list),
    onError: (_, { id }) => queryClient.invalidateQueries({ queryKey: getWatchlistQueryOptions(id).queryKey }),
  });
}
