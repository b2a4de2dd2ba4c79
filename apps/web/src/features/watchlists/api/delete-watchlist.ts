import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { getWatchlistQueryOptions } from './get-watchlist.ts';
import { invalidateWatchlists } from './get-watchlists.ts';

export async function deleteWatchlist(id: number): Promise<void> {
  await api.call('deleteWatchlist', { params: { id } });
}

export function useDeleteWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWatchlist,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: getWatchlistQueryOptions(id).queryKey });
      return invalidateWatchlists(queryClient);
    },
  });
}
