import type { RaceResults } from '@paddock/contract/f1';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export async function getRaceResults(raceId: string, { signal }: { signal?: AbortSignal } = {}): Promise<RaceResults> {
  return api.call('getRaceResults', { params: { id: raceId }, signal });
}

export function getRaceResultsQueryOptions(raceId: string) {
  return queryOptions({
    queryKey: ['races', 'results', raceId],
    queryFn: ({ signal }) => getRaceResults(raceId, { signal }),
  });
}

export function useRaceResults(raceId: string) {
  return useQuery(getRaceResultsQueryOptions(raceId));
}
