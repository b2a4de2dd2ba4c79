import type { Review } from '@paddock/contract/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

export async function getPopularReviews({ signal }: { signal?: AbortSignal } = {}): Promise<Review[]> {
  return api.call('popularReviews', { signal });
}

/** Spec §9: popular reviews stay fresh 2 min; every review change refreshes them (spec §4). */
export function getPopularReviewsQueryOptions() {
  return queryOptions({
    queryKey: ['reviews', 'popular'],
    queryFn: ({ signal }) => getPopularReviews({ signal }),
    staleTime: 2 * 60_000,
    meta: dependsOn('reviews'),
  });
}

export function usePopularReviews() {
  return useQuery(getPopularReviewsQueryOptions());
}
