import type { Review } from '@paddock/contract/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

export async function getPopularReviews({ signal }: { signal?: AbortSignal } = {}): Promise<Review[]> {
  const { data } = await api.get<Review[]>('/api/core/reviews/popular/', { signal });
  return data;
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
