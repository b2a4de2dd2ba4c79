import type { SeasonStandings } from '@paddock/contract/standings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export async function getSeasonStandings(
  season: number,
  round: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SeasonStandings> {
  return api.call('seasonStandings', { query: { season, round }, signal });
}

/** The standings after one round of a season, as F1DB has them. */
export function getSeasonStandingsQueryOptions(season: number, round: number) {
  return queryOptions({
    queryKey: ['seasons', 'standings', season, round],
    queryFn: ({ signal }) => getSeasonStandings(season, round, { signal }),
  });
}

/**
 * Idle until a round is picked (the season's own standings come with its statistics). The previous round's
 * standings stay on screen while the next are loaded, so the tables never collapse.
 */
export function useSeasonStandings(season: number | null, round: number | null) {
  return useQuery({
    ...getSeasonStandingsQueryOptions(season ?? 0, round ?? 0),
    enabled: season !== null && round !== null,
    placeholderData: keepPreviousData,
  });
}
