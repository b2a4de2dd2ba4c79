import type { SeasonRaceResult } from '@paddock/contract/f1';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export async function getSeasonResults(
  season: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SeasonRaceResult[]> {
  return api.call('seasonRaceResults', { query: { season }, signal });
}

/** The season's calendar, each race with its podium. */
export function getSeasonResultsQueryOptions(season: number) {
  return queryOptions({
    queryKey: ['seasons', 'results', season],
    queryFn: ({ signal }) => getSeasonResults(season, { signal }),
  });
}

export function useSeasonResults(season: number | null) {
  return useQuery({ ...getSeasonResultsQueryOptions(season ?? 0), enabled: season !== null });
}
