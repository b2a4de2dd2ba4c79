import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type ApiOutput } from '@/lib/api-client.ts';

/** A review's top-level comments, oldest first, each with its first replies and reply_count. */
export async function getComments(
  reviewId: number,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiOutput<'listComments'>> {
  return api.call('listComments', { query: { review_id: reviewId, cursor: cursor ?? undefined }, signal });
}

export function getCommentsQueryOptions(reviewId: number) {
  return infiniteQueryOptions({
    queryKey: ['reviews', 'comments', reviewId],
    queryFn: ({ pageParam, signal }) => getComments(reviewId, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // Spec §9: comments stay fresh 2 min.
    staleTime: 2 * 60_000,
  });
}

export function useComments(reviewId: number) {
  return useInfiniteQuery(getCommentsQueryOptions(reviewId));
}
