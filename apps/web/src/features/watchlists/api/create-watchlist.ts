import type { CreateWatchlistBody, Watchlist } from '@paddock/contract/watchlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { storeWatchlist } from './get-watchlist.ts';

export async function createWatchlist(body: CreateWatchlistBody): Promise<Watchlist> {
  const { data } = await api.post<Watchlist>('/api/social/watchlists/', body);
  return data;
}

export function useCreateWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWatchlist, onSuccess: (list) => storeWatchlist(queryClient, list) });
}
