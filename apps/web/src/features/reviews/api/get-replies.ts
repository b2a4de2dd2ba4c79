import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type ApiOutput } from '@/lib/api-client.ts';

/** Every reply of a comment, oldest first: asked for when a comment has more than it carries inline. */
export async function getReplies(
  commentId: number,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiOutput<'listCommentReplies'>> {
  return api.call('listCommentReplies', {
    params: { id: commentId },
    query: { page_size: 100, cursor: cursor ?? undefined },
    signal,
  });
}

export function getRepliesQueryOptions(commentId: number) {
  return infiniteQueryOptions({
    queryKey: ['reviews', 'replies', commentId],
    queryFn: ({ pageParam, signal }) => getReplies(commentId, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 2 * 60_000,
  });
}

export function useReplies(commentId: number, { enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...getRepliesQueryOptions(commentId), enabled });
}
