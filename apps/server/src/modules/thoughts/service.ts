import {
  THOUGHTS_CLOSED,
  type AnyThoughtComment,
  type LikeToggleResult,
  type Thought,
  type ThoughtReply,
  type ThoughtStreamEvent,
  type ReportedContent,
} from '@paddock/contract';
import { clock, nowDate } from '../../lib/clock.ts';
import type { ServiceContext, Viewer } from '../../lib/context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, fieldErrors, forbidden, notFound } from '../../lib/errors.ts';
import { commentsGoneWith, hiddenFrom, threadParentOf } from '../../lib/comment-threads.ts';
import { byId } from '../../lib/moderation-content.ts';
import { decodeIdCursor, encodeCursor, toPage } from '../../lib/pagination.ts';
import { thoughtStatus } from '../f1/thought-window.ts';
import { assertNoBlock, refusalFor } from '../follows/service.ts';
import {
  addToThoughtComments,
  deleteThoughtRowsOf,
  markThoughtHidden,
  selectThoughtThingsForModeration,
  subtractThoughtComments,
  addToThoughtLikes,
  deleteCommentRow,
  deleteEventsBefore,
  deleteThoughtRow,
  insertEvent,
  insertThought,
  selectAuthorsOf,
  selectCommentRef,
  selectRaceStartMs,
  selectRaceThoughts,
  selectThought,
  selectThoughtRef,
  threads,
  toggleLikeRow,
  updateThoughtBody,
  type CommentRef,
  type ThoughtRow,
} from './queries.ts';
import { keysetRows } from '../../lib/json-stream.ts';
import {
  thoughtsExportPage,
  thoughtCommentsExportPage,
  thoughtLikesExportPage,
  thoughtCommentLikesExportPage,
} from './queries.ts';
import { inTransaction } from '../../lib/sql.ts';

/*
 * Race thoughts: fans post, edit and delete their own thoughts on a race, comment (one level of
 * replies) and like, only while the race's thoughts are open (24 hours before the start until 48 hours
 * after it, f1's thought window); reading is always allowed. Every change is also appended to the race's
 * live log (thought_events) in the same transaction, then announced with `thought.logged` after the
 * commit; the live streams (live.ts) read the log (decision 013).
 */

/** How many replies a top-level comment carries in a list; the rest come from ?parent_comment_id=. */
export { REPLIES_INLINE } from '../../lib/comment-threads.ts';
/** How long the live log keeps events: a client away for longer reloads instead of replaying. */
const LIVE_LOG_RETENTION_MS = 7 * 24 * 3_600_000;

type Page<T> = { results: T[]; next_cursor: string | null };

const invalidPk = (field: string, id: number) =>
  fieldErrors({ [field]: [`Invalid pk "${id}" - object does not exist.`] });

/** Writes are for open windows only: 400 with the contract's detail otherwise. */
function assertOpen(raceStartsMs: number | null): void {
  if (raceStartsMs === null || !thoughtStatus(raceStartsMs, clock.now()).is_open) throw badRequest(THOUGHTS_CLOSED);
}

const iso = (ms: number) => new Date(ms).toISOString();

function toThought(row: ThoughtRow): Thought {
  return {
    id: row.id,
    race_id: row.race_id,
    user: { ...row.user, follow_status: row.follow_status },
    content: row.content,
    created_at: iso(row.created_ms),
    updated_at: iso(row.updated_ms),
    like_count: row.like_count,
    is_hidden: row.is_hidden,
    is_liked_by_user: row.liked,
    comment_count: row.comment_count,
  };
}

/**
 * What the live log stores of an object: the same for every viewer (nobody's like, nobody's follow);
 * each stream puts its viewer's follow statuses back in (live.ts).
 */
function neutral<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) =>
      key === 'follow_status' ? 'none' : key === 'is_liked_by_user' ? false : v,
    ),
  ) as T;
}

/** Appends to the live log, in the write's transaction; announce the returned id after the commit. */
function logEvent(tx: Db, raceId: number, thoughtAuthorId: number, event: ThoughtStreamEvent): Promise<number> {
  return insertEvent(tx, { raceId, authorId: thoughtAuthorId, event, at: nowDate() });
}

const announce = (ctx: ServiceContext, raceId: number, eventId: number) =>
  ctx.events.emit('thought.logged', { raceId, eventId });

/** A thought comment's ref as the comment threads read one. */
const threadRef = (c: CommentRef) => ({
  userId: c.user_id,
  hidden: c.hidden,
  parentId: c.parent_id,
  replyCount: c.reply_count,
});

/* Thoughts */

/** GET /core/race-thoughts/by-race/{race_id}/: the thoughts the viewer may see, newest first. */
export async function listRaceThoughts(
  ctx: ServiceContext,
  viewer: Viewer,
  raceId: number,
  q: { page_size: number; cursor?: string },
): Promise<Page<Thought>> {
  if ((await selectRaceStartMs(ctx.db, raceId)) === null) throw notFound();
  const beforeId = decodeIdCursor(q.cursor);
  const rows = await selectRaceThoughts(ctx.db, viewer, { raceId, beforeId, limit: q.page_size + 1 });
  return toPage(rows, q.page_size, toThought, (last) => encodeCursor([last.id]));
}

/** GET /core/race-thoughts/{id}/: one thought, 404 when the viewer may not see it. */
export async function getThought(ctx: ServiceContext, viewer: Viewer, thoughtId: number): Promise<Thought> {
  const row = await selectThought(ctx.db, viewer, thoughtId);
  if (!row) throw notFound();
  return toThought(row);
}

/** Whether a race exists (the live stream of an unknown race is a 404). */
export async function raceExists(ctx: ServiceContext, raceId: number): Promise<boolean> {
  return (await selectRaceStartMs(ctx.db, raceId)) !== null;
}

/** POST /core/race-thoughts/. */
export async function createThought(
  ctx: ServiceContext,
  viewer: number,
  body: { race_id: number; content: string },
): Promise<Thought> {
  const startsMs = await selectRaceStartMs(ctx.db, body.race_id);
  if (startsMs === null) throw invalidPk('race_id', body.race_id);
  assertOpen(startsMs);
  const { thought, eventId } = await inTransaction(ctx.db, async (tx) => {
    const id = await insertThought(tx, { raceId: body.race_id, userId: viewer, body: body.content, at: nowDate() });
    const thought = toThought((await selectThought(tx, viewer, id))!);
    const eventId = await logEvent(tx, body.race_id, viewer, { type: 'thought.created', thought: neutral(thought) });
    return { thought, eventId };
  });
  await announce(ctx, body.race_id, eventId);
  return thought;
}

/** The viewer's own thought, locked for a change: 404 when it is missing, invisible or someone else's. */
async function lockOwnThought(tx: Db, viewer: number, thoughtId: number) {
  const ref = await selectThoughtRef(tx, viewer, thoughtId, true);
  if (!ref || ref.user_id !== viewer) throw notFound();
  assertOpen(ref.race_starts_ms);
  return ref;
}

/** PATCH /core/race-thoughts/{id}/ (author only). */
export async function updateThought(
  ctx: ServiceContext,
  viewer: number,
  thoughtId: number,
  content: string,
): Promise<Thought> {
  const { thought, raceId, eventId } = await inTransaction(ctx.db, async (tx) => {
    const ref = await lockOwnThought(tx, viewer, thoughtId);
    await updateThoughtBody(tx, thoughtId, content, nowDate());
    const thought = toThought((await selectThought(tx, viewer, thoughtId))!);
    const eventId = await logEvent(tx, ref.race_id, viewer, { type: 'thought.updated', thought: neutral(thought) });
    return { thought, raceId: ref.race_id, eventId };
  });
  await announce(ctx, raceId, eventId);
  return thought;
}

/** DELETE /core/race-thoughts/{id}/ (author only): its comments and likes go with it. */
export async function deleteThought(ctx: ServiceContext, viewer: number, thoughtId: number): Promise<void> {
  const { raceId, eventId } = await inTransaction(ctx.db, async (tx) => {
    const ref = await lockOwnThought(tx, viewer, thoughtId);
    await deleteThoughtRow(tx, thoughtId);
    const eventId = await logEvent(tx, ref.race_id, viewer, { type: 'thought.deleted', thought_id: thoughtId });
    return { raceId: ref.race_id, eventId };
  });
  await ctx.events.emit('thought.deleted', { thoughtId, authorId: viewer, raceId });
  await announce(ctx, raceId, eventId);
}

/** POST /core/race-thought-likes/toggle/: the thought row is locked, so its like count equals its likes. */
export async function toggleThoughtLike(
  ctx: ServiceContext,
  viewer: number,
  thoughtId: number,
): Promise<LikeToggleResult> {
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const ref = await selectThoughtRef(tx, viewer, thoughtId, true);
    if (!ref) throw await refusal(tx, viewer, 'thought', thoughtId, notFound());
    assertOpen(ref.race_starts_ms);
    const liked = await toggleLikeRow(tx, 'thought', thoughtId, viewer);
    const likeCount = await addToThoughtLikes(tx, thoughtId, liked ? 1 : -1);
    const eventId = await logEvent(tx, ref.race_id, ref.user_id, {
      type: 'thought.liked',
      thought_id: thoughtId,
      like_count: likeCount,
    });
    return { ref, liked, likeCount, eventId };
  });
  if (outcome.liked) {
    await ctx.events.emit('thought.liked', {
      thoughtId,
      thoughtAuthorId: outcome.ref.user_id,
      raceId: outcome.ref.race_id,
      likerId: viewer,
    });
  }
  await announce(ctx, outcome.ref.race_id, outcome.eventId);
  return { liked: outcome.liked, like_count: outcome.likeCount };
}

/** Why a thought or comment the viewer would act on is not theirs to act on (a block, or `otherwise`). */
async function refusal(tx: Db, viewer: number, kind: 'thought' | 'comment', id: number, otherwise: Error) {
  return refusalFor(tx, viewer, await selectAuthorsOf(tx, kind, id), otherwise);
}

/** Whether the thought (`kind` 'thought') or comment on one is there and the viewer may see it (for a report). */
export async function thoughtThingVisibleTo(
  ctx: ServiceContext,
  viewer: Viewer,
  kind: 'thought' | 'comment',
  id: number,
): Promise<boolean> {
  const ref =
    kind === 'thought' ? await selectThoughtRef(ctx.db, viewer, id) : await selectCommentRef(ctx.db, viewer, id);
  return ref !== null;
}

/* Comments */

/** A comment whose thought the viewer may see, else 404. */
async function findVisibleComment(ctx: ServiceContext, viewer: Viewer, commentId: number): Promise<CommentRef> {
  const ref = await selectCommentRef(ctx.db, viewer, commentId);
  if (!ref) throw notFound();
  return ref;
}

async function listReplies(
  ctx: ServiceContext,
  viewer: Viewer,
  q: { parentId: number; page_size: number; cursor?: string },
): Promise<Page<ThoughtReply>> {
  await findVisibleComment(ctx, viewer, q.parentId);
  return threads.repliesPage(ctx.db, viewer, q.parentId, q);
}

/**
 * GET /core/thought-comments/: with `thought_id`, the thought's top-level comments (oldest first) each
 * with its first replies; with `parent_comment_id`, the replies of that comment.
 */
export async function listThoughtComments(
  ctx: ServiceContext,
  viewer: Viewer,
  q: { thought_id?: number; parent_comment_id?: number; page_size: number; cursor?: string },
): Promise<Page<AnyThoughtComment>> {
  if (q.parent_comment_id !== undefined) {
    return listReplies(ctx, viewer, { parentId: q.parent_comment_id, page_size: q.page_size, cursor: q.cursor });
  }
  const thoughtId = q.thought_id!;
  if (!(await selectThoughtRef(ctx.db, viewer, thoughtId))) throw notFound();
  return threads.topLevelPage(ctx.db, viewer, thoughtId, q);
}

/**
 * POST /core/thought-comments/. Replies nest one level: a reply to a reply joins the top-level comment.
 * The thought is locked first (as deleting it does), then the comment and the counts are written.
 */
export async function createThoughtComment(
  ctx: ServiceContext,
  viewer: number,
  body: { thought_id: number; comment: string; parent_comment_id?: number | null },
): Promise<AnyThoughtComment> {
  const created = await inTransaction(ctx.db, async (tx) => {
    const thought = await selectThoughtRef(tx, viewer, body.thought_id, true);
    if (!thought) throw await refusal(tx, viewer, 'thought', body.thought_id, invalidPk('thought_id', body.thought_id));
    assertOpen(thought.race_starts_ms);
    let repliedTo: CommentRef | null = null;
    if (body.parent_comment_id != null) {
      repliedTo = await selectCommentRef(tx, viewer, body.parent_comment_id);
      if (!repliedTo || repliedTo.thought_id !== thought.id || hiddenFrom(threadRef(repliedTo), viewer)) {
        throw invalidPk('parent_comment_id', body.parent_comment_id);
      }
      if (repliedTo.user_id !== null) await assertNoBlock(tx, viewer, repliedTo.user_id);
    }
    const parentId = threadParentOf(repliedTo && { id: repliedTo.id, parentId: repliedTo.parent_id });
    const id = await threads.insertComment(tx, {
      subjectId: thought.id,
      userId: viewer,
      parentId,
      body: body.comment,
      at: nowDate(),
    });
    if (parentId !== null) await threads.addToReplyCount(tx, parentId, 1);
    const commentCount = await addToThoughtComments(tx, thought.id, 1);
    const comment = threads.toComment((await threads.selectComment(tx, viewer, id))!);
    const eventId = await logEvent(tx, thought.race_id, thought.user_id, {
      type: 'comment.created',
      thought_id: thought.id,
      comment: neutral(comment),
      comment_count: commentCount,
    });
    return { comment, thought, repliedTo, eventId };
  });
  const { comment, thought, repliedTo } = created;
  await ctx.events.emit('thought_comment.created', {
    commentId: comment.id,
    thoughtId: thought.id,
    thoughtAuthorId: thought.user_id,
    raceId: thought.race_id,
    authorId: viewer,
    parent: repliedTo?.user_id != null ? { commentId: repliedTo.id, authorId: repliedTo.user_id } : null,
  });
  await announce(ctx, thought.race_id, created.eventId);
  return comment;
}

/**
 * Locks the viewer's own comment for a change: its thought first, then the comment. 404 when the
 * viewer may not see it, 403 when it is someone else's (as for review comments), 400 when closed.
 */
async function lockOwnComment(tx: Db, viewer: number, commentId: number): Promise<CommentRef> {
  const peek = await selectCommentRef(tx, viewer, commentId);
  if (!peek || !(await selectThoughtRef(tx, viewer, peek.thought_id, true))) throw notFound();
  const comment = await selectCommentRef(tx, viewer, commentId, true);
  if (!comment) throw notFound();
  if (comment.user_id !== viewer) throw forbidden();
  assertOpen(comment.race_starts_ms);
  return comment;
}

/** PATCH /core/thought-comments/{id}/ (author only). */
export async function updateThoughtComment(
  ctx: ServiceContext,
  viewer: number,
  commentId: number,
  text: string,
): Promise<AnyThoughtComment> {
  const { comment, raceId, eventId } = await inTransaction(ctx.db, async (tx) => {
    const own = await lockOwnComment(tx, viewer, commentId);
    await threads.updateCommentBody(tx, commentId, text, nowDate());
    const comment = await threads.withFirstReplies(tx, viewer, (await threads.selectComment(tx, viewer, commentId))!);
    const eventId = await logEvent(tx, own.race_id, own.thought_author_id, {
      type: 'comment.updated',
      thought_id: own.thought_id,
      comment: neutral(comment),
    });
    return { comment, raceId: own.race_id, eventId };
  });
  await announce(ctx, raceId, eventId);
  return comment;
}

/** DELETE /core/thought-comments/{id}/ (author only): a top-level comment goes with its replies. */
export async function deleteThoughtComment(ctx: ServiceContext, viewer: number, commentId: number): Promise<void> {
  const { own, replyIds, eventId } = await inTransaction(ctx.db, async (tx) => {
    const own = await lockOwnComment(tx, viewer, commentId);
    const replyIds = await deleteCommentRow(tx, commentId);
    if (own.parent_id !== null) await threads.addToReplyCount(tx, own.parent_id, -1);
    const commentCount = await addToThoughtComments(
      tx,
      own.thought_id,
      -commentsGoneWith({ ...threadRef(own), replyCount: replyIds.length }),
    );
    const eventId = await logEvent(tx, own.race_id, own.thought_author_id, {
      type: 'comment.deleted',
      thought_id: own.thought_id,
      comment_id: commentId,
      parent_comment_id: own.parent_id,
      comment_count: commentCount,
    });
    return { own, replyIds, eventId };
  });
  await ctx.events.emit('thought_comment.deleted', {
    commentIds: [commentId, ...replyIds],
    thoughtId: own.thought_id,
    authorId: viewer,
  });
  await announce(ctx, own.race_id, eventId);
}

/** POST /core/thought-comment-likes/toggle/: the comment row is locked, so its count equals its likes. */
export async function toggleThoughtCommentLike(
  ctx: ServiceContext,
  viewer: number,
  commentId: number,
): Promise<LikeToggleResult> {
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const found = await selectCommentRef(tx, viewer, commentId, true);
    if (!found) throw await refusal(tx, viewer, 'comment', commentId, notFound());
    // A placeholder (a deleted account's comment) or a comment hidden from the viewer is nothing to like.
    if (found.user_id === null || hiddenFrom(threadRef(found), viewer)) throw notFound();
    const comment = { ...found, user_id: found.user_id };
    await assertNoBlock(tx, viewer, comment.user_id);
    assertOpen(comment.race_starts_ms);
    const liked = await toggleLikeRow(tx, 'comment', commentId, viewer);
    const likeCount = await threads.addToCommentLikes(tx, commentId, liked ? 1 : -1);
    const eventId = await logEvent(tx, comment.race_id, comment.thought_author_id, {
      type: 'comment.liked',
      thought_id: comment.thought_id,
      comment_id: commentId,
      like_count: likeCount,
    });
    return { comment, liked, likeCount, eventId };
  });
  const { comment } = outcome;
  if (outcome.liked) {
    await ctx.events.emit('thought_comment.liked', {
      commentId,
      commentAuthorId: comment.user_id,
      thoughtId: comment.thought_id,
      raceId: comment.race_id,
      likerId: viewer,
    });
  }
  await announce(ctx, comment.race_id, outcome.eventId);
  return { liked: outcome.liked, like_count: outcome.likeCount };
}

/**
 * Deletes the live log's events older than the retention (7 days). Each instance runs it hourly
 * (live.ts); running it twice at once is harmless.
 */
export function pruneLiveLog(ctx: ServiceContext): Promise<number> {
  return deleteEventsBefore(ctx.db, new Date(clock.now() - LIVE_LOG_RETENTION_MS));
}

/** For the account's data export: the race thoughts the account posted, read a page at a time. */
export const thoughtsForExport = (db: Db, userId: number) =>
  keysetRows<{ id: number }>(db, thoughtsExportPage(userId), (row) => row.id);

/** For the account's data export: the comments and replies the account wrote on race thoughts, read a page at a time. */
export const thoughtCommentsForExport = (db: Db, userId: number) =>
  keysetRows<{ id: number }>(db, thoughtCommentsExportPage(userId), (row) => row.id);

/** For the account's data export: the race thoughts the account liked, read a page at a time. */
export const thoughtLikesForExport = (db: Db, userId: number) =>
  keysetRows<{ thought_id: number }>(db, thoughtLikesExportPage(userId), (row) => row.thought_id);

/** For the account's data export: the comments on race thoughts the account liked, read a page at a time. */
export const thoughtCommentLikesForExport = (db: Db, userId: number) =>
  keysetRows<{ comment_id: number }>(db, thoughtCommentLikesExportPage(userId), (row) => row.comment_id);

/**
 * In the caller's transaction, as an account is deleted (decision 032): its comments go (those others
 * replied to stay as placeholders), then its likes and its thoughts, and the counts follow. Open Thoughts
 * tabs drop what went at their next load.
 */
export async function forgetThoughtsOf(tx: Db, userId: number): Promise<void> {
  await subtractThoughtComments(tx, await threads.forgetAuthor(tx, userId));
  await deleteThoughtRowsOf(tx, userId);
}

/**
 * In the staff's transaction (the moderation module, decision 031): hides a thought, or a comment on one,
 * from everyone but its author. The live log says it went (open Thoughts tabs drop it) and a comment
 * leaves its thought's count; after the commit (the returned step) the log is announced and its
 * notifications go. Null when it is gone, or hidden already.
 */
export async function hideThoughtThing(
  ctx: ServiceContext,
  tx: Db,
  kind: 'thought' | 'comment',
  id: number,
): Promise<(() => Promise<void>) | null> {
  if (kind === 'thought') {
    const thought = await markThoughtHidden(tx, id, nowDate());
    if (!thought) return null;
    const eventId = await logEvent(tx, thought.raceId, thought.userId, { type: 'thought.deleted', thought_id: id });
    return async () => {
      await ctx.events.emit('thought.deleted', { thoughtId: id, authorId: thought.userId, raceId: thought.raceId });
      await announce(ctx, thought.raceId, eventId);
    };
  }
  const comment = await selectCommentRef(tx, 'staff', id, true);
  if (!comment || comment.user_id === null || !(await threads.hideComment(tx, id, nowDate()))) return null;
  const authorId = comment.user_id;
  const commentCount = await addToThoughtComments(tx, comment.thought_id, -1);
  const eventId = await logEvent(tx, comment.race_id, comment.thought_author_id, {
    type: 'comment.deleted',
    thought_id: comment.thought_id,
    comment_id: id,
    parent_comment_id: comment.parent_id,
    comment_count: commentCount,
  });
  return async () => {
    await ctx.events.emit('thought_comment.deleted', { commentIds: [id], thoughtId: comment.thought_id, authorId });
    await announce(ctx, comment.race_id, eventId);
  };
}

/** For the staff's queue (decision 031): reported thoughts or comments on them in context, by id. */
export async function thoughtThingsForModeration(
  db: Db,
  kind: 'thought' | 'comment',
  ids: readonly number[],
): Promise<Map<number, ReportedContent>> {
  return byId(await selectThoughtThingsForModeration(db, kind, ids));
}
