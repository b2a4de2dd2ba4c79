import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, type NotificationType } from '../../db/schema/index.ts';

export interface NewNotification {
  recipientId: number;
  senderId: number;
  type: NotificationType;
  targetId: number;
  reviewId?: number;
  commentId?: number;
  raceId?: number;
}

/** Stores a notification unless the same one (recipient, type, sender, object) is still pending. */
export async function insertNotification(db: Db, n: NewNotification): Promise<void> {
  await db.insert(notifications).values(n).onConflictDoNothing();
}

/** Pending notifications about a review, or a comment, that no longer exists. */
export async function deleteNotificationsAbout(db: Db, about: { reviewId?: number; commentId?: number }) {
  const conditions = [
    about.reviewId === undefined ? undefined : eq(notifications.reviewId, about.reviewId),
    about.commentId === undefined ? undefined : eq(notifications.commentId, about.commentId),
  ].filter((c) => c !== undefined);
  if (conditions.length > 0) await db.delete(notifications).where(or(...conditions));
}

export async function selectNotifications(db: Db, recipientId: number) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId)))
    .orderBy(notifications.id);
}
