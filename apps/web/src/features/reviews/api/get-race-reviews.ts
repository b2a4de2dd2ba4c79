import type { Review } from '@paddock/contract/reviews';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

export interface ReviewPage {
  results: Review[];
  next_cursor: string | null;
}

/** A race's reviews, newest first, with the server's opaque cursor. */
export async function getRaceReviews(
  raceId: number,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReviewPage> {
  const params: Record<string, string | number> = { race_id: raceId };
  if (cursor !== null) params.cursor = cursor;
  const { data } = await api.get<ReviewPage>('/api/core/reviews/', { params, signal });
  return data;
}

export function getRaceReviewsQueryOptions(raceId: number) {
  return infiniteQueryOptions({
    queryKey: ['reviews', 'race', raceId],
    queryFn: ({ pageParam, signal }) => getRaceReviews(raceId, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // Spec §9 "Other cache times": review lists stay fresh 2 min.
    staleTime: 2 * 60_000,
    meta: dependsOn('reviews'),
  });
}

export function useRaceReviews(raceId: number) {
  return useInfiniteQuery(getRaceReviewsQueryOptions(raceId));
}
