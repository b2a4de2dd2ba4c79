import { and, eq, inArray, max, or, sql } from 'drizzle-orm';
import { nowDate } from '../../lib/clock.ts';
import type { UserRef } from '@paddock/contract';
import type { Db } from '../../db/client.ts';
import { notifications, type NotificationType } from '../../db/schema/notifications.ts';
import { countUpTo, rowLimit, selectRows, violatesForeignKey } from '../../lib/sql.ts';
import { shownInListsOf } from '../follows/visibility.ts';
import { raceTitleOf } from '../f1/sql.ts';
import { joinUser, userRefJson } from '../users/sql.ts';
import { raceShieldedFor } from '../spoilers/sql.ts';

export interface NewNotification {
  recipientId: number;
  senderId: number;
  type: NotificationType;
  targetId: number;
  reviewId?: number;
  commentId?: number;
  raceId?: number;
  thoughtId?: number;
  thoughtCommentId?: number;
}

/**
 * Stores a notification unless the same one (recipient, type, sender, object) is still pending, or a block
 * stands between the two, or the recipient muted the sender (decision 028): one statement. Nothing is stored
 * when the recipient, the sender or the object went as the action happened (an account deleted meanwhile:
 * a foreign key refuses the row).
 */
export async function insertNotification(db: Db, n: NewNotification): Promise<boolean> {
  const v = (x: number | undefined) => x ?? null;
  try {
    const rows = await selectRows<{ id: number }>(
      db,
      sql`insert into notifications (recipient_id, sender_id, type, target_id, review_id, comment_id, race_id,
            thought_id, thought_comment_id, created_at)
          select ${n.recipientId}, ${n.senderId}, ${n.type}, ${n.targetId}, ${v(n.reviewId)}::int, ${v(n.commentId)}::int,
            ${v(n.raceId)}::int, ${v(n.thoughtId)}::int, ${v(n.thoughtCommentId)}::int, ${nowDate().toISOString()}::timestamptz
          where ${shownInListsOf(n.recipientId, sql`${n.senderId}::int`)}
          on conflict do nothing
          returning id`,
    );
    return rows.length > 0;
  } catch (err) {
    if (violatesForeignKey(err)) return false;
    throw err;
  }
}

/**
 * Pending notifications about a review, a comment, a race thought or thought comments that no longer
 * exist; the recipients whose notifications went.
 */
export async function deleteNotificationsAbout(
  db: Db,
  about: { reviewId?: number; commentId?: number; thoughtId?: number; thoughtCommentIds?: number[] },
): Promise<number[]> {
  const conditions = [
    about.reviewId === undefined ? undefined : eq(notifications.reviewId, about.reviewId),
    about.commentId === undefined ? undefined : eq(notifications.commentId, about.commentId),
    about.thoughtId === undefined ? undefined : eq(notifications.thoughtId, about.thoughtId),
    about.thoughtCommentIds?.length ? inArray(notifications.thoughtCommentId, about.thoughtCommentIds) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return [];
  return recipientsOf(
    await db
      .delete(notifications)
      .where(or(...conditions))
      .returning(recipient),
  );
}

/** Every notification one of two accounts sent the other (a block between them); whose went. */
export async function deleteNotificationsBetween(db: Db, a: number, b: number): Promise<number[]> {
  const rows = await db
    .delete(notifications)
    .where(
      or(
        and(eq(notifications.recipientId, a), eq(notifications.senderId, b)),
        and(eq(notifications.recipientId, b), eq(notifications.senderId, a)),
      ),
    )
    .returning(recipient);
  return recipientsOf(rows);
}

const recipient = { recipientId: notifications.recipientId };
const recipientsOf = (rows: { recipientId: number }[]) => [...new Set(rows.map((r) => r.recipientId))];

export interface NotificationRow {
  id: number;
  type: NotificationType;
  sender: UserRef;
  created_ms: number;
  review_id: number | null;
  comment_id: number | null;
  race_id: number | null;
  thought_id: number | null;
  thought_comment_id: number | null;
  race_title: string | null;
  /** The recipient's spoiler shield hides the related race (decision 033). */
  spoilers_hidden: boolean;
}

/**
 * A recipient's pending notifications, keyset on the id (notifications_recipient_idx): newest first before
 * `beforeId` (the list), or oldest first after `afterId` (a live stream catching up).
 */
export function selectNotificationPage(
  db: Db,
  q: { recipientId: number; beforeId?: number; afterId?: number; limit: number; revealed?: readonly number[] },
): Promise<NotificationRow[]> {
  return selectRows<NotificationRow>(
    db,
    sql`select n.id, n.type, ${userRefJson('s')} as sender,
          (extract(epoch from n.created_at) * 1000)::float8 as created_ms,
          n.review_id, n.comment_id, n.race_id, n.thought_id, n.thought_comment_id,
          ${raceTitleOf(sql`n.race_id`)} as race_title,
          coalesce(${raceShieldedFor({ id: q.recipientId, revealed: q.revealed ?? [] }, sql`n.race_id`)}, false)
            as spoilers_hidden
        from notifications n ${joinUser('s', sql`n.sender_id`)}
        where n.recipient_id = ${q.recipientId}
          ${q.beforeId === undefined ? sql`` : sql`and n.id < ${q.beforeId}`}
          ${q.afterId === undefined ? sql`` : sql`and n.id > ${q.afterId}`}
        order by n.id ${q.afterId === undefined ? sql`desc` : sql`asc`}
        ${rowLimit(q.limit)}`,
  );
}

/** The newest of a recipient's pending notifications' ids, 0 when none is pending. */
export async function selectLatestNotificationId(db: Db, recipientId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(notifications.id) })
    .from(notifications)
    .where(eq(notifications.recipientId, recipientId));
  return row?.id ?? 0;
}

/** How many notifications a recipient has pending, counting no further than `max` (an index-only scan). */
export async function countNotifications(db: Db, recipientId: number, max: number): Promise<number> {
  return countUpTo(db, sql`notifications where recipient_id = ${recipientId}`, max);
}

/** Removes one of the recipient's notifications; whether there was one. */
export async function deleteNotification(db: Db, recipientId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

/** Removes every notification of the recipient; how many there were. */
export async function deleteAllNotifications(db: Db, recipientId: number): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(eq(notifications.recipientId, recipientId))
    .returning({ id: notifications.id });
  return rows.length;
}
