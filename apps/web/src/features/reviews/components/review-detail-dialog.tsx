import type { Review } from '@paddock/contract/reviews';
import { useEffect } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { UserName } from '@/components/user-text.tsx';
import { isNotFoundError } from '@/lib/query-errors.ts';
import { useReview } from '../api/get-review.ts';
import { reviewTitle } from '../utils/review-title.ts';
import { CommentSection } from './comment-section.tsx';
import { ReviewCard } from './review-card.tsx';

/**
 * Spec §2 review detail dialog (signed-in viewers): the whole review, its likes and its comments. It
 * starts from the card's copy and closes by itself when the review is deleted.
 */
export function ReviewDetailDialog({
  review: initial,
  open,
  onOpenChange,
}: {
  review: Review;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const query = useReview(initial.id, { placeholder: initial });
  const review = query.data ?? initial;
  const gone = query.isError && isNotFoundError(query.error);

  useEffect(() => {
    if (gone) onOpenChange(false);
  }, [gone, onOpenChange]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-5 sm:max-w-2xl">
        {/* The card names the race (a link to it) and the author: the title and description say them to
            screen readers only, so the race is named once on screen. */}
        <DialogHeader className="sr-only">
          <DialogTitle>{reviewTitle(review)}</DialogTitle>
          <DialogDescription>
            Review by <UserName user={review.user} /> (@{review.user.username})
          </DialogDescription>
        </DialogHeader>
        {/* Room on the right for the dialog's close button beside the card's own buttons. */}
        <ReviewCard review={review} full className="border-0 bg-transparent p-0 pr-8 shadow-none sm:p-0 sm:pr-8" />
        {/* The comments under a shielded review may talk about the race: they wait for the shield to lift. */}
        {!review.spoilers_hidden && <CommentSection review={review} />}
      </DialogContent>
    </Dialog>
  );
}
