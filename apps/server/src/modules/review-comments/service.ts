import type { Comment, CreateCommentBody, LikeToggleResult, Liker, Reply, ReportedContent } from '@paddock/contract';
import { nowDate } from '../../lib/clock.ts';
import type { ServiceContext, Viewer } from '../../lib/context.ts';
import { fieldErrors, forbidden, notFound } from '../../lib/errors.ts';
import { commentsGoneWith, hiddenFrom, threadParentOf } from '../../lib/comment-threads.ts';
import { listReviewCommentLikers, removeLikesBy, toggleLike } from '../review-likes/service.ts';
import { assertNoBlock } from '../follows/service.ts';
import {
  adjustCommentCount,
  findVisibleReview,
  findReviewToActOn,
  lockVisibleReview,
  subtractComments,
} from '../reviews/service.ts';
import {
  deleteCommentRow,
  selectCommentRef,
  selectCommentsForModeration,
  threads,
  type CommentRef,
} from './queries.ts';
import { byId } from '../../lib/moderation-content.ts';
import { keysetRows } from '../../lib/json-stream.ts';
import type { Db } from '../../db/client.ts';
import { reviewCommentsExportPage } from './queries.ts';
import { inTransaction } from '../../lib/sql.ts';

/** How many replies a top-level comment carries in a list; the rest come from /comments/{id}/replies/. */
export { REPLIES_INLINE } from '../../lib/comment-threads.ts';

const invalidPk = (field: string, id: number) =>
  fieldErrors({ [field]: [`Invalid pk "${id}" - object does not exist.`] });

/**
 * A comment the viewer may see: it exists and its review is visible to them (a private account's review
 * and the conversation under it are for its owner and followers).
 */
async function findVisibleComment(ctx: ServiceContext, viewer: Viewer, commentId: number) {
  const row = await threads.selectComment(ctx.db, viewer, commentId);
  const review = row && (await findVisibleReview(ctx.db, viewer, row.review_id));
  if (!row || !review) throw notFound();
  return { row, review };
}

/** Whether the comment is there and the viewer may see it (for a report of it). */
export async function reviewCommentVisibleTo(ctx: ServiceContext, viewer: Viewer, commentId: number): Promise<boolean> {
  const row = await selectCommentRef(ctx.db, commentId);
  return row !== null && (await findVisibleReview(ctx.db, viewer, row.reviewId)) !== null;
}

type Page<T> = { results: T[]; next_cursor: string | null };

/** The replies of a comment the viewer may see, oldest first. */
async function listReplies(
  ctx: ServiceContext,
  viewer: Viewer,
  q: { parentId: number; page_size: number; cursor?: string },
): Promise<Page<Reply>> {
  await findVisibleComment(ctx, viewer, q.parentId);
  return threads.repliesPage(ctx.db, viewer, q.parentId, q);
}

/**
 * GET /social/comments/: with `review_id`, the review's top-level comments (oldest first) each with its
 * first replies; with `parent_comment_id`, the replies of that comment.
 */
export async function listReviewComments(
  ctx: ServiceContext,
  viewer: Viewer,
  q: { review_id?: number; parent_comment_id?: number; page_size: number; cursor?: string },
): Promise<Page<Comment | Reply>> {
  if (q.parent_comment_id !== undefined) {
    return listReplies(ctx, viewer, { parentId: q.parent_comment_id, page_size: q.page_size, cursor: q.cursor });
  }
  const reviewId = q.review_id!;
  if (!(await findVisibleReview(ctx.db, viewer, reviewId))) throw notFound();
  return threads.topLevelPage(ctx.db, viewer, reviewId, q);
}

/** GET /social/comments/{id}/replies/. */
export function getReviewCommentReplies(
  ctx: ServiceContext,
  viewer: Viewer,
  commentId: number,
  q: { page_size: number; cursor?: string },
): Promise<Page<Reply>> {
  return listReplies(ctx, viewer, { parentId: commentId, ...q });
}

/**
 * POST /social/comments/. Replies nest one level: a reply to a reply joins the top-level comment. The
 * review is locked first (as deleting it does), then the comment and the counts are written.
 */
export async function createReviewComment(
  ctx: ServiceContext,
  viewer: number,
  body: CreateCommentBody,
): Promise<Comment | Reply> {
  const created = await inTransaction(ctx.db, async (tx) => {
    // A review the viewer may not see (a private account's) is answered as one that is not there; one
    // across a block, or a reply to a comment across one, is refused (403).
    const review = await findReviewToActOn(tx, viewer, body.race_review_id, true);
    let repliedTo: CommentRef | null = null;
    if (body.parent_comment_id != null) {
      repliedTo = await selectCommentRef(tx, body.parent_comment_id);
      if (!repliedTo || repliedTo.reviewId !== review.id || hiddenFrom(repliedTo, viewer)) {
        throw invalidPk('parent_comment_id', body.parent_comment_id);
      }
      if (repliedTo.userId !== null) await assertNoBlock(tx, viewer, repliedTo.userId);
    }
    const parentId = threadParentOf(repliedTo);
    const id = await threads.insertComment(tx, {
      subjectId: review.id,
      userId: viewer,
      parentId,
      body: body.comment,
      at: nowDate(),
    });
    if (parentId !== null) await threads.addToReplyCount(tx, parentId, 1);
    await adjustCommentCount(tx, review.id, 1);
    return { id, review, repliedTo };
  });
  await ctx.events.emit('comment.created', {
    commentId: created.id,
    reviewId: created.review.id,
    reviewAuthorId: created.review.user_id,
    raceId: created.review.race_id,
    authorId: viewer,
    parent:
      created.repliedTo?.userId != null
        ? { commentId: created.repliedTo.id, authorId: created.repliedTo.userId }
        : null,
  });
  return threads.toComment((await threads.selectComment(ctx.db, viewer, created.id))!);
}

/**
 * Locks the viewer's own comment for a change: its review first, then the comment. 404 when the viewer
 * may not see it, 403 when it is someone else's.
 */
async function lockOwnComment(tx: ServiceContext['db'], viewer: number, commentId: number): Promise<CommentRef> {
  const peek = await selectCommentRef(tx, commentId);
  if (!peek || !(await lockVisibleReview(tx, viewer, peek.reviewId))) throw notFound();
  const comment = await selectCommentRef(tx, commentId, true);
  if (!comment) throw notFound();
  if (comment.userId !== viewer) throw forbidden();
  return comment;
}

/** PATCH /social/comments/{id}/ (author only). */
export async function updateReviewComment(
  ctx: ServiceContext,
  viewer: number,
  commentId: number,
  text: string,
): Promise<Comment | Reply> {
  await inTransaction(ctx.db, async (tx) => {
    await lockOwnComment(tx, viewer, commentId);
    await threads.updateCommentBody(tx, commentId, text, nowDate());
  });
  const { row } = await findVisibleComment(ctx, viewer, commentId);
  return threads.withFirstReplies(ctx.db, viewer, row);
}

/** DELETE /social/comments/{id}/ (author only): a top-level comment goes with its replies. */
export async function deleteReviewComment(ctx: ServiceContext, viewer: number, commentId: number): Promise<void> {
  const comment = await inTransaction(ctx.db, async (tx) => {
    const own = await lockOwnComment(tx, viewer, commentId);
    await deleteCommentRow(tx, commentId);
    if (own.parentId !== null) await threads.addToReplyCount(tx, own.parentId, -1);
    await adjustCommentCount(tx, own.reviewId, -commentsGoneWith(own));
    return own;
  });
  await ctx.events.emit('comment.deleted', { commentId, reviewId: comment.reviewId, authorId: viewer });
}

/** POST /social/comment-likes/toggle/: the comment row is locked, so its like count equals its likes. */
export async function toggleReviewCommentLike(
  ctx: ServiceContext,
  viewer: number,
  commentId: number,
): Promise<LikeToggleResult> {
  const peek = await selectCommentRef(ctx.db, commentId);
  // A placeholder (a deleted account's comment) or a comment hidden from the viewer is nothing to like.
  if (!peek || peek.userId === null || hiddenFrom(peek, viewer)) throw notFound();
  const review = await findReviewToActOn(ctx.db, viewer, peek.reviewId);
  await assertNoBlock(ctx.db, viewer, peek.userId);
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const comment = await selectCommentRef(tx, commentId, true);
    if (!comment?.userId) throw notFound();
    const liked = await toggleLike(tx, 'comment', commentId, viewer);
    const likeCount = await threads.addToCommentLikes(tx, commentId, liked ? 1 : -1);
    return { comment, liked, likeCount };
  });
  if (outcome.liked) {
    await ctx.events.emit('comment.liked', {
      commentId,
      commentAuthorId: outcome.comment.userId!,
      reviewId: review.id,
      raceId: review.race_id,
      likerId: viewer,
    });
  }
  return { liked: outcome.liked, like_count: outcome.likeCount };
}

/** GET /social/comment-likes/?comment_id: who liked a comment the viewer may see. */
export async function listReviewCommentLikes(
  ctx: ServiceContext,
  viewer: Viewer,
  q: { comment_id: number; page_size: number; cursor?: string },
): Promise<Page<Liker>> {
  await findVisibleComment(ctx, viewer, q.comment_id);
  return listReviewCommentLikers(ctx, { commentId: q.comment_id, page_size: q.page_size, cursor: q.cursor });
}

/** For the account's data export: the comments and replies the account wrote on reviews, read a page at a time. */
export const reviewCommentsForExport = (db: Db, userId: number) =>
  keysetRows<{ id: number }>(db, reviewCommentsExportPage(userId), (row) => row.id);

/**
 * In the caller's transaction, as an account is deleted (decision 032): its likes of comments go, its
 * comments go (those others replied to stay as placeholders), and the counts follow. The reviews whose
 * comment counts moved.
 */
export async function forgetCommentsOf(tx: Db, userId: number): Promise<number[]> {
  await threads.subtractLikes(tx, await removeLikesBy(tx, 'comment', userId));
  const lost = await threads.forgetAuthor(tx, userId);
  await subtractComments(tx, lost);
  return [...lost.keys()];
}

/**
 * In the staff's transaction (the moderation module, decision 031): hides a comment from everyone but its
 * author; it leaves its review's count, and after the commit (the returned step) `comment.deleted` drops
 * what showed it and its notifications. Null when it is gone, or hidden already.
 */
export async function hideReviewComment(
  ctx: ServiceContext,
  tx: Db,
  commentId: number,
): Promise<(() => Promise<void>) | null> {
  const comment = await selectCommentRef(tx, commentId, true);
  if (!comment || comment.userId === null || !(await threads.hideComment(tx, commentId, nowDate()))) return null;
  await subtractComments(tx, new Map([[comment.reviewId, 1]]));
  const authorId = comment.userId;
  return () => ctx.events.emit('comment.deleted', { commentId, reviewId: comment.reviewId, authorId });
}

/** For the staff's queue (decision 031): reported comments in context, by id, whoever may see them. */
export async function reviewCommentsForModeration(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, ReportedContent>> {
  return byId(await selectCommentsForModeration(db, ids));
}
