import type { Comment, Reply } from '@paddock/contract/comments';
import type { QueryClient } from '@tanstack/react-query';
import { changeCommentInPages, type CommentChange } from '@/lib/comment-tree.ts';
import { getCommentsQueryOptions } from '../api/get-comments.ts';
import { getRepliesQueryOptions } from '../api/get-replies.ts';

type AnyComment = Comment | Reply;

/** Applies a change to a comment or reply wherever it is cached; null removes it. */
export function changeCachedComment(
  queryClient: QueryClient,
  comment: Pick<AnyComment, 'id' | 'review_id' | 'parent_comment_id'>,
  change: CommentChange,
): void {
  queryClient.setQueryData(getCommentsQueryOptions(comment.review_id).queryKey, (data) =>
    changeCommentInPages(data, comment.id, change),
  );
  if (comment.parent_comment_id !== null) {
    queryClient.setQueryData(getRepliesQueryOptions(comment.parent_comment_id).queryKey, (data) =>
      changeCommentInPages(data, comment.id, change),
    );
  }
}
