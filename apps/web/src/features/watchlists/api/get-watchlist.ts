import type { Watchlist } from '@paddock/contract/watchlists';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { invalidateWatchlists } from './get-watchlists.ts';

/** A list's number opens it by id; anything else is a share token (spec §2 /watchlist/{id or share token}). */
export const isWatchlistId = (idOrToken: string) => /^\d{1,10}$/.test(idOrToken);

export async function getWatchlist(idOrToken: string, { signal }: { signal?: AbortSignal } = {}): Promise<Watchlist> {
  return isWatchlistId(idOrToken)
    ? api.call('getWatchlist', { params: { id: idOrToken }, signal })
    : api.call('getSharedWatchlist', { params: { token: idOrToken }, signal });
}

export function getWatchlistQueryOptions(idOrToken: string | number) {
  const key = String(idOrToken);
  return queryOptions({
    queryKey: ['watchlists', 'detail', key],
    queryFn: ({ signal }) => getWatchlist(key, { signal }),
    staleTime: 60_000,
  });
}

export function useWatchlist(idOrToken: string | number) {
  return useQuery(getWatchlistQueryOptions(idOrToken));
}

/** After a change the server answered with the whole list: it replaces the cached copy, and the overview refreshes. */
export function storeWatchlist(queryClient: QueryClient, list: Watchlist): Promise<void> {
  queryClient.setQueryData(getWatchlistQueryOptions(list.id).queryKey, list);
  return invalidateWatchlists(queryClient);
}
