import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type ApiOutput } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

export type FollowList = 'followers' | 'following';

/** Someone's followers or the accounts they follow, newest first (403 while a private account is closed to the viewer). */
export async function getFollowList(
  userId: number,
  list: FollowList,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiOutput<'listFollowers' | 'listFollowing'>> {
  return api.call(list === 'followers' ? 'listFollowers' : 'listFollowing', {
    params: { id: userId },
    query: { cursor: cursor ?? undefined },
    signal,
  });
}

export function getFollowListQueryOptions(userId: number, list: FollowList) {
  return infiniteQueryOptions({
    queryKey: ['profile', list, userId],
    queryFn: ({ pageParam, signal }) => getFollowList(userId, list, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    meta: dependsOn('follows'),
  });
}

export function useFollowList(userId: number, list: FollowList) {
  return useInfiniteQuery(getFollowListQueryOptions(userId, list));
}
