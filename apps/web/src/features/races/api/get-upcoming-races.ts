import type { Race } from '@paddock/contract/f1';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { sameForEveryReader } from '@/lib/query-events.ts';

/** Spec §9: the next race stays fresh 10 minutes and is refetched every hour. */
export const NEXT_RACE_STALE_MS = 10 * 60_000;
export const NEXT_RACE_REFETCH_MS = 60 * 60_000;

export async function getUpcomingRaces({ signal }: { signal?: AbortSignal } = {}): Promise<Race[]> {
  return api.call('upcomingRaces', { signal });
}

export function getUpcomingRacesQueryOptions() {
  return queryOptions({
    queryKey: ['races', 'upcoming'],
    queryFn: ({ signal }) => getUpcomingRaces({ signal }),
    staleTime: NEXT_RACE_STALE_MS,
    refetchInterval: NEXT_RACE_REFETCH_MS,
    meta: sameForEveryReader,
  });
}

/** The home screen's next race: the first upcoming race (spec §7), null when the calendar is done. */
export function useNextRace() {
  return useQuery({ ...getUpcomingRacesQueryOptions(), select: (races) => races[0] ?? null });
}
