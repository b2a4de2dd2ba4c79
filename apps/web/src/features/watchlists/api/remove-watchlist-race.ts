import type { Watchlist } from '@paddock/contract/watchlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { getWatchlistQueryOptions } from './get-watchlist.ts';
import { invalidateWatchlists } from './get-watchlists.ts';

export async function removeWatchlistRace({ id, raceId }: { id: number; raceId: number }): Promise<void> {
  await api.call('removeWatchlistRace', { params: { id, race_id: raceId } });
}

/** The race leaves the cached list (the others close up); the overview's count refreshes. */
export function useRemoveWatchlistRace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWatchlistRace,
    onSuccess: (_, { id, raceId }) => {
      queryClient.setQueryData(getWatchlistQueryOptions(id).queryKey, (list: Watchlist | undefined) =>
        list
          ? {
              ...list,
              race_count: list.race_count - 1,
              races: list.races.filter((e) => e.race.id !== raceId).map((e, i) => ({ ...e, position: i + 1 })),
            }
          : list,
      );
      return invalidateWatchlists(queryClient);
    },
  });
}
