import { NotebookPenIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';
import { useUserReviews } from '../api/get-user-reviews.ts';
import { ReviewList } from './review-list.tsx';

/** A profile's reviews, newest first. */
export function UserReviews({ user }: { user: { id: number; name: string; username: string } }) {
  const query = useUserReviews(user.id);
  const name = user.name || user.username;
  return (
    <section aria-labelledby={`user-reviews-${user.id}`} className="grid gap-4">
      <h2 id={`user-reviews-${user.id}`} className="text-lg font-semibold">
        Reviews
      </h2>
      <ReviewList
        query={query}
        label={`Reviews by ${name}`}
        showFollow={false}
        empty={<EmptyState icon={NotebookPenIcon} title={`${name} has not reviewed a race yet`} />}
      />
    </section>
  );
}
