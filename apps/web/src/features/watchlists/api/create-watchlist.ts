import type { CreateWatchlistBody, Watchlist } from '@paddock/contract/watchlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { storeWatchlist } from './get-watchlist.ts';

export async function createWatchlist(body: CreateWatchlistBody): Promise<Watchlist> {
  return api.call('createWatchlist', { body });
}

export function useCreateWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWatchlist, onSuccess: (list) => storeWatchlist(queryClient, list) });
}
