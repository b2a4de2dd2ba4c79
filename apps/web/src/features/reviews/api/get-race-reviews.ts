import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type ApiOutput } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

/** A race's reviews, newest first, with the server's opaque cursor. */
export async function getRaceReviews(
  raceId: number,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiOutput<'listReviews'>> {
  return api.call('listReviews', { query: { race_id: raceId, cursor: cursor ?? undefined }, signal });
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
