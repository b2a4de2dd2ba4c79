import type { RaceResults } from '@paddock/contract/f1';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export async function getRaceResults(raceId: string, { signal }: { signal?: AbortSignal } = {}): Promise<RaceResults> {
  const { data } = await api.get<RaceResults>(`/api/f1/races/${encodeURIComponent(raceId)}/results/`, { signal });
  return data;
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
