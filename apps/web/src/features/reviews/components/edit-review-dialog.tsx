import { REVIEW_TEXT_MAX } from '@paddock/contract/limits';
import type { Review } from '@paddock/contract/reviews';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Field, FieldError, FieldLabel } from '@/components/ui/field.tsx';
import { messagesOf, setServerErrors } from '@/lib/form-errors.ts';
import { useLazyZodResolver } from '@/lib/lazy-zod-resolver.ts';
import { useUpdateReview } from '../api/update-review.ts';
import { updateReviewErrorMessage } from '../utils/review-errors.ts';
import { ReviewTextField } from './review-text-field.tsx';
import { reviewTitle } from '../utils/review-title.ts';
import { StarRatingInput } from './star-rating-input.tsx';
import { DialogFormFooter } from '@/components/dialog-form-footer.tsx';

/** Text as the server keeps it: trimmed, null when empty. */
function normalised(text: string | null | undefined): string | null {
  return text?.trim() || null;
}

/** Spec §2/§4 Edit Review dialog: Update is enabled only when the rating or the text changed. */
export function EditReviewDialog({
  review,
  open,
  onOpenChange,
}: {
  review: Review;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onClick={(event) => event.stopPropagation()}>
        <DialogHeader>
          <DialogTitle>Edit Review</DialogTitle>
          <DialogDescription>{reviewTitle(review)}</DialogDescription>
        </DialogHeader>
        <EditReviewForm review={review} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditReviewForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const id = useId();
  const update = useUpdateReview(review.id);
  const form = useForm({
    resolver: useLazyZodResolver(() => import('@paddock/contract/reviews').then((m) => m.updateReviewBodySchema)),
    // The author's own review: never shielded, so its rating is there.
    defaultValues: { rating: review.rating ?? undefined, review_text: review.review_text ?? '' },
    criteriaMode: 'all',
  });
  const { errors, isSubmitting } = form.formState;
  const rating = useWatch({ control: form.control, name: 'rating' });
  const text = useWatch({ control: form.control, name: 'review_text' }) ?? '';
  const changed = rating !== review.rating || normalised(text) !== normalised(review.review_text);

  const onSubmit = form.handleSubmit((body) =>
    update.mutateAsync(body).then(
      () => {
        toast.success('Review updated successfully');
        onDone();
      },
      (error: unknown) => {
        setServerErrors(form.setError, error, ['rating', 'review_text']);
        form.clearErrors('root');
        toast.error(updateReviewErrorMessage(error));
      },
    ),
  );

  const ratingErrors = messagesOf(errors.rating);
  return (
    <form className="grid gap-5" onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field>
        <FieldLabel id={`${id}-rating-label`}>Rating</FieldLabel>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <StarRatingInput
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              labelledBy={`${id}-rating-label`}
              invalid={ratingErrors.length > 0}
              describedBy={ratingErrors.length ? `${id}-rating-error` : undefined}
            />
          )}
        />
        <FieldError id={`${id}-rating-error`} messages={ratingErrors} />
      </Field>
      <ReviewTextField
        length={text.length}
        maxLength={REVIEW_TEXT_MAX}
        errors={messagesOf(errors.review_text)}
        {...form.register('review_text')}
      />
      <DialogFormFooter label="Update" busyLabel="Updating…" busy={isSubmitting} disabled={!changed} />
    </form>
  );
}
