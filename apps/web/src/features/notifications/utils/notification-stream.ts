import { notificationStreamEventSchema, type NotificationStreamEvent } from '@paddock/contract/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { apiUrl, renewSession } from '@/lib/api-client.ts';
import { connectEventStream, parsedEvents } from '@/lib/event-stream.ts';
import { getAccessToken } from '@/lib/session.ts';
import { notificationKeys, type NotificationCounts } from '../api/get-counts.ts';

/*
 * The bell's stream (GET /api/social/notifications/stream/), fetched after the first render by
 * useNotificationStream so that the header every page carries stays light.
 */

/** What a message of the bell's stream changes in the cache. */
export function applyNotificationEvent(queryClient: QueryClient, event: NotificationStreamEvent): void {
  if (event.type === 'notification') {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    return;
  }
  const counts: NotificationCounts = {
    notifications: event.notifications,
    followRequests: event.follow_requests,
    total: event.notifications + event.follow_requests,
  };
  const before = queryClient.getQueryData<NotificationCounts>(notificationKeys.counts);
  queryClient.setQueryData(notificationKeys.counts, counts);
  // An open dropdown shows the lists: each is read again when what it counts changed.
  if (before?.notifications !== counts.notifications) {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  }
  if (before?.followRequests !== counts.followRequests) {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.requests });
  }
}

/** Connects the signed-in member's bell; `onOpenChange` says whether it is live. Returns the closer. */
export function connectNotificationStream(queryClient: QueryClient, onOpenChange: (open: boolean) => void): () => void {
  return connectEventStream({
    url: apiUrl('notificationStream', { query: {} }),
    headers: (): Record<string, string> => {
      const access = getAccessToken();
      return access ? { Authorization: `Bearer ${access}` } : {};
    },
    onUnauthorized: renewSession,
    onStateChange: (state) => onOpenChange(state === 'open'),
    onEvent: parsedEvents(notificationStreamEventSchema, (event) => applyNotificationEvent(queryClient, event)),
  });
}
