import type { Review } from '@paddock/contract/reviews';
import type { QueryClient } from '@tanstack/react-query';
import { changeItemInPages } from '@/lib/infinite-pages.ts';
import { getFeedQueryOptions, type CachedFeedPage } from '../api/get-feed.ts';
import { getPopularReviewsQueryOptions } from '../api/get-popular-reviews.ts';
import { getRaceReviewsQueryOptions } from '../api/get-race-reviews.ts';
import { getReviewQueryOptions } from '../api/get-review.ts';
import { getSharedReviewQueryOptions } from '../api/get-shared-review.ts';

type ReviewRef = Pick<Review, 'id' | 'race'>;
type Change = (review: Review) => Review | null;

/**
 * Applies a change to every cached copy of a review: both home feeds, its race's list, popular
 * reviews, the detail dialog and the shared page. `change` returning null removes the review.
 */
export function changeCachedReview(queryClient: QueryClient, review: ReviewRef, change: Change): void {
  for (const feed of ['following', 'forYou'] as const) {
    queryClient.setQueryData(getFeedQueryOptions(feed).queryKey, (data) =>
      changeItemInPages<CachedFeedPage>(data, review.id, change),
    );
  }
  queryClient.setQueryData(getRaceReviewsQueryOptions(review.race.id).queryKey, (data) =>
    changeItemInPages(data, review.id, change),
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
