import type { Review } from '@paddock/contract/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

export async function getReview(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<Review> {
  return api.call('getReview', { params: { id }, signal });
}

export function getReviewQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['reviews', 'detail', id],
    queryFn: ({ signal }) => getReview(id, { signal }),
    staleTime: 2 * 60_000,
    meta: dependsOn('reviews'),
  });
}

/** The detail dialog: shows the card's copy at once and fetches the latest counts behind it. */
export function useReview(id: number, { placeholder }: { placeholder?: Review } = {}) {
  return useQuery({ ...getReviewQueryOptions(id), placeholderData: placeholder });
}
