import { MessageSquareTextIcon, SquarePenIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useIsSignedIn } from '@/lib/session.ts';
import { useRaceReviews } from '../api/get-race-reviews.ts';
import { ReviewList } from './review-list.tsx';

/**
 * The Reviews tab of a race page: newest first, 'Load more' for older ones. `onWriteReview` is offered
 * to a signed-in viewer who has not reviewed this completed race yet.
 */
export function RaceReviews({
  race,
  onWriteReview,
}: {
  race: { id: number; is_completed: boolean; user_review_id: number | null };
  onWriteReview?: () => void;
}) {
  const signedIn = useIsSignedIn();
  const query = useRaceReviews(race.id);
  const canWrite = signedIn && race.is_completed && race.user_review_id === null && onWriteReview;

  return (
    <section aria-labelledby={`race-reviews-${race.id}`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`race-reviews-${race.id}`} className="text-lg font-semibold">
          Reviews
        </h2>
        {canWrite && (
          <Button onClick={onWriteReview} aria-haspopup="dialog">
            <SquarePenIcon aria-hidden />
            Write a review
          </Button>
        )}
      </div>
      <ReviewList
        query={query}
        label="Reviews of this race"
        showRace={false}
        empty={
          <EmptyState
            icon={MessageSquareTextIcon}
            title="No reviews yet"
            description={
              race.is_completed
                ? 'Be the first to say what you made of this race.'
                : 'Reviews open once the race is over.'
            }
          />
        }
      />
    </section>
  );
}
