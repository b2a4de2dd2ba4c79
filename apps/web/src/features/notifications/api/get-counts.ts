import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useIsSignedIn } from '@/lib/session.ts';

/** Spec §7: the follow-request and notification counts are polled every 30 s. */
export const COUNT_POLL_MS = 30_000;

/**
 * The count endpoints are not served yet; polling them would only collect 404s. Turn this on when
 * GET /api/social/follows/requests/count/ and /api/social/notifications/count/ exist.
 */
export const COUNT_ENDPOINTS_AVAILABLE = false;

export interface NotificationCounts {
  followRequests: number;
  notifications: number;
  total: number;
}

async function getCount(url: string, signal: AbortSignal): Promise<number> {
  const { data } = await api.get<{ count: number }>(url, { signal });
  return data.count;
}

export async function getNotificationCounts({ signal }: { signal: AbortSignal }): Promise<NotificationCounts> {
  const [followRequests, notifications] = await Promise.all([
    getCount('/api/social/follows/requests/count/', signal),
    getCount('/api/social/notifications/count/', signal),
  ]);
  return { followRequests, notifications, total: followRequests + notifications };
}

export function getNotificationCountsQueryOptions() {
  return queryOptions({
    queryKey: ['notifications', 'counts'],
    queryFn: getNotificationCounts,
    staleTime: COUNT_POLL_MS,
    // A failing endpoint is not hammered: polling stops until the next successful fetch.
    refetchInterval: (query) => (query.state.status === 'error' ? false : COUNT_POLL_MS),
  });
}

export function useNotificationCounts() {
  const signedIn = useIsSignedIn();
  return useQuery({ ...getNotificationCountsQueryOptions(), enabled: signedIn && COUNT_ENDPOINTS_AVAILABLE });
}
