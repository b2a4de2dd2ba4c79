import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES, type NotificationType } from '@paddock/contract/notifications';
import { users } from './users.ts';

export { NOTIFICATION_TYPES, type NotificationType };

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
