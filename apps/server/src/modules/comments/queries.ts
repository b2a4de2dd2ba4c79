import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviewComments } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/context.ts';
import { rowLimit, selectRows } from '../../lib/sql.ts';
import { followStatusOf } from '../follows/visibility.ts';
import { likedByViewer } from '../likes/sql.ts';
import { joinUser, userRefJson } from '../users/sql.ts';
import type { FollowStatus, UserRef } from '@paddock/contract';

/* Comments on reviews: top-level comments and one level of replies. */

export interface CommentRow {
  id: number;
  review_id: number;
  comment: string;
  parent_id: number | null;
  like_count: number;
  reply_count: number;
  created_ms: number;
  updated_ms: number;
  user: UserRef;
  follow_status: FollowStatus;
  liked: boolean;
}

const columns = (viewer: Viewer) => sql`
  c.id, c.review_id, c.body as comment, c.parent_id, c.like_count, c.reply_count,
  (extract(epoch from c.created_at) * 1000)::float8 as created_ms,
  (extract(epoch from c.updated_at) * 1000)::float8 as updated_ms,
  ${userRefJson('u')} as user, ${followStatusOf(viewer, sql`u.id`)} as follow_status,
  ${likedByViewer('comment', viewer, sql`c.id`)} as liked`;

const from = sql`review_comments c ${joinUser('u', sql`c.user_id`)}`;

/** A review's top-level comments, oldest first, after `afterId`. */
export function selectTopLevel(
  db: Db,
  viewer: Viewer,
  q: { reviewId: number; afterId?: number; limit: number },
): Promise<CommentRow[]> {
  return selectRows<CommentRow>(
    db,
    sql`select ${columns(viewer)} from ${from}
        where c.review_id = ${q.reviewId} and c.parent_id is null
          ${q.afterId === undefined ? sql`` : sql`and c.id > ${q.afterId}`}
        order by c.id ${rowLimit(q.limit)}`,
  );
}

/** The replies to one comment, oldest first, after `afterId`. */
export function selectReplies(
  db: Db,
  viewer: Viewer,
  q: { parentId: number; afterId?: number; limit: number },
): Promise<CommentRow[]> {
  return selectRows<CommentRow>(
    db,
    sql`select ${columns(viewer)} from ${from}
        where c.parent_id = ${q.parentId} ${q.afterId === undefined ? sql`` : sql`and c.id > ${q.afterId}`}
        order by c.id ${rowLimit(q.limit)}`,
  );
}

/** The first `perParent` replies of each of these comments, in one statement. */
export function selectFirstReplies(
  db: Db,
  viewer: Viewer,
  parentIds: readonly number[],
  perParent: number,
): Promise<CommentRow[]> {
  if (parentIds.length === 0) return Promise.resolve([]);
  return selectRows<CommentRow>(
    db,
    sql`select x.* from unnest(${sql.param([...parentIds])}::int[]) p(id)
        cross join lateral (
          select ${columns(viewer)} from ${from} where c.parent_id = p.id order by c.id ${rowLimit(perParent)}) x
        order by x.parent_id, x.id`,
  );
}

export async function selectComment(db: Db, viewer: Viewer, commentId: number): Promise<CommentRow | null> {
  const [row] = await selectRows<CommentRow>(db, sql`select ${columns(viewer)} from ${from} where c.id = ${commentId}`);
  return row ?? null;
}

export interface CommentRef {
  id: number;
  reviewId: number;
  userId: number;
  parentId: number | null;
  replyCount: number;
}

const refColumns = {
  id: reviewComments.id,
  reviewId: reviewComments.reviewId,
  userId: reviewComments.userId,
  parentId: reviewComments.parentId,
  replyCount: reviewComments.replyCount,
};

export async function selectCommentRef(db: Db, commentId: number, lock = false): Promise<CommentRef | null> {
  const query = db.select(refColumns).from(reviewComments).where(eq(reviewComments.id, commentId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertComment(
  tx: Db,
  v: { reviewId: number; userId: number; parentId: number | null; body: string; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(reviewComments)
    .values({
      reviewId: v.reviewId,
      userId: v.userId,
      parentId: v.parentId,
      body: v.body,
      createdAt: v.at,
      updatedAt: v.at,
    })
    .returning({ id: reviewComments.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateCommentBody(tx: Db, commentId: number, body: string, at: Date): Promise<void> {
  await tx.update(reviewComments).set({ body, updatedAt: at }).where(eq(reviewComments.id, commentId));
}

export async function deleteCommentRow(tx: Db, commentId: number): Promise<void> {
  await tx.delete(reviewComments).where(eq(reviewComments.id, commentId));
}

export async function addToReplyCount(tx: Db, commentId: number, by: number): Promise<void> {
  await tx
    .update(reviewComments)
    .set({ replyCount: sql`greatest(0, ${reviewComments.replyCount} + ${by})` })
    .where(eq(reviewComments.id, commentId));
}

export async function addToCommentLikes(tx: Db, commentId: number, by: number): Promise<number> {
  const [row] = await tx
    .update(reviewComments)
    .set({ likeCount: sql`greatest(0, ${reviewComments.likeCount} + ${by})` })
    .where(eq(reviewComments.id, commentId))
    .returning({ likeCount: reviewComments.likeCount });
  return row?.likeCount ?? 0;
}
