import type { Race } from '@paddock/contract/f1';
import { SEARCH_MIN_LENGTH } from '@paddock/contract/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

/** Completed races the viewer has not reviewed yet whose name, circuit or place match `search`. */
export async function getReviewableRaces(search: string, { signal }: { signal?: AbortSignal } = {}): Promise<Race[]> {
  const page = await api.call('listRaces', {
    query: { search, reviewable_only: 'true', exclude_reviewed: 'true', page_size: 20 },
    signal,
  });
  return page.results;
}

export function getReviewableRacesQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['reviews', 'reviewable-races', search],
    queryFn: ({ signal }) => getReviewableRaces(search, { signal }),
    // A new review takes its race out of the results.
    meta: dependsOn('reviews'),
  });
}

/** Spec §5: the race search starts at 2 characters. */
export function useReviewableRaces(search: string) {
  const term = search.trim();
  return useQuery({ ...getReviewableRacesQueryOptions(term), enabled: term.length >= SEARCH_MIN_LENGTH });
}
