import type { Review } from '@paddock/contract/reviews';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { getFeedQueryOptions, type CachedFeedPage } from '../api/get-feed.ts';
import { getPopularReviewsQueryOptions } from '../api/get-popular-reviews.ts';
import { getRaceReviewsQueryOptions, type ReviewPage } from '../api/get-race-reviews.ts';
import { getReviewQueryOptions } from '../api/get-review.ts';
import { getSharedReviewQueryOptions } from '../api/get-shared-review.ts';

type ReviewRef = Pick<Review, 'id' | 'race'>;
type Change = (review: Review) => Review | null;

function inPages<P extends { results: Review[] }>(
  data: InfiniteData<P> | undefined,
  id: number,
  change: Change,
): InfiniteData<P> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      results: page.results.flatMap((review) => {
        if (review.id !== id) return [review];
        const next = change(review);
        return next ? [next] : [];
      }),
    })),
  };
}

/**
 * Applies a change to every cached copy of a review: both home feeds, its race's list, popular
 * reviews, the detail dialog and the shared page. `change` returning null removes the review.
 */
export function changeCachedReview(queryClient: QueryClient, review: ReviewRef, change: Change): void {
  for (const feed of ['following', 'forYou'] as const) {
    queryClient.setQueryData(getFeedQueryOptions(feed).queryKey, (data) =>
      inPages<CachedFeedPage>(data, review.id, change),
    );
  }
  queryClient.setQueryData(getRaceReviewsQueryOptions(review.race.id).queryKey, (data) =>
    inPages<ReviewPage>(data, review.id, change),
  );
  queryClient.setQueryData(getPopularReviewsQueryOptions().queryKey, (data) =>
    data?.flatMap((item) => (item.id === review.id ? (change(item) ?? []) : [item])),
  );
  for (const key of [
    getReviewQueryOptions(review.id).queryKey,
    getSharedReviewQueryOptions(String(review.id)).queryKey,
  ]) {
    queryClient.setQueryData<Review>(key, (data) => (data ? (change(data) ?? undefined) : data));
  }
}
