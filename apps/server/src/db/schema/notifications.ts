import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

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
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Owned by modules/notifications. A pending notification; reading, clearing or dismissing removes it.
 * `target_id` is the object it is about (a review, a comment, the followed account): with recipient,
 * type and sender it is unique, so nobody is told twice of the same thing.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    targetId: integer('target_id').notNull(),
    reviewId: integer('review_id'),
    commentId: integer('comment_id'),
    raceId: integer('race_id'),
    thoughtId: integer('thought_id'),
    thoughtCommentId: integer('thought_comment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_once_key').on(t.recipientId, t.type, t.senderId, t.targetId),
    index('notifications_recipient_idx').on(t.recipientId, t.id),
  ],
);
