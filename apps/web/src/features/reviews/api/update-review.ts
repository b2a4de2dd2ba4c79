import type { Review, UpdateReviewBody } from '@paddock/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { refreshAfter } from '@/lib/query-events.ts';

export async function updateReview(id: number, body: UpdateReviewBody): Promise<Review> {
  return api.call('updateReview', { params: { id }, body });
}

/** Spec §4: after any review update the feeds, popular reviews and the race refresh. */
export function useUpdateReview(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateReviewBody) => updateReview(id, body),
    onSuccess: () => refreshAfter(queryClient, 'reviews'),
  });
}
