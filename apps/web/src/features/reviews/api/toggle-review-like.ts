import type { LikeToggleResult, Review } from '@paddock/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { changeCachedReview } from '../utils/review-cache.ts';

export async function toggleReviewLike(reviewId: number): Promise<LikeToggleResult> {
  return api.call('toggleReviewLike', { body: { review_id: reviewId } });
}

/** Spec §4: the answer's `liked` is kept and the count moves by one (never below 0) wherever the review is cached. */
export function applyLike(review: Review, liked: boolean): Review {
  if (review.is_liked_by_user === liked) return review;
  return { ...review, is_liked_by_user: liked, like_count: Math.max(0, review.like_count + (liked ? 1 : -1)) };
}

/** A failure says nothing (spec §8): the heart simply stays as it was. */
export function useToggleReviewLike(review: Pick<Review, 'id' | 'race'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleReviewLike(review.id),
    onSuccess: ({ liked }) => changeCachedReview(queryClient, review, (cached) => applyLike(cached, liked)),
  });
}
