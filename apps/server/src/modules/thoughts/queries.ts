import { and, eq, max, sql, type SQL } from 'drizzle-orm';
import type { FollowStatus, ReportedContent, ThoughtStreamEvent, UserRef } from '@paddock/contract';
import type { Db } from '../../db/client.ts';
import {
  raceThoughts,
  thoughtCommentLikes,
  thoughtComments,
  thoughtEvents,
  thoughtLikes,
} from '../../db/schema/thoughts.ts';
import type { Viewer } from '../../lib/context.ts';
import { commentThreads } from '../../lib/comment-threads.ts';
import {
  countsById,
  isoTime,
  likedBy,
  lockForTransaction,
  notHiddenFrom,
  rowLimit,
  run,
  selectRows,
} from '../../lib/sql.ts';
import { raceStartMsOf } from '../f1/sql.ts';
import {
  acceptedFollowingIds,
  canOpenContentOf,
  canSeeContentOf,
  followStatusOf,
  shownInListsOf,
} from '../follows/visibility.ts';
import { joinUser, leftJoinUser, userIsPrivate, userRefJson } from '../users/sql.ts';
import { raceTitleOf } from '../f1/sql.ts';

/*
 * Race thoughts, their comments (one level of replies), both kinds of likes, and the live log. A
 * thought's comments are visible to whoever may see the thought (its author's privacy decides).
 */

/** In lists and streams (privacy, blocks, mutes). */
const visibleAuthor = (viewer: Viewer, alias: string) =>
  canSeeContentOf(viewer, { id: sql.raw(`${alias}.id`), isPrivate: userIsPrivate(alias) });
/** One thing opened by its id (privacy, blocks: a muted author's thought still opens). */
const openAuthor = (viewer: Viewer, alias: string) =>
  canOpenContentOf(viewer, { id: sql.raw(`${alias}.id`), isPrivate: userIsPrivate(alias) });

const likedThought = (viewer: Viewer, id: SQL) => likedBy('thought_likes', 'thought_id', viewer, id);

/** The start of a race (epoch ms), or null when there is no such race. */
export async function selectRaceStartMs(db: Db, raceId: number): Promise<number | null> {
  const [row] = await selectRows<{ starts_ms: number | null }>(
    db,
    sql`select ${raceStartMsOf(sql`${raceId}::int`)} as starts_ms`,
  );
  return row?.starts_ms ?? null;
}

export interface ThoughtRow {
  id: number;
  race_id: number;
  content: string;
  like_count: number;
  comment_count: number;
  created_ms: number;
  updated_ms: number;
  user: UserRef;
  follow_status: FollowStatus;
  liked: boolean;
  is_hidden: boolean;
}

const thoughtColumns = (viewer: Viewer) => sql`
  t.id, t.race_id, t.body as content, t.like_count, t.comment_count,
  (extract(epoch from t.created_at) * 1000)::float8 as created_ms,
  (extract(epoch from t.updated_at) * 1000)::float8 as updated_ms,
  ${userRefJson('u')} as user, ${followStatusOf(viewer, sql`u.id`)} as follow_status,
  ${likedThought(viewer, sql`t.id`)} as liked, t.hidden_at is not null as is_hidden`;

const thoughtFrom = sql`race_thoughts t ${joinUser('u', sql`t.user_id`)}`;

/** A race's thoughts the viewer may see, newest first, before `beforeId` (race_thoughts_race_idx). */
export function selectRaceThoughts(
  db: Db,
  viewer: Viewer,
  q: { raceId: number; beforeId?: number; limit: number },
): Promise<ThoughtRow[]> {
  return selectRows<ThoughtRow>(
    db,
    sql`select ${thoughtColumns(viewer)} from ${thoughtFrom}
        where t.race_id = ${q.raceId} and ${visibleAuthor(viewer, 'u')} and ${notHiddenFrom(viewer, 't')}
          ${q.beforeId === undefined ? sql`` : sql`and t.id < ${q.beforeId}`}
        order by t.id desc ${rowLimit(q.limit)}`,
  );
}

/** One thought the viewer may see, else null. */
export async function selectThought(db: Db, viewer: Viewer, thoughtId: number): Promise<ThoughtRow | null> {
  const [row] = await selectRows<ThoughtRow>(
    db,
    sql`select ${thoughtColumns(viewer)} from ${thoughtFrom}
        where t.id = ${thoughtId} and ${openAuthor(viewer, 'u')} and ${notHiddenFrom(viewer, 't')}`,
  );
  return row ?? null;
}

export interface ThoughtRef {
  id: number;
  race_id: number;
  user_id: number;
  race_starts_ms: number;
}

/** What a write needs of a thought the viewer may see (else null), locked for update when `lock`. */
export async function selectThoughtRef(
  db: Db,
  viewer: Viewer,
  thoughtId: number,
  lock = false,
): Promise<ThoughtRef | null> {
  const [row] = await selectRows<ThoughtRef>(
    db,
    sql`select t.id, t.race_id, t.user_id, ${raceStartMsOf(sql`t.race_id`)} as race_starts_ms
        from ${thoughtFrom}
        where t.id = ${thoughtId} and ${openAuthor(viewer, 'u')} and ${notHiddenFrom(viewer, 't')}
        ${lock ? sql`for update of t` : sql``}`,
  );
  return row ?? null;
}

export async function insertThought(
  tx: Db,
  v: { raceId: number; userId: number; body: string; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(raceThoughts)
    .values({ raceId: v.raceId, userId: v.userId, body: v.body, createdAt: v.at, updatedAt: v.at })
    .returning({ id: raceThoughts.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateThoughtBody(tx: Db, thoughtId: number, body: string, at: Date): Promise<void> {
  await tx.update(raceThoughts).set({ body, updatedAt: at }).where(eq(raceThoughts.id, thoughtId));
}

/** Deletes a thought; its comments and likes go with it (foreign keys). */
export async function deleteThoughtRow(tx: Db, thoughtId: number): Promise<void> {
  await tx.delete(raceThoughts).where(eq(raceThoughts.id, thoughtId));
}

export async function addToThoughtLikes(tx: Db, thoughtId: number, by: number): Promise<number> {
  const [row] = await tx
    .update(raceThoughts)
    .set({ likeCount: sql`greatest(0, ${raceThoughts.likeCount} + ${by})` })
    .where(eq(raceThoughts.id, thoughtId))
    .returning({ n: raceThoughts.likeCount });
  return row?.n ?? 0;
}

export async function addToThoughtComments(tx: Db, thoughtId: number, by: number): Promise<number> {
  const [row] = await tx
    .update(raceThoughts)
    .set({ commentCount: sql`greatest(0, ${raceThoughts.commentCount} + ${by})` })
    .where(eq(raceThoughts.id, thoughtId))
    .returning({ n: raceThoughts.commentCount });
  return row?.n ?? 0;
}

/**
 * As an account is deleted: removes its likes of thoughts and of comments on them, and its thoughts
 * (their comments and likes go with them), taking its likes off the counts of what it had liked.
 */
export async function deleteThoughtRowsOf(tx: Db, userId: number): Promise<void> {
  await run(
    tx,
    sql`with gone as (delete from thought_likes where user_id = ${userId} returning thought_id)
        update race_thoughts t set like_count = greatest(0, t.like_count - 1) from gone where t.id = gone.thought_id`,
  );
  await threads.subtractLikes(
    tx,
    (
      await tx
        .delete(thoughtCommentLikes)
        .where(eq(thoughtCommentLikes.userId, userId))
        .returning({ id: thoughtCommentLikes.commentId })
    ).map((r) => r.id),
  );
  await tx.delete(raceThoughts).where(eq(raceThoughts.userId, userId));
}

/** Marks a thought hidden by moderators; its race and author, or null when it is gone or hidden already. */
export async function markThoughtHidden(tx: Db, thoughtId: number, at: Date) {
  const [row] = await tx
    .update(raceThoughts)
    .set({ hiddenAt: at })
    .where(sql`${raceThoughts.id} = ${thoughtId} and ${raceThoughts.hiddenAt} is null`)
    .returning({ raceId: raceThoughts.raceId, userId: raceThoughts.userId });
  return row ?? null;
}

/** Takes comments off the counts of these thoughts (an account that wrote them is deleted). */
export async function subtractThoughtComments(tx: Db, lost: ReadonlyMap<number, number>): Promise<void> {
  if (lost.size === 0) return;
  await run(
    tx,
    sql`update race_thoughts t set comment_count = greatest(0, t.comment_count - x.n)
        from ${countsById(lost)} where t.id = x.id`,
  );
}

/**
 * In the caller's transaction: likes, or takes the like back; whether it is now liked. Two toggles
 * by one user serialize on the primary key, so nobody likes twice.
 */
export async function toggleLikeRow(tx: Db, target: 'thought' | 'comment', id: number, userId: number) {
  if (target === 'thought') {
    const inserted = await tx
      .insert(thoughtLikes)
      .values({ thoughtId: id, userId })
      .onConflictDoNothing()
      .returning({ userId: thoughtLikes.userId });
    if (inserted.length === 1) return true;
    await tx.delete(thoughtLikes).where(and(eq(thoughtLikes.thoughtId, id), eq(thoughtLikes.userId, userId)));
    return false;
  }
  const inserted = await tx
    .insert(thoughtCommentLikes)
    .values({ commentId: id, userId })
    .onConflictDoNothing()
    .returning({ userId: thoughtCommentLikes.userId });
  if (inserted.length === 1) return true;
  await tx
    .delete(thoughtCommentLikes)
    .where(and(eq(thoughtCommentLikes.commentId, id), eq(thoughtCommentLikes.userId, userId)));
  return false;
}

/* Comments */

/** The statements and payloads of thought comments' threads (lib/comment-threads.ts). */
export const threads = commentThreads({
  table: thoughtComments,
  subject: thoughtComments.thoughtId,
  author: { join: leftJoinUser, json: userRefJson, followStatus: followStatusOf, shown: shownInListsOf },
  liked: (viewer, id) => likedBy('thought_comment_likes', 'comment_id', viewer, id),
});

export interface CommentRef {
  id: number;
  thought_id: number;
  /** Null for a deleted account's comment kept above its replies. */
  user_id: number | null;
  /** Hidden by moderators (decision 031). */
  hidden: boolean;
  parent_id: number | null;
  reply_count: number;
  race_id: number;
  thought_author_id: number;
  race_starts_ms: number;
}

/**
 * What a write needs of a comment whose thought the viewer may see (else null), the comment locked
 * for update when `lock`. `'staff'` reads it whoever wrote the thought (a moderator acting on a report).
 */
export async function selectCommentRef(
  db: Db,
  viewer: Viewer | 'staff',
  commentId: number,
  lock = false,
): Promise<CommentRef | null> {
  const seen = viewer === 'staff' ? sql`true` : sql`${openAuthor(viewer, 'a')} and ${notHiddenFrom(viewer, 't')}`;
  const [row] = await selectRows<CommentRef>(
    db,
    sql`select c.id, c.thought_id, c.user_id, c.hidden_at is not null as hidden, c.parent_id, c.reply_count, t.race_id,
          t.user_id as thought_author_id, ${raceStartMsOf(sql`t.race_id`)} as race_starts_ms
        from thought_comments c join race_thoughts t on t.id = c.thought_id ${joinUser('a', sql`t.user_id`)}
        where c.id = ${commentId} and ${seen}
        ${lock ? sql`for update of c` : sql``}`,
  );
  return row ?? null;
}

/** Deletes a comment (its replies go with it); the ids of the replies that went. */
export async function deleteCommentRow(tx: Db, commentId: number): Promise<number[]> {
  const replies = await tx
    .select({ id: thoughtComments.id })
    .from(thoughtComments)
    .where(eq(thoughtComments.parentId, commentId));
  await tx.delete(thoughtComments).where(eq(thoughtComments.id, commentId));
  return replies.map((r) => r.id);
}

/* The live log */

/**
 * Appends an event to the race's live log, in the caller's transaction, and returns its id. The
 * per-race advisory lock, held until commit, makes a race's events commit in id order: a reader that
 * has seen id N of a race can never later find a smaller one appear, so "everything after N" is exact.
 * Taken last, after every row lock of the transaction, so it cannot be part of a deadlock.
 */
export async function insertEvent(
  tx: Db,
  e: { raceId: number; authorId: number; event: ThoughtStreamEvent; at: Date },
): Promise<number> {
  await lockForTransaction(tx, 'thought_events', e.raceId);
  const [row] = await tx
    .insert(thoughtEvents)
    .values({ raceId: e.raceId, authorId: e.authorId, type: e.event.type, payload: e.event, createdAt: e.at })
    .returning({ id: thoughtEvents.id });
  if (!row) throw new Error('insert returned no row');
  return Number(row.id);
}

export interface EventRow {
  id: number;
  type: ThoughtStreamEvent['type'];
  payload: ThoughtStreamEvent;
  author_id: number;
  author_private: boolean;
}

/**
 * A race's events after `afterId` (up to `upToId` when given), in id order, with whether their
 * author's account is private now (thought_events_race_idx). An event of a deleted account is gone.
 */
export async function selectEvents(
  db: Db,
  q: { raceId: number; afterId: number; upToId?: number; limit: number },
): Promise<EventRow[]> {
  const rows = await selectRows<EventRow>(
    db,
    sql`select e.id, e.type, e.payload, e.author_id, ${userIsPrivate('u')} as author_private
        from thought_events e ${joinUser('u', sql`e.author_id`)}
        where e.race_id = ${q.raceId} and e.id > ${q.afterId}
          ${q.upToId === undefined ? sql`` : sql`and e.id <= ${q.upToId}`}
        order by e.id ${rowLimit(q.limit)}`,
  );
  // node-postgres hands bigint columns over as strings.
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The position of a race's latest event (0 when it has none). */
export async function selectLastEventId(db: Db, raceId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(thoughtEvents.id) })
    .from(thoughtEvents)
    .where(eq(thoughtEvents.raceId, raceId));
  return row?.id ?? 0;
}

/** Deletes the live log's events older than `before`; how many. */
export async function deleteEventsBefore(db: Db, before: Date): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`with gone as (delete from thought_events where created_at < ${before.toISOString()}::timestamptz returning 1)
        select count(*)::int as n from gone`,
  );
  return row?.n ?? 0;
}

/** The accounts the viewer follows (accepted), for a live stream's visibility and follow statuses. */
export async function selectFollowingIds(db: Db, viewer: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select f.following_id as id from ${acceptedFollowingIds(viewer)} f`,
  );
  return rows.map((r) => r.id);
}

/** Who wrote a thought (`kind` 'thought') or a comment on one and its thought ('comment'): ids, none when it is gone. */
export async function selectAuthorsOf(db: Db, kind: 'thought' | 'comment', id: number): Promise<number[]> {
  const rows = await selectRows<{ ids: number[] }>(
    db,
    kind === 'thought'
      ? sql`select array[user_id] as ids from race_thoughts where id = ${id}`
      : sql`select array[c.user_id, t.user_id] as ids
            from thought_comments c join race_thoughts t on t.id = c.thought_id where c.id = ${id}`,
  );
  return rows[0]?.ids ?? [];
}

/* The account's own rows for its data export (decision 029), a page at a time: key above `after`, in key order. */

/** A page of the race thoughts the account posted. */
export const thoughtsExportPage = (userId: number) => (after: number, limit: number) =>
  sql`select t.id, t.race_id, ${raceTitleOf(sql`t.race_id`)} as race, t.body as content, t.like_count,
          t.comment_count, ${isoTime(sql`t.created_at`)} as created_at, ${isoTime(sql`t.updated_at`)} as updated_at
        from race_thoughts t where t.user_id = ${userId} and t.id > ${after} order by t.id ${rowLimit(limit)}`;

/** A page of the comments and replies the account wrote on race thoughts. */
export const thoughtCommentsExportPage = (userId: number) => (after: number, limit: number) =>
  sql`select c.id, c.thought_id, c.parent_id as parent_comment_id, c.body as comment, c.like_count,
          ${isoTime(sql`c.created_at`)} as created_at, ${isoTime(sql`c.updated_at`)} as updated_at
        from thought_comments c where c.user_id = ${userId} and c.id > ${after} order by c.id ${rowLimit(limit)}`;

/** A page of the race thoughts the account liked. */
export const thoughtLikesExportPage = (userId: number) => (after: number, limit: number) =>
  sql`select thought_id, ${isoTime(sql`created_at`)} as liked_at from thought_likes
        where user_id = ${userId} and thought_id > ${after} order by thought_id ${rowLimit(limit)}`;

/** A page of the comments on race thoughts the account liked. */
export const thoughtCommentLikesExportPage = (userId: number) => (after: number, limit: number) =>
  sql`select comment_id, ${isoTime(sql`created_at`)} as liked_at from thought_comment_likes
        where user_id = ${userId} and comment_id > ${after} order by comment_id ${rowLimit(limit)}`;

/**
 * Reported thoughts, or comments on them, as staff see them in the queue (decision 031); a deleted
 * account's comment kept as a placeholder is gone.
 */
export function selectThoughtThingsForModeration(db: Db, kind: 'thought' | 'comment', ids: readonly number[]) {
  const idList = sql`any(${sql.param([...ids])}::int[])`;
  return selectRows<ReportedContent & { id: number }>(
    db,
    kind === 'thought'
      ? sql`select t.id, ${userRefJson('u')} as author, t.body as text, null::int as rating, t.race_id,
              ${raceTitleOf(sql`t.race_id`)} as race_name, null::int as review_id, t.id as thought_id,
              t.hidden_at is not null as is_hidden
            from race_thoughts t ${joinUser('u', sql`t.user_id`)} where t.id = ${idList}`
      : sql`select c.id, ${userRefJson('u')} as author, c.body as text,
              null::int as rating, t.race_id, ${raceTitleOf(sql`t.race_id`)} as race_name, null::int as review_id,
              c.thought_id, c.hidden_at is not null as is_hidden
            from thought_comments c join race_thoughts t on t.id = c.thought_id ${joinUser('u', sql`c.user_id`)}
            where c.id = ${idList}`,
  );
}
