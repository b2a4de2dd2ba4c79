import type { RaceWeekend } from '@paddock/contract/race-weekend';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export async function getRaceWeekend(raceId: string, { signal }: { signal?: AbortSignal } = {}): Promise<RaceWeekend> {
  return api.call('getRaceWeekend', { params: { id: raceId }, signal });
}

export function getRaceWeekendQueryOptions(raceId: string) {
  return queryOptions({
    queryKey: ['races', 'weekend', raceId],
    queryFn: ({ signal }) => getRaceWeekend(raceId, { signal }),
  });
}

/**
 * The race's grids, sessions, pit stops and driver of the day vote. `enabled` false until the page is hydrated:
 * the server renders the page without them (the tabs they fill appear after), so hydration sees its HTML.
 */
export function useRaceWeekend(raceId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getRaceWeekendQueryOptions(raceId), enabled });
}
