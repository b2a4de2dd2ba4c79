import type { Comment, Reply } from '@paddock/contract/comments';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { getCommentsQueryOptions, type CommentPage } from '../api/get-comments.ts';
import { getRepliesQueryOptions, type ReplyPage } from '../api/get-replies.ts';

type AnyComment = Comment | Reply;
type Change = <C extends AnyComment>(comment: C) => C | null;

function changeList<C extends AnyComment>(list: C[], id: number, change: Change): C[] {
  return list.flatMap((item) => {
    if (item.id === id) {
      const next = change(item);
      return next ? [next] : [];
    }
    if (item.replies.length === 0) return [item];
    const replies = changeList(item.replies as Reply[], id, change);
    const removed = item.replies.length - replies.length;
    return [{ ...item, replies, reply_count: Math.max(0, item.reply_count - removed) }];
  });
}

function inPages<P extends { results: C[] }, C extends AnyComment>(
  data: InfiniteData<P> | undefined,
  id: number,
  change: Change,
): InfiniteData<P> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, results: changeList(page.results, id, change) })) };
}

/** Applies a change to a comment or reply wherever it is cached; null removes it. */
export function changeCachedComment(
  queryClient: QueryClient,
  comment: Pick<AnyComment, 'id' | 'review_id' | 'parent_comment_id'>,
  change: Change,
): void {
  queryClient.setQueryData(getCommentsQueryOptions(comment.review_id).queryKey, (data) =>
    inPages<CommentPage, Comment>(data, comment.id, change),
  );
  if (comment.parent_comment_id !== null) {
    queryClient.setQueryData(getRepliesQueryOptions(comment.parent_comment_id).queryKey, (data) =>
      inPages<ReplyPage, Reply>(data, comment.id, change),
    );
  }
}
