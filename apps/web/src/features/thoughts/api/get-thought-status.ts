import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export async function getThoughtStatus(raceId: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.call('thoughtStatus', { params: { id: raceId }, signal });
}

/** Whether a race's thoughts take writes now, or in how many seconds they open. */
export function getThoughtStatusQueryOptions(raceId: number) {
  return queryOptions({
    queryKey: ['races', 'thought-status', raceId],
    queryFn: ({ signal }) => getThoughtStatus(raceId, { signal }),
    staleTime: 60_000,
  });
}

export function useThoughtStatus(raceId: number) {
  return useQuery(getThoughtStatusQueryOptions(raceId));
}
