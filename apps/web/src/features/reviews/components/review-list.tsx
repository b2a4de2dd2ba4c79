import type { Review } from '@paddock/contract/reviews';
import { HydrateLater } from '@/components/hydrate-later.tsx';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { LoadMoreButton } from '@/components/load-more-button.tsx';
import type { ApiOutput } from '@/lib/api-client.ts';
import { FeedError, FeedLoading } from './review-feed.tsx';
import { cardItemClass, ReviewCard } from './review-card.tsx';

const ReviewDetailDialog = lazy(() =>
  import('./review-detail-dialog.tsx').then((m) => ({ default: m.ReviewDetailDialog })),
);

/** A paged list of reviews (a race's, a user's) with 'Load more' and the detail dialog. */
export function ReviewList({
  query,
  label,
  empty,
  showRace = true,
  showFollow = true,
}: {
  query: UseInfiniteQueryResult<InfiniteData<ApiOutput<'listReviews'>>>;
  label: string;
  empty: ReactNode;
  showRace?: boolean;
  showFollow?: boolean;
}) {
  const [opened, setOpened] = useState<Review | null>(null);
  const reviews = query.data?.pages.flatMap((page) => page.results) ?? [];

  if (query.isPending) return <FeedLoading />;
  if (query.isError && reviews.length === 0) return <FeedError />;
  if (reviews.length === 0) return empty;
  return (
    <>
      <ul className="grid gap-4" aria-label={label}>
        {reviews.map((review, index) => (
          <li key={review.id} className={cardItemClass(index)}>
            <HydrateLater>
              <ReviewCard review={review} onOpen={setOpened} showRace={showRace} showFollow={showFollow} />
            </HydrateLater>
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} />
      {opened && (
        <Suspense fallback={null}>
          <ReviewDetailDialog
            review={opened}
            open
            onOpenChange={(open) => {
              if (!open) setOpened(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
