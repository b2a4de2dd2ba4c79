import type { Review } from '@paddock/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { refreshAfter } from '@/lib/query-events.ts';
import { changeCachedReview } from '../utils/review-cache.ts';
import { getReviewQueryOptions } from './get-review.ts';

export async function deleteReview(id: number): Promise<void> {
  await api.call('deleteReview', { params: { id } });
}

/**
 * The review leaves every cached list at once; then feeds, popular reviews and the race refresh
 * (spec §4). A failure says nothing (spec §8).
 */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: Pick<Review, 'id' | 'race'>) => deleteReview(review.id),
    onSuccess: (_, review) => {
      changeCachedReview(queryClient, review, () => null);
      queryClient.removeQueries({ queryKey: getReviewQueryOptions(review.id).queryKey });
      return refreshAfter(queryClient, 'reviews');
    },
  });
}
