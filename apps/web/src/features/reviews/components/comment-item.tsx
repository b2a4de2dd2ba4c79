import type { Comment, Reply } from '@paddock/contract/comments';
import type { Review } from '@paddock/contract/reviews';
import { useState } from 'react';
import { allRepliesOf, CommentThreadItem, type CommentActions } from '@/components/comments/comment-thread.tsx';
import { useCreateComment } from '../api/create-comment.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { useReplies } from '../api/get-replies.ts';
import { useToggleCommentLike } from '../api/toggle-comment-like.ts';

/** The element id of a review comment: the #comment-{id} of a shared link. */
export const reviewCommentAnchor = (commentId: number) => `comment-${commentId}`;

/** A review comment with its replies, like, reply and (for its author) delete. */
export function CommentItem({
  review,
  comment,
  highlightedId,
}: {
  review: Pick<Review, 'id' | 'race'>;
  comment: Comment;
  highlightedId?: number | null;
}) {
  const [showAll, setShowAll] = useState(false);
  const all = useReplies(comment.id, { enabled: showAll });
  const like = useToggleCommentLike();
  const remove = useDeleteComment(review);
  const create = useCreateComment(review);
  const actions: CommentActions<Comment | Reply> = {
    reportType: 'comment',
    anchorId: reviewCommentAnchor,
    like: (target) => like.mutateAsync(target),
    remove: (target) => remove.mutateAsync(target),
    reply: (parentId, text) => create.mutateAsync({ comment: text, parentId }),
  };

  return (
    <CommentThreadItem<Comment | Reply>
      comment={comment}
      actions={actions}
      highlightedId={highlightedId}
      allReplies={allRepliesOf(all, showAll, () => setShowAll(true))}
    />
  );
}
