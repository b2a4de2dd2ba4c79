import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type ApiOutput } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

/** A user's watched races, most recently watched first. */
export async function getWatchedRaces(
  userId: number,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiOutput<'listWatchedRaces'>> {
  return api.call('listWatchedRaces', { query: { user_id: userId, cursor: cursor ?? undefined }, signal });
}

export function getWatchedRacesQueryOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: ['profile', 'watched', userId],
    queryFn: ({ pageParam, signal }) => getWatchedRaces(userId, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // Reviewing a race marks it watched.
    meta: dependsOn('reviews', 'watched'),
  });
}

export function useWatchedRaces(userId: number) {
  return useInfiniteQuery(getWatchedRacesQueryOptions(userId));
}
