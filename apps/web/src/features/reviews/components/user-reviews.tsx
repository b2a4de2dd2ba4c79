import { NotebookPenIcon, SquarePenIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { displayNameOf, UserName } from '@/components/user-text.tsx';
import { useUserReviews } from '../api/get-user-reviews.ts';
import { ReviewList } from './review-list.tsx';

/**
 * A profile's reviews, newest first. On the viewer's own profile (`onWriteReview` given) an empty list
 * offers to write the first one. `hideHeading` keeps the heading for assistive technology only (a tab
 * already names the list).
 */
export function UserReviews({
  user,
  onWriteReview,
  hideHeading = false,
}: {
  user: { id: number; name: string; username: string };
  onWriteReview?: () => void;
  hideHeading?: boolean;
}) {
  const query = useUserReviews(user.id);
  const name = displayNameOf(user);
  return (
    <section aria-labelledby={`user-reviews-${user.id}`} className="grid gap-4">
      <h2 id={`user-reviews-${user.id}`} className={hideHeading ? 'sr-only' : 'text-lg font-semibold'}>
        Reviews
      </h2>
      <ReviewList
        query={query}
        label={`Reviews by ${name}`}
        showFollow={false}
        empty={
          onWriteReview ? (
            <EmptyState icon={NotebookPenIcon} title="You have not reviewed a race yet">
              <Button onClick={onWriteReview} aria-haspopup="dialog">
                <SquarePenIcon aria-hidden />
                Add a race review
              </Button>
            </EmptyState>
          ) : (
            <EmptyState
              icon={NotebookPenIcon}
              title={
                <>
                  <UserName user={user} /> has not reviewed a race yet
                </>
              }
            />
          )
        }
      />
    </section>
  );
}
