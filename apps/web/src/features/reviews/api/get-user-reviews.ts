import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type ApiOutput } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

/** A user's reviews, newest first (403 for a private account the viewer does not follow). */
export async function getUserReviews(
  userId: number,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiOutput<'listReviews'>> {
  return api.call('listReviews', { query: { user_id: userId, cursor: cursor ?? undefined }, signal });
}

export function getUserReviewsQueryOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: ['reviews', 'user', userId],
    queryFn: ({ pageParam, signal }) => getUserReviews(userId, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 2 * 60_000,
    meta: dependsOn('reviews'),
  });
}

export function useUserReviews(userId: number) {
  return useInfiniteQuery(getUserReviewsQueryOptions(userId));
}
