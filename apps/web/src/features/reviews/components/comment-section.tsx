import type { Review } from '@paddock/contract/reviews';
import { MessageCircleIcon } from 'lucide-react';
import { NewCommentComposer } from '@/components/comments/comment-composer.tsx';
import { CommentList, commentPagesOf } from '@/components/comments/comment-list.tsx';
import { useCreateComment } from '../api/create-comment.ts';
import { useComments } from '../api/get-comments.ts';
import { CommentItem, reviewCommentAnchor } from './comment-item.tsx';

/**
 * A review's comments, oldest first, with replies one level deep. `highlightId` (the #comment-{id} of a
 * shared link) is scrolled to and highlighted once it has loaded.
 */
export function CommentSection({
  review,
  highlightId = null,
}: {
  review: Pick<Review, 'id' | 'race' | 'comment_count'>;
  highlightId?: number | null;
}) {
  const comments = useComments(review.id);
  const create = useCreateComment(review);

  return (
    <section aria-labelledby={`comments-${review.id}`} className="grid grid-cols-1 gap-4">
      <h3 id={`comments-${review.id}`} className="flex items-center gap-2 font-semibold">
        <MessageCircleIcon aria-hidden className="size-4" />
        Comments <span className="text-muted-foreground tabular-nums">({review.comment_count})</span>
      </h3>

      <NewCommentComposer onSubmit={(comment) => create.mutateAsync({ comment })} />

      <CommentList
        pages={commentPagesOf(comments)}
        anchorId={reviewCommentAnchor}
        highlightId={highlightId}
        renderItem={(comment, highlightedId) => (
          <CommentItem review={review} comment={comment} highlightedId={highlightedId} />
        )}
      />
    </section>
  );
}
