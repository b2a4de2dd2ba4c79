import { useLocation, useParams } from 'react-router';
import { HydrateLater } from '@/components/hydrate-later.tsx';
import { LoadErrorState, NotFoundState } from '@/components/query-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { displayNameOf, UserName } from '@/components/user-text.tsx';
import { isNotFoundError } from '@/lib/query-errors.ts';
import { useSharedReview } from '../api/get-shared-review.ts';
import { CommentSection } from '../components/comment-section.tsx';
import { ReviewCard } from '../components/review-card.tsx';
import { reviewTitle } from '../utils/review-title.ts';
import { PageTitle, summary } from '@/components/page-title.tsx';
import { previewImagePath } from '@/config/paths.ts';
import { usePreviewSpoilers } from '@/lib/render-env.tsx';
import type { Review } from '@paddock/contract/reviews';

/** `#comment-{id}` names the comment a link points at (spec §2). */
function commentIdFromHash(hash: string): number | null {
  const match = /^#comment-(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/**
 * The shared review page /review/{id} (spec §2): open to guests, 404 for a missing review or one of a
 * private account the viewer may not see.
 */
export function ReviewRoute() {
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const query = useSharedReview(id);

  if (query.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading the review">
        <Skeleton className="h-8 w-72 max-w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return isNotFoundError(query.error) ? (
      <NotFoundState
        title="Review not found"
        description="It may have been deleted, or it belongs to a private account you do not follow."
      />
    ) : (
      <LoadErrorState title="The review could not be loaded" onRetry={() => void query.refetch()} />
    );
  }

  const review = query.data;
  return <ReviewPage review={review} highlightId={commentIdFromHash(hash)} />;
}

/**
 * The head's description is the review's stars and first words, unless they would spoil its race: for a
 * reader whose shield hides it, or while the site keeps the race out of link previews (decision 033).
 */
function reviewDescription(review: Review, spoilers: boolean): string {
  if (!spoilers || review.rating === null) return `A review of the ${reviewTitle(review)} on Paddock.`;
  return summary(`${'★'.repeat(review.rating)}${'☆'.repeat(5 - review.rating)} ${review.review_text ?? ''}`);
}

function ReviewPage({ review, highlightId }: { review: Review; highlightId: number | null }) {
  const author = displayNameOf(review.user);
  const previewSpoilers = usePreviewSpoilers(review.race.date);
  return (
    <article aria-labelledby="review-title" className="grid grid-cols-1 gap-6">
      <PageTitle
        name={`${author} on ${reviewTitle(review)}`}
        description={reviewDescription(review, previewSpoilers)}
        type="article"
        image={previewImagePath('review', review.id)}
      />
      <header className="grid gap-1">
        <p className="text-xs font-semibold tracking-[0.2em] text-primary-text uppercase">Race review</p>
        <h1 id="review-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {reviewTitle(review)}
        </h1>
        <p className="text-muted-foreground">
          by <UserName user={review.user} /> (@{review.user.username})
        </p>
      </header>
      <ReviewCard review={review} full headingLevel={2} />
      {/* The comments under a shielded review may talk about the race: they wait for the shield to lift. */}
      {!review.spoilers_hidden && (
        <HydrateLater>
          <div className="rounded-xl border bg-card p-4 shadow-xs sm:p-5">
            <CommentSection review={review} highlightId={highlightId} />
          </div>
        </HydrateLater>
      )}
    </article>
  );
}
