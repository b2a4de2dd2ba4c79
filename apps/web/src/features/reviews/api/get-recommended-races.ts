import type { Race } from '@paddock/contract/f1';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

/** Recently completed races the viewer has not reviewed, newest first. */
export async function getRecommendedRaces({ signal }: { signal?: AbortSignal } = {}): Promise<Race[]> {
  return api.call('recommendedRaces', { signal });
}

export function getRecommendedRacesQueryOptions() {
  return queryOptions({
    queryKey: ['reviews', 'recommended-races'],
    queryFn: ({ signal }) => getRecommendedRaces({ signal }),
    meta: dependsOn('reviews'),
  });
}

export function useRecommendedRaces() {
  return useQuery(getRecommendedRacesQueryOptions());
}
