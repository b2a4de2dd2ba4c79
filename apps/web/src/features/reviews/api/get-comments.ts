import type { Comment } from '@paddock/contract/comments';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface CommentPage {
  results: Comment[];
  next_cursor: string | null;
}

/** A review's top-level comments, oldest first, each with its first replies and reply_count. */
export async function getComments(
  reviewId: number,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CommentPage> {
  const params: Record<string, string | number> = { review_id: reviewId };
  if (cursor !== null) params.cursor = cursor;
  const { data } = await api.get<CommentPage>('/api/social/comments/', { params, signal });
  return data;
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
