import { WATCHLISTS_PER_USER } from '@paddock/contract/limits';
import type { WatchlistSummary } from '@paddock/contract/watchlists';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** The signed-in user's lists, newest first; a user has at most WATCHLISTS_PER_USER, so one page holds them all. */
export async function getWatchlists({ signal }: { signal?: AbortSignal } = {}): Promise<WatchlistSummary[]> {
  const page = await api.call('listWatchlists', { query: { page_size: WATCHLISTS_PER_USER }, signal });
  return page.results;
}

export function getWatchlistsQueryOptions() {
  return queryOptions({
    queryKey: ['watchlists', 'list'],
    queryFn: ({ signal }) => getWatchlists({ signal }),
  });
}

export function useWatchlists() {
  return useQuery(getWatchlistsQueryOptions());
}

/** After a list is created, changed or deleted: the overview's names, visibility and counts refresh. */
export function invalidateWatchlists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: getWatchlistsQueryOptions().queryKey });
}
