import type { Review } from '@paddock/contract/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

/** A shared link's review; 404 for a missing review or a private account's the viewer may not see. */
export async function getSharedReview(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Review> {
  return api.call('getSharedReview', { params: { token: id }, signal });
}

export function getSharedReviewQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['reviews', 'shared', id],
    queryFn: ({ signal }) => getSharedReview(id, { signal }),
    staleTime: 2 * 60_000,
    meta: dependsOn('reviews'),
  });
}

export function useSharedReview(id: string) {
  return useQuery(getSharedReviewQueryOptions(id));
}
