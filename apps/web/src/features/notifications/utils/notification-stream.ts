import type { NotificationStreamEvent } from '@paddock/contract/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { apiUrl, renewSession } from '@/lib/api-client.ts';
import { connectEventStream, parsedEvents, type MessageSchema } from '@/lib/event-stream.ts';
import { getAccessToken } from '@/lib/session.ts';
import { notificationKeys, type NotificationCounts } from '../api/get-counts.ts';

/*
 * The bell's stream (GET /api/social/notifications/stream/), fetched after the first render by
 * useNotificationStream so that the header every page carries stays light.
 */

/** What the bell reads of a message of its stream (the contract's `notificationStreamEventSchema`). */
export type BellSignal =
  | Pick<Extract<NotificationStreamEvent, { type: 'notification' }>, 'type'>
  | Extract<NotificationStreamEvent, { type: 'counts' }>;

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/**
 * Reads a message of the stream as far as the bell acts on it: its type, and the counts. Not with the
 * contract's schema: that would bring zod (28 KiB gzip) into every signed-in page, and building its schemas
 * is a long task on a phone, for two numbers. A test holds it to the contract's schema.
 */
export const bellSignal: MessageSchema<BellSignal> = {
  safeParse(value) {
    if (typeof value !== 'object' || value === null) return { success: false };
    const event = value as Record<string, unknown>;
    if (event.type === 'notification' && typeof event.notification === 'object' && event.notification !== null)
      return { success: true, data: { type: 'notification' } };
    if (event.type === 'counts' && isCount(event.notifications) && isCount(event.follow_requests))
      return {
        success: true,
        data: { type: 'counts', notifications: event.notifications, follow_requests: event.follow_requests },
      };
    return { success: false };
  },
};

/** What a message of the bell's stream changes in the cache. */
export function applyNotificationEvent(queryClient: QueryClient, event: BellSignal): void {
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
    onEvent: parsedEvents(bellSignal, (event) => applyNotificationEvent(queryClient, event)),
  });
}
