import type { SeasonReview } from '@paddock/contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

/**
 * A member's season in review beside the community's (403 for a private account the viewer does not follow,
 * 404 for a year that is not a season). `year` is the address's, as typed: the API decides what is a season.
 */
export async function getSeasonReview(
  userId: number,
  year: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SeasonReview> {
  return api.call('getSeasonReview', { params: { id: userId, year }, signal });
}

export function getSeasonReviewQueryOptions(userId: number, year: string) {
  return queryOptions({
    queryKey: ['profile', 'season-review', userId, year],
    queryFn: ({ signal }) => getSeasonReview(userId, year, { signal }),
    meta: dependsOn('reviews', 'stars', 'watched', 'follows'),
  });
}

export function useSeasonReview(userId: number | undefined, year: string) {
  return useQuery({ ...getSeasonReviewQueryOptions(userId ?? 0, year), enabled: userId !== undefined });
}
