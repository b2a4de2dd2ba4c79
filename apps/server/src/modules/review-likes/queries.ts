import { and, eq, sql } from 'drizzle-orm';
import { nowDate } from '../../lib/clock.ts';
import type { Db } from '../../db/client.ts';
import { commentLikes, reviewLikes } from '../../db/schema/review-likes.ts';
import { isoTime, rowLimit, selectRows } from '../../lib/sql.ts';
import { joinUser, userRefJson } from '../users/sql.ts';
import type { UserRef } from '@paddock/contract';

export type LikeTarget = 'review' | 'comment';

const tables = {
  review: { table: reviewLikes, target: reviewLikes.reviewId, user: reviewLikes.userId },
  comment: { table: commentLikes, target: commentLikes.commentId, user: commentLikes.userId },
} as const;

/** Adds the like unless it exists; returns whether this call added it. */
export async function insertLike(tx: Db, target: LikeTarget, targetId: number, userId: number): Promise<boolean> {
  const t = tables[target];
  const createdAt = nowDate();
  const values =
    target === 'review' ? { reviewId: targetId, userId, createdAt } : { commentId: targetId, userId, createdAt };
  const rows = await tx
    .insert(t.table)
    .values(values as never)
    .onConflictDoNothing()
    .returning({ userId: t.user });
  return rows.length === 1;
}

/** Removes the like; returns whether there was one. */
export async function deleteLike(tx: Db, target: LikeTarget, targetId: number, userId: number): Promise<boolean> {
  const t = tables[target];
  const rows = await tx
    .delete(t.table)
    .where(and(eq(t.target, targetId), eq(t.user, userId)))
    .returning({ userId: t.user });
  return rows.length === 1;
}

/** Removes every like of an account on one kind of target; the ids of what it had liked. */
export async function deleteLikesBy(tx: Db, target: LikeTarget, userId: number): Promise<number[]> {
  const t = tables[target];
  const rows = await tx.delete(t.table).where(eq(t.user, userId)).returning({ id: t.target });
  return rows.map((r) => r.id);
}

export interface LikerRow {
  user: UserRef;
  liked_at_ms: number;
  user_id: number;
}

/** Who liked a comment, newest like first, keyset on the liker's id within equal times. */
export function selectCommentLikers(
  db: Db,
  q: { commentId: number; before?: { ms: number; userId: number }; limit: number },
): Promise<LikerRow[]> {
  return selectRows<LikerRow>(
    db,
    sql`select ${userRefJson('u')} as user, u.id as user_id,
          (extract(epoch from l.created_at) * 1000)::float8 as liked_at_ms
        from comment_likes l ${joinUser('u', sql`l.user_id`)}
        where l.comment_id = ${q.commentId}
          ${
            q.before
              ? sql`and (l.created_at, l.user_id) < (to_timestamp(${q.before.ms / 1000}), ${q.before.userId})`
              : sql``
          }
        order by l.created_at desc, l.user_id desc
        ${rowLimit(q.limit)}`,
  );
}

/* The account's own rows for its data export (decision 029), a page at a time: key above `after`, in key order. */

/** A page of the reviews the account liked. */
export const reviewLikesExportPage = (userId: number) => (after: number, limit: number) =>
  sql`select review_id, ${isoTime(sql`created_at`)} as liked_at from review_likes
        where user_id = ${userId} and review_id > ${after} order by review_id ${rowLimit(limit)}`;

/** A page of the comments on reviews the account liked. */
export const commentLikesExportPage = (userId: number) => (after: number, limit: number) =>
  sql`select comment_id, ${isoTime(sql`created_at`)} as liked_at from comment_likes
        where user_id = ${userId} and comment_id > ${after} order by comment_id ${rowLimit(limit)}`;
