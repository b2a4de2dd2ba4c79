import { UserProfileRoute } from '@/features/profile/routes/user-profile.tsx';
import { UserReviews } from '@/features/reviews/components/user-reviews.tsx';

/** Someone's profile with their reviews from the reviews feature (features do not import each other). */
export function UserProfilePageRoute() {
  return <UserProfileRoute reviews={(profile) => <UserReviews user={profile} hideHeading />} />;
}
