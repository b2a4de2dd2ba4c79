import type { DriverDetail } from '@paddock/contract/f1';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export async function getDriver(driverId: string, { signal }: { signal?: AbortSignal } = {}): Promise<DriverDetail> {
  return api.call('getDriver', { params: { id: driverId }, signal });
}

export function getDriverQueryOptions(driverId: string) {
  return queryOptions({
    queryKey: ['drivers', 'detail', driverId],
    queryFn: ({ signal }) => getDriver(driverId, { signal }),
  });
}

export function useDriver(driverId: string) {
  return useQuery(getDriverQueryOptions(driverId));
}
