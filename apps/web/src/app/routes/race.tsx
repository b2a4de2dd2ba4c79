import { RaceRoute } from '@/features/races/routes/race.tsx';
import { RaceReviews } from '@/features/reviews/components/race-reviews.tsx';
import { useOpenAddReview } from '../layouts/add-review-provider.tsx';

/** The race page with the reviews feature's list in its Reviews tab (features do not import each other). */
export function RacePageRoute() {
  const openAddReview = useOpenAddReview();
  return <RaceRoute reviews={(race) => <RaceReviews race={race} onWriteReview={() => openAddReview(race)} />} />;
}
