import type { CreateReviewBody, Review } from '@paddock/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client.ts';
import { refreshAfter } from '@/lib/query-events.ts';
import { markWatched } from './mark-watched.ts';

export async function createReview(body: CreateReviewBody): Promise<Review> {
  return api.call('createReview', { body });
}

/** Spec §8: a watched-race error that mentions the race is not the review's problem. */
function mentionsRace(error: unknown): boolean {
  if (!isApiError(error) || !error.response) return false;
  return JSON.stringify(error.response.data ?? '')
    .toLowerCase()
    .includes('race');
}

/** Marks the race watched, then creates the review; feeds, popular reviews and the race refresh after. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateReviewBody) => {
      try {
        await markWatched(body.race_id);
      } catch (error) {
        if (!mentionsRace(error)) throw error;
      }
      return createReview(body);
    },
    onSuccess: () => refreshAfter(queryClient, 'reviews'),
  });
}
