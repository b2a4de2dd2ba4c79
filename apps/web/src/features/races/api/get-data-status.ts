import type { F1DataStatus } from '@paddock/contract/f1';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** Where the site's results come from: the latest Jolpica sync, else the bundled F1DB data. */
export async function getDataStatus({ signal }: { signal?: AbortSignal } = {}): Promise<F1DataStatus> {
  return api.call('dataStatus', { signal });
}

export function getDataStatusQueryOptions() {
  return queryOptions({
    queryKey: ['f1', 'data-status'],
    queryFn: ({ signal }) => getDataStatus({ signal }),
  });
}

export function useDataStatus() {
  return useQuery(getDataStatusQueryOptions());
}
