import { OwnProfileRoute } from '@/features/profile/routes/own-profile.tsx';
import { UserReviews } from '@/features/reviews/components/user-reviews.tsx';
import { useOpenAddReview } from '../layouts/add-review-provider.tsx';

/** The viewer's profile with their reviews from the reviews feature (features do not import each other). */
export function OwnProfilePageRoute() {
  const openAddReview = useOpenAddReview();
  return (
    <OwnProfileRoute reviews={(me) => <UserReviews user={me} hideHeading onWriteReview={() => openAddReview()} />} />
  );
}
