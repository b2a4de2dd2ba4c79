import { lazy } from '@/lib/lazy.ts';
import { RaceRoute } from '@/features/races/routes/race.tsx';
import { RaceRatingControl } from '@/features/reviews/components/race-rating-control.tsx';
import { RaceReviews } from '@/features/reviews/components/race-reviews.tsx';
import { useOpenAddReview } from '../layouts/add-review-provider.tsx';

// The Thoughts tab (live stream, forms, zod) loads when it is first shown, outside the page's first load.
const ThoughtsTab = lazy(() =>
  import('@/features/thoughts/components/thoughts-tab.tsx').then((m) => ({ default: m.ThoughtsTab })),
);

/**
 * The race page with the reviews feature's rating control in its header, its list in the Reviews tab and
 * the thoughts feature's live Thoughts
 * tab (features do not import each other).
 */
export function RacePageRoute() {
  const openAddReview = useOpenAddReview();
  return (
    <RaceRoute
      headerActions={(race) => <RaceRatingControl race={race} onRate={(rating) => openAddReview(race, rating)} />}
      reviews={(race) => <RaceReviews race={race} onWriteReview={() => openAddReview(race)} />}
      thoughts={(race) => <ThoughtsTab race={race} />}
    />
  );
}
