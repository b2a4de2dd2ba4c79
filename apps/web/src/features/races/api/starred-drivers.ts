import type { StarredDriver } from '@paddock/contract/stars';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dependsOn, refreshAfter } from '@/lib/query-events.ts';
import { useIsSignedIn } from '@/lib/session.ts';

/* A race's starred drivers: the community's favourites and the signed-in user's own (up to 3). */

const keys = {
  mostStarred: (raceId: number) => ['races', 'stars', raceId, 'most'] as const,
  mine: (raceId: number) => ['races', 'stars', raceId, 'mine'] as const,
};

export function getMostStarredQueryOptions(raceId: number) {
  return queryOptions({
    queryKey: keys.mostStarred(raceId),
    queryFn: async ({ signal }) =>
      (await api.call('mostStarredDrivers', { query: { race_id: raceId }, signal })).results,
    meta: dependsOn('stars'),
  });
}

export function useMostStarred(raceId: number) {
  return useQuery(getMostStarredQueryOptions(raceId));
}

export function useMyStars(raceId: number) {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: keys.mine(raceId),
    queryFn: async ({ signal }) =>
      (await api.call('listStarredDrivers', { query: { race_id: raceId }, signal })).results,
    enabled: signedIn,
    meta: dependsOn('stars'),
  });
}

/** Starring and unstarring refresh both lists of the race and whatever else shows the user's stars (their profile). */
export function useToggleStar(raceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { star: string } | { unstar: StarredDriver }) =>
      'star' in change
        ? api.call('starDriver', { body: { race_id: raceId, driver_id: change.star } })
        : api.call('unstarDriver', { params: { id: change.unstar.id } }),
    onSettled: () => refreshAfter(queryClient, 'stars'),
  });
}
