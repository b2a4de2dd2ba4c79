import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviewComments } from '../../db/schema/review-comments.ts';
import { commentThreads } from '../../lib/comment-threads.ts';
import { followStatusOf, shownInListsOf } from '../follows/visibility.ts';
import { likedByViewer } from '../review-likes/sql.ts';
import { joinUser, leftJoinUser, userRefJson } from '../users/sql.ts';
import { isoTime, rowLimit, selectRows } from '../../lib/sql.ts';
import type { ReportedContent } from '@paddock/contract';
import { raceIdOfReview, raceTitleOfReview } from '../reviews/sql.ts';
import { sql } from 'drizzle-orm';

/* Comments on reviews: top-level comments and one level of replies. */

/** The statements and payloads of review comments' threads (lib/comment-threads.ts). */
export const threads = commentThreads({
  table: reviewComments,
  subject: reviewComments.reviewId,
  author: { join: leftJoinUser, json: userRefJson, followStatus: followStatusOf, shown: shownInListsOf },
  liked: (viewer, id) => likedByViewer('comment', viewer, id),
});

export interface CommentRef {
  id: number;
  reviewId: number;
  /** Null for a deleted account's comment kept above its replies. */
  userId: number | null;
  parentId: number | null;
  replyCount: number;
  /** Hidden by moderators (decision 031). */
  hidden: boolean;
}

const refColumns = {
  id: reviewComments.id,
  reviewId: reviewComments.reviewId,
  userId: reviewComments.userId,
  parentId: reviewComments.parentId,
  replyCount: reviewComments.replyCount,
  hidden: sql<boolean>`${reviewComments.hiddenAt} is not null`,
};

export async function selectCommentRef(db: Db, commentId: number, lock = false): Promise<CommentRef | null> {
  const query = db.select(refColumns).from(reviewComments).where(eq(reviewComments.id, commentId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function deleteCommentRow(tx: Db, commentId: number): Promise<void> {
  await tx.delete(reviewComments).where(eq(reviewComments.id, commentId));
}

/* The account's own rows for its data export (decision 029), a page at a time: key above `after`, in key order. */

/** A page of the comments and replies the account wrote on reviews. */
export const reviewCommentsExportPage = (userId: number) => (after: number, limit: number) =>
  sql`select c.id, c.review_id, c.parent_id as parent_comment_id, c.body as comment, c.like_count,
          ${isoTime(sql`c.created_at`)} as created_at, ${isoTime(sql`c.updated_at`)} as updated_at
        from review_comments c where c.user_id = ${userId} and c.id > ${after} order by c.id ${rowLimit(limit)}`;

/**
 * Reported comments on reviews as staff see them in the queue (decision 031); a deleted account's comment
 * kept as a placeholder is gone, as a deleted one is.
 */
export function selectCommentsForModeration(db: Db, ids: readonly number[]) {
  return selectRows<ReportedContent & { id: number }>(
    db,
    sql`select c.id, ${userRefJson('u')} as author, c.body as text, null::int as rating, ${raceIdOfReview(sql`c.review_id`)} as race_id,
          ${raceTitleOfReview(sql`c.review_id`)} as race_name, c.review_id, null::int as thought_id,
          c.hidden_at is not null as is_hidden
        from review_comments c ${joinUser('u', sql`c.user_id`)}
        where c.id = any(${sql.param([...ids])}::int[])`,
  );
}
