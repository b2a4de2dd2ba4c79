import { z } from 'zod';
import { eventStreamQuerySchema, pageOf, pageQuerySchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { userRefSchema } from './users.ts';
import { spoilerHeadersSchema } from './spoiler-shield.ts';

/** The ten notification types of spec §2, with what a click opens. */
export const NOTIFICATION_TYPES = [
  'FOLLOW_REQUEST_ACCEPTED',
  'FOLLOWED_PUBLIC_ACCOUNT',
  'COMMENT_ON_REVIEW',
  'REPLY_TO_COMMENT',
  'COMMENT_LIKED',
  'REVIEW_LIKED',
  'THOUGHT_LIKED',
  'COMMENT_ON_THOUGHT',
  'REPLY_TO_THOUGHT_COMMENT',
  'THOUGHT_COMMENT_LIKED',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** Spec §3 Notification: a pending one (reading, clearing or dismissing removes it). */
export const notificationSchema = z.object({
  id: z.number().int(),
  notification_type: notificationTypeSchema,
  message: z.string(),
  sender: userRefSchema,
  created_at: z.string(),
  related_review_id: z.number().int().nullable(),
  related_comment_id: z.number().int().nullable(),
  related_race_id: z.number().int().nullable(),
  related_thought_id: z.number().int().nullable(),
  related_thought_comment_id: z.number().int().nullable(),
  /**
   * The reader's spoiler shield hides the related race (decision 033). A message names the sender, what they
   * did and the race, never a result, rating or text, so it stays; the flag lets a client hold back a preview.
   */
  spoilers_hidden: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = pageOf(notificationSchema);
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Spec §3 Follow request: a pending request to the signed-in (private) account. */
export const followRequestSchema = z.object({
  id: z.number().int(),
  requester: userRefSchema,
  created_at: z.string(),
});
export type FollowRequest = z.infer<typeof followRequestSchema>;
export const followRequestListSchema = pageOf(followRequestSchema);
export type FollowRequestList = z.infer<typeof followRequestListSchema>;

/**
 * The badge's counts (polled every 30 s). Counting stops at COUNT_MAX: the badge shows '99+' above 99,
 * so a larger exact figure would cost the database without changing what anyone sees.
 */
export const COUNT_MAX = 1000;
export const countSchema = z.object({ count: z.number().int().min(0).max(COUNT_MAX) });
export type Count = z.infer<typeof countSchema>;

/**
 * The bell's live stream (GET /api/social/notifications/stream/): each new notification, as it is stored
 * (its SSE id is the notification's id, so Last-Event-ID replays the pending ones after it), and the two
 * counts of the badge whenever either changes (and once as the stream opens).
 */
export const notificationStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification'), notification: notificationSchema }),
  z.object({
    type: z.literal('counts'),
    notifications: z.number().int().min(0).max(COUNT_MAX),
    follow_requests: z.number().int().min(0).max(COUNT_MAX),
  }),
]);
export type NotificationStreamEvent = z.infer<typeof notificationStreamEventSchema>;

export const notificationsEndpoints = {
  listNotifications: endpoint(routes.listNotifications, {
    query: pageQuerySchema,
    headers: spoilerHeadersSchema,
    response: notificationListSchema,
  }),
  countNotifications: endpoint(routes.countNotifications, { response: countSchema }),
  /** text/event-stream, not JSON: each `data:` line is a notificationStreamEventSchema. */
  notificationStream: endpoint(routes.notificationStream, {
    query: eventStreamQuerySchema,
    stream: 'text/event-stream',
    response: z
      .string()
      .describe('`id: 42\\nevent: notification\\ndata: {"type":"notification","notification":{...}}`'),
  }),
  markAllNotificationsRead: endpoint(routes.markAllNotificationsRead, {
    /** How many notifications there were. */
    response: z.object({ count: z.number().int().min(0) }),
  }),
  markNotificationRead: endpoint(routes.markNotificationRead, { response: z.null(), statuses: [204] }),
  dismissNotification: endpoint(routes.dismissNotification, { response: z.null(), statuses: [204] }),
};
