import type { ActiveThoughts } from '@paddock/contract/f1';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { sameForEveryReader } from '@/lib/query-events.ts';

/** Spec §9: active race thoughts are refetched every 5 minutes and stay fresh 2 minutes. */
export const ACTIVE_THOUGHTS_STALE_MS = 2 * 60_000;
export const ACTIVE_THOUGHTS_REFETCH_MS = 5 * 60_000;

export async function getActiveThoughts({ signal }: { signal?: AbortSignal } = {}): Promise<ActiveThoughts> {
  return api.call('activeThoughts', { signal });
}

export function getActiveThoughtsQueryOptions() {
  return queryOptions({
    queryKey: ['races', 'active-thoughts'],
    queryFn: ({ signal }) => getActiveThoughts({ signal }),
    staleTime: ACTIVE_THOUGHTS_STALE_MS,
    refetchInterval: ACTIVE_THOUGHTS_REFETCH_MS,
    meta: sameForEveryReader,
  });
}

export function useActiveThoughts() {
  return useQuery(getActiveThoughtsQueryOptions());
}
