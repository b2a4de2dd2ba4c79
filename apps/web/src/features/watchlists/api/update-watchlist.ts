import type { UpdateWatchlistBody, Watchlist } from '@paddock/contract/watchlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { storeWatchlist } from './get-watchlist.ts';

export async function updateWatchlist({ id, ...body }: UpdateWatchlistBody & { id: number }): Promise<Watchlist> {
  return api.call('updateWatchlist', { params: { id }, body });
}

export function useUpdateWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWatchlist, onSuccess: (list) => storeWatchlist(queryClient, list) });
}
