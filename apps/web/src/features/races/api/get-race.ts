import type { RaceDetail } from '@paddock/contract/f1';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

export async function getRace(raceId: string, { signal }: { signal?: AbortSignal } = {}): Promise<RaceDetail> {
  return api.call('getRace', { params: { id: raceId }, signal });
}

export function getRaceQueryOptions(raceId: string) {
  return queryOptions({
    queryKey: ['races', 'detail', raceId],
    queryFn: ({ signal }) => getRace(raceId, { signal }),
    // The community figures (average, distribution, the viewer's review) change with reviews, and the
    // viewer's `is_watched` with their watched races.
    meta: dependsOn('reviews', 'watched'),
  });
}

export function useRace(raceId: string) {
  return useQuery(getRaceQueryOptions(raceId));
}
