import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type ApiOutput } from '@/lib/api-client.ts';

/** Comments stay fresh 2 min (spec §9), like review comments. */
const COMMENTS_STALE_MS = 2 * 60_000;

/** A thought's top-level comments, oldest first, each with its first replies and reply_count. */
export async function getThoughtComments(
  thoughtId: number,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiOutput<'listThoughtComments'>> {
  return api.call('listThoughtComments', { query: { thought_id: thoughtId, cursor: cursor ?? undefined }, signal });
}

export function getThoughtCommentsQueryOptions(thoughtId: number) {
  return infiniteQueryOptions({
    queryKey: ['races', 'thought-comments', thoughtId],
    queryFn: ({ pageParam, signal }) => getThoughtComments(thoughtId, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: COMMENTS_STALE_MS,
  });
}

export function useThoughtComments(thoughtId: number) {
  return useInfiniteQuery(getThoughtCommentsQueryOptions(thoughtId));
}

/** Every reply of a comment, oldest first: asked for when it has more than it carries inline. */
export async function getThoughtReplies(
  commentId: number,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiOutput<'listThoughtComments'>> {
  return api.call('listThoughtComments', {
    query: { parent_comment_id: commentId, page_size: 100, cursor: cursor ?? undefined },
    signal,
  });
}

/** The key every thought comment's replies share, for changes that do not know the parent. */
export const THOUGHT_REPLIES_KEY = ['races', 'thought-replies'] as const;

export function getThoughtRepliesQueryOptions(commentId: number) {
  return infiniteQueryOptions({
    queryKey: [...THOUGHT_REPLIES_KEY, commentId],
    queryFn: ({ pageParam, signal }) => getThoughtReplies(commentId, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: COMMENTS_STALE_MS,
  });
}

export function useThoughtReplies(commentId: number, { enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...getThoughtRepliesQueryOptions(commentId), enabled });
}
