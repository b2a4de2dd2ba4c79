import type { InfiniteData } from '@tanstack/react-query';

/**
 * Comment threads one level deep (review comments, thought comments): a top-level comment carries its
 * first `replies` and how many it has in all (`reply_count`).
 */
export interface CommentNode {
  id: number;
  replies: readonly CommentNode[];
  reply_count: number;
}

/** A change to one comment: the new comment, or null to remove it. */
export type CommentChange = <C extends CommentNode>(comment: C) => C | null;

/** Applies `change` to the comment `id`, wherever it is in the list; a removed reply lowers its parent's count. */
export function changeCommentIn<C extends CommentNode>(list: readonly C[], id: number, change: CommentChange): C[] {
  return list.flatMap((item) => {
    if (item.id === id) {
      const next = change(item);
      return next ? [next] : [];
    }
    if (item.replies.length === 0) return [item];
    const replies = changeCommentIn(item.replies, id, change);
    const removed = item.replies.length - replies.length;
    return [{ ...item, replies, reply_count: Math.max(0, item.reply_count - removed) }];
  });
}

/** The same, across the pages of an infinite query's data. */
export function changeCommentInPages<P extends { results: C[] }, C extends CommentNode>(
  data: InfiniteData<P> | undefined,
  id: number,
  change: CommentChange,
): InfiniteData<P> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, results: changeCommentIn(page.results, id, change) })),
  };
}

/** Whether the comment `id` is among the loaded comments or their replies. */
export function hasComment(list: readonly CommentNode[], id: number): boolean {
  return list.some((item) => item.id === id || item.replies.some((reply) => reply.id === id));
}
