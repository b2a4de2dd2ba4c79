import { CheckIcon, EyeIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { SignInPrompt } from '@/components/sign-in-prompt.tsx';
import { StarRating } from '@/components/star-rating.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useIsSignedIn } from '@/lib/session.ts';
import { toast } from '@/lib/toast.ts';
import { useReview } from '../api/get-review.ts';
import { useToggleWatched } from '../api/toggle-watched.ts';
import { StarRatingInput } from './star-rating-input.tsx';

interface RatedRace {
  id: number;
  is_completed: boolean;
  is_watched: boolean;
  user_review_id: number | null;
}

/**
 * The race header's call to rate (issue 22): the viewer's own rating with a link to their review, or
 * "Rate this race" with five stars, one tap on which opens the review dialog with that rating; and
 * Watched. A guest is asked to sign in. Shown for completed races only: reviews open after the race.
 */
export function RaceRatingControl({ race, onRate }: { race: RatedRace; onRate: (rating: number) => void }) {
  const signedIn = useIsSignedIn();
  if (!race.is_completed) return null;
  // One height for the guest's prompt and the reader's controls: a page rendered for a guest is the
  // reader's once hydrated, and nothing below moves. On a phone the reader's stars and Watched take two rows
  // (412 and 430 px wide), as the prompt does on the narrowest (360, 390 px): two rows' height below sm.
  return (
    <div className="flex min-h-19.5 flex-wrap items-center gap-x-6 gap-y-2 sm:min-h-12.5">
      {!signedIn ? (
        <SignInPrompt message="Sign in to rate and review this race." className="w-fit" />
      ) : (
        <>
          {race.user_review_id === null ? <RateStars onRate={onRate} /> : <YourRating reviewId={race.user_review_id} />}
          <WatchedToggle race={race} />
        </>
      )}
    </div>
  );
}

function RateStars({ onRate }: { onRate: (rating: number) => void }) {
  const labelId = useId();
  return (
    <div className="flex items-center gap-3">
      <span id={labelId} className="text-sm font-medium">
        Rate this race
      </span>
      <StarRatingInput value={undefined} onChange={onRate} labelledBy={labelId} />
    </div>
  );
}

function YourRating({ reviewId }: { reviewId: number }) {
  const review = useReview(reviewId);
  return (
    <Link
      to={paths.review.getHref(reviewId)}
      className="flex items-center gap-3 rounded-md text-sm outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="font-medium">Your rating</span>
      {review.data?.rating != null ? (
        <StarRating rating={review.data.rating} />
      ) : (
        <span className="text-muted-foreground">…</span>
      )}
    </Link>
  );
}

function WatchedToggle({ race }: { race: RatedRace }) {
  const toggle = useToggleWatched(race.id);
  const watched = toggle.isPending ? toggle.variables : race.is_watched;
  return (
    <Button
      variant={watched ? 'secondary' : 'outline'}
      size="sm"
      aria-pressed={watched}
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(!watched, {
          onError: () => toast.error('Could not update your watched races. Please try again.'),
        })
      }
    >
      {watched ? <CheckIcon aria-hidden /> : <EyeIcon aria-hidden />}
      Watched
    </Button>
  );
}
