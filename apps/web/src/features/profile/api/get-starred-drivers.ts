import type { StarredDriverList } from '@paddock/contract/stars';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

/** A user's starred drivers, newest first, each with its race. */
export async function getStarredDrivers(
  userId: number,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StarredDriverList> {
  return api.call('listStarredDrivers', { query: { user_id: userId, cursor: cursor ?? undefined }, signal });
}

export function getStarredDriversQueryOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: ['profile', 'stars', userId],
    queryFn: ({ pageParam, signal }) => getStarredDrivers(userId, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    meta: dependsOn('stars'),
  });
}

export function useStarredDrivers(userId: number) {
  return useInfiniteQuery(getStarredDriversQueryOptions(userId));
}
