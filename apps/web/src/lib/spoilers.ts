import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, isApiError } from './api-client.ts';
import { toast } from './toast.ts';
import { revealRace } from './spoiler-session.ts';

/*
 * The spoiler shield in the browser (decision 033). The server decides what it withholds from the signed-in
 * reader; the browser keeps the races revealed for this session and a hint cookie (spoiler-session.ts, small
 * enough for every page). Here: lifting the shield from a race, and what is on screen refreshed after.
 */

/**
 * What the shield withholds can be on any answer showing a race (lists, feeds, search, a season): after a
 * reveal, a watched mark or a new setting every query is marked stale, and those on screen are fetched again.
 */
export function refreshShielded(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}

/** The server's reason for refusing a watched mark (`{"race_id": ["…"]}`), if it gave one. */
function refusal(error: unknown): string | undefined {
  const data = isApiError(error) ? error.response?.data : undefined;
  const reasons = data && typeof data === 'object' && 'race_id' in data ? data.race_id : undefined;
  return Array.isArray(reasons) && typeof reasons[0] === 'string' ? reasons[0] : undefined;
}

/**
 * The two ways to lift the shield from one race: mark it watched (for good; a refusal, such as a race still
 * being run, is said in a toast), or reveal it for this browser session.
 */
export function useLiftSpoilers(raceId: number) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => api.call('markWatched', { body: { race_id: raceId } }),
    onError: (error) => toast.error(refusal(error) ?? 'The race could not be marked watched. Please try again.'),
    onSettled: () => refreshShielded(queryClient),
  });
  return {
    markWatched: () => mutation.mutate(),
    marking: mutation.isPending,
    reveal: () => {
      revealRace(raceId);
      void refreshShielded(queryClient);
    },
  };
}
