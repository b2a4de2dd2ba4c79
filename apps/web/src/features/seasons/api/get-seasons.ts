import type { SeasonSummary } from '@paddock/contract/f1';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export async function getSeasons({ signal }: { signal?: AbortSignal } = {}): Promise<SeasonSummary[]> {
  const { data } = await api.get<SeasonSummary[]>('/api/f1/seasons/', { signal });
  return data;
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
