import type { UserStats } from '@paddock/contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

/** A profile's figures for its Stats tab (403 for a private account the viewer does not follow). */
export async function getUserStats(userId: number, { signal }: { signal?: AbortSignal } = {}): Promise<UserStats> {
  return api.call('getUserStats', { params: { id: userId }, signal });
}

export function getUserStatsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['profile', 'stats', userId],
    queryFn: ({ signal }) => getUserStats(userId, { signal }),
    meta: dependsOn('reviews', 'stars', 'watched'),
  });
}

export function useUserStats(userId: number) {
  return useQuery(getUserStatsQueryOptions(userId));
}
