import type { Liker } from '@paddock/contract';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { decodeCursor, encodeCursor, toPage } from '../../lib/pagination.ts';
import { deleteLike, deleteLikesBy, insertLike, selectCommentLikers, type LikeTarget } from './queries.ts';
import { keysetRows } from '../../lib/json-stream.ts';
import { reviewLikesExportPage, commentLikesExportPage } from './queries.ts';

export type { LikeTarget };

/*
 * The likes tables. The owner of what is liked (reviews, comments) checks that the viewer may see it,
 * calls `toggleLike` in its own transaction and keeps its like count there, so counts equal rows.
 */

/**
 * In the caller's transaction: likes, or takes the like back. Two toggles by one user at once
 * serialize on the primary key: the second waits for the first, then undoes it.
 */
export async function toggleLike(tx: Db, target: LikeTarget, targetId: number, userId: number): Promise<boolean> {
  if (await insertLike(tx, target, targetId, userId)) return true;
  await deleteLike(tx, target, targetId, userId);
  return false;
}

/** Who liked a comment (the caller checked that the viewer may see it), newest first. */
export async function listReviewCommentLikers(
  ctx: ServiceContext,
  q: { commentId: number; page_size: number; cursor?: string },
): Promise<{ results: Liker[]; next_cursor: string | null }> {
  const before = q.cursor === undefined ? undefined : decodeCursor(q.cursor, ['number', 'id'] as const);
  const rows = await selectCommentLikers(ctx.db, {
    commentId: q.commentId,
    before: before && { ms: before[0], userId: before[1] },
    limit: q.page_size + 1,
  });
  return toPage(
    rows,
    q.page_size,
    (row) => ({ user: row.user, liked_at: new Date(row.liked_at_ms).toISOString() }),
    (last) => encodeCursor([last.liked_at_ms, last.user_id]),
  );
}

/**
 * In the caller's transaction, as an account is deleted: removes its likes of one kind of target and
 * returns what it had liked, for their owner to count again.
 */
export function removeLikesBy(tx: Db, target: LikeTarget, userId: number): Promise<number[]> {
  return deleteLikesBy(tx, target, userId);
}

/** For the account's data export: the reviews the account liked, read a page at a time. */
export const reviewLikesForExport = (db: Db, userId: number) =>
  keysetRows<{ review_id: number }>(db, reviewLikesExportPage(userId), (row) => row.review_id);

/** For the account's data export: the comments on reviews the account liked, read a page at a time. */
export const commentLikesForExport = (db: Db, userId: number) =>
  keysetRows<{ comment_id: number }>(db, commentLikesExportPage(userId), (row) => row.comment_id);
