import type { Reply } from '@paddock/contract/comments';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface ReplyPage {
  results: Reply[];
  next_cursor: string | null;
}

/** Every reply of a comment, oldest first: asked for when a comment has more than it carries inline. */
export async function getReplies(
  commentId: number,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReplyPage> {
  const params: Record<string, string | number> = { page_size: 100 };
  if (cursor !== null) params.cursor = cursor;
  const { data } = await api.get<ReplyPage>(`/api/social/comments/${commentId}/replies/`, { params, signal });
  return data;
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
