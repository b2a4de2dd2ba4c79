import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useIsSignedIn } from '@/lib/session.ts';

/**
 * Spec §7: the follow-request and notification counts are polled every 30 s; while the bell's stream is
 * open it pushes them instead (use-notification-stream.ts).
 */
export const COUNT_POLL_MS = 30_000;

export interface NotificationCounts {
  followRequests: number;
  notifications: number;
  total: number;
}

async function getCount(operation: 'countFollowRequests' | 'countNotifications', signal: AbortSignal): Promise<number> {
  return (await api.call(operation, { signal })).count;
}

export async function getNotificationCounts({ signal }: { signal: AbortSignal }): Promise<NotificationCounts> {
  const [followRequests, notifications] = await Promise.all([
    getCount('countFollowRequests', signal),
    getCount('countNotifications', signal),
  ]);
  return { followRequests, notifications, total: followRequests + notifications };
}

export const notificationKeys = {
  all: ['notifications'] as const,
  counts: ['notifications', 'counts'] as const,
  list: ['notifications', 'list'] as const,
  requests: ['notifications', 'follow-requests'] as const,
};

/** `live`: the bell's stream is open and keeps the counts current, so they are not polled. */
export function getNotificationCountsQueryOptions(live = false) {
  return queryOptions({
    queryKey: notificationKeys.counts,
    queryFn: getNotificationCounts,
    staleTime: live ? Infinity : COUNT_POLL_MS,
    // A failing endpoint is not hammered: polling stops until the next successful fetch.
    refetchInterval: (query) => (live || query.state.status === 'error' ? false : COUNT_POLL_MS),
  });
}

export function useNotificationCounts(live = false) {
  const signedIn = useIsSignedIn();
  return useQuery({ ...getNotificationCountsQueryOptions(live), enabled: signedIn });
}
