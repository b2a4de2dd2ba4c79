import type { SeasonSummary } from '@paddock/contract/f1';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export async function getSeasons({ signal }: { signal?: AbortSignal } = {}): Promise<SeasonSummary[]> {
  return api.call('listSeasons', { signal });
}

/** Every season, newest first. */
export function getSeasonsQueryOptions() {
  return queryOptions({
    queryKey: ['seasons', 'list'],
    queryFn: ({ signal }) => getSeasons({ signal }),
  });
}

export function useSeasons() {
  return useQuery(getSeasonsQueryOptions());
}
