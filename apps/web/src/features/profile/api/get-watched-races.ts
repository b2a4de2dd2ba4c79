import type { WatchedRace } from '@paddock/contract/reviews';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';

export interface WatchedRacePage {
  results: WatchedRace[];
  next_cursor: string | null;
}

/** A user's watched races, most recently watched first. */
export async function getWatchedRaces(
  userId: number,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<WatchedRacePage> {
  const params: Record<string, string | number> = { user_id: userId };
  if (cursor !== null) params.cursor = cursor;
  const { data } = await api.get<WatchedRacePage>('/api/core/watched-races/', { params, signal });
  return data;
}

export function getWatchedRacesQueryOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: ['profile', 'watched', userId],
    queryFn: ({ pageParam, signal }) => getWatchedRaces(userId, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // Reviewing a race marks it watched.
    meta: dependsOn('reviews'),
  });
}

export function useWatchedRaces(userId: number) {
  return useInfiniteQuery(getWatchedRacesQueryOptions(userId));
}
