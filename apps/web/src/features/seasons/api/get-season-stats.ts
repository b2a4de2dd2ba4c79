import type { SeasonStats } from '@paddock/contract/f1';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export async function getSeasonStats(season: number, { signal }: { signal?: AbortSignal } = {}): Promise<SeasonStats> {
  return api.call('seasonStats', { query: { season }, signal });
}

export function getSeasonStatsQueryOptions(season: number) {
  return queryOptions({
    queryKey: ['seasons', 'stats', season],
    queryFn: ({ signal }) => getSeasonStats(season, { signal }),
  });
}

/** Idle until the season is known (the picker's default comes from the seasons list). */
export function useSeasonStats(season: number | null) {
  return useQuery({ ...getSeasonStatsQueryOptions(season ?? 0), enabled: season !== null });
}
