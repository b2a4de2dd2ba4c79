import { eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FollowStatus, UserRef } from '@paddock/contract';
import type { Db } from '../db/client.ts';
import type { Viewer } from './context.ts';
import { decodeIdCursor, encodeCursor, toPage } from './pagination.ts';
import { countsById, notHiddenFrom, rowLimit, selectRows } from './sql.ts';

/*
 * Comment threads, one way for everything people comment on (reviews, race thoughts): top-level
 * comments oldest first, each carrying its first replies, and one level of replies (a reply to a reply
 * joins the top-level comment); keyset pages by id; every list is one statement. Each module owns its
 * comments table and passes it in with the column naming what is commented on, and writes it (in its
 * own transactions, with its own locks and counts) through the statements here; the author join, the
 * follow status and the "viewer likes it" test come from the modules that publish them (lib/ imports
 * no module).
 */

/** How many replies a top-level comment carries in a list; the rest come page by page. */
export const REPLIES_INLINE = 20;

/** The columns every comments table has (`<thing>_comments`: one level of replies through parent_id). */
type CommentsTable = PgTable & {
  id: PgColumn;
  userId: PgColumn;
  hiddenAt: PgColumn;
  parentId: PgColumn;
  body: PgColumn;
  likeCount: PgColumn;
  replyCount: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

export interface CommentThreadSpec<S extends PgColumn> {
  /** The owner's comments table. */
  table: CommentsTable;
  /** Its column naming what is commented on (review_id, thought_id): the rows and payloads carry it by that name. */
  subject: S;
  /** How to join and show a comment's author, and the viewer's follow status toward them (users/sql.ts, follows). */
  author: {
    /** A left join: a deleted account's comment that others replied to has no author (`user_id` null). */
    join: (alias: string, userId: SQL) => SQL;
    json: (alias: string) => SQL;
    followStatus: (viewer: Viewer, userId: SQL) => SQL;
    /** Whether the viewer's lists show what this author writes (blocks and mutes, in the follows module). */
    shown: (viewer: Viewer, userId: SQL) => SQL;
  };
  /** Whether the viewer likes the comment whose id is `commentId` (the likes table's owner publishes it). */
  liked: (viewer: Viewer, commentId: SQL) => SQL;
}

/** A comment as the statements read it, `K` the subject's column (review_id, thought_id). */
export type CommentThreadRow<K extends string> = {
  id: number;
  comment: string;
  parent_id: number | null;
  like_count: number;
  reply_count: number;
  created_ms: number;
  updated_ms: number;
  /** Null when the comment shows as a placeholder: its account deleted, or hidden from this viewer. */
  user: UserRef | null;
  follow_status: FollowStatus;
  liked: boolean;
  is_deleted: boolean;
  is_hidden: boolean;
} & { [P in K]: number };

type PayloadFields = {
  id: number;
  comment: string;
  user: (UserRef & { follow_status: FollowStatus }) | null;
  is_deleted: boolean;
  is_hidden: boolean;
  created_at: string;
  updated_at: string;
  like_count: number;
  is_liked_by_user: boolean;
  parent_comment_id: number | null;
};

/** A reply as the API answers it (the contract's Reply, ThoughtReply). */
export type ReplyPayload<K extends string> = PayloadFields & { [P in K]: number } & {
  replies: never[];
  reply_count: 0;
};

/** A top-level comment with its first replies as the API answers it (the contract's Comment, ThoughtComment). */
export type CommentPayload<K extends string> = PayloadFields & { [P in K]: number } & {
  replies: ReplyPayload<K>[];
  reply_count: number;
};

type Page<T> = { results: T[]; next_cursor: string | null };

/** The statements and payloads of one kind of comment thread. */
export function commentThreads<S extends PgColumn>(spec: CommentThreadSpec<S>) {
  type K = S['_']['name'];
  type Row = CommentThreadRow<K>;
  const key: K = spec.subject.name;
  const c = (column: PgColumn) => sql.raw(`c.${column.name}`);
  const { table, author } = spec;
  /** The subject's property name in the table (reviewId, thoughtId), for inserts. */
  const subjectProperty = Object.entries(getTableColumns(table)).find(([, column]) => column === spec.subject)![0];

  /**
   * Whether the viewer sees the comment itself: it is not hidden by moderators, or it is their own. A
   * hidden comment others replied to shows to everyone else as a placeholder, as a deleted account's does.
   */
  const readable = (viewer: Viewer) => notHiddenFrom(viewer, 'c');
  /** Shown in a list: readable with an author, or a placeholder above replies. */
  const listed = (viewer: Viewer) =>
    sql`((${readable(viewer)} and ${c(table.userId)} is not null) or ${c(table.replyCount)} > 0)`;
  const placeholder = (viewer: Viewer) => sql`(${c(table.userId)} is null or not ${readable(viewer)})`;

  const columns = (viewer: Viewer) => sql`
  ${c(table.id)}, ${c(spec.subject)}, case when ${placeholder(viewer)} then '' else ${c(table.body)} end as comment,
  ${c(table.parentId)}, ${c(table.likeCount)}, ${c(table.replyCount)},
  (extract(epoch from ${c(table.createdAt)}) * 1000)::float8 as created_ms,
  (extract(epoch from ${c(table.updatedAt)}) * 1000)::float8 as updated_ms,
  case when ${placeholder(viewer)} then null else ${author.json('u')} end as user,
  ${author.followStatus(viewer, sql`u.id`)} as follow_status,
  ${spec.liked(viewer, c(table.id))} as liked,
  ${c(table.userId)} is null as is_deleted, ${c(table.hiddenAt)} is not null as is_hidden`;

  const from = sql`${sql.raw(getTableName(table))} c ${author.join('u', c(table.userId))}`;
  const after = (afterId: number | undefined) => (afterId === undefined ? sql`` : sql`and ${c(table.id)} > ${afterId}`);

  /** The top-level comments on one subject, oldest first, after `afterId` (the table's subject index). */
  function selectTopLevel(db: Db, viewer: Viewer, q: { subjectId: number; afterId?: number; limit: number }) {
    return selectRows<Row>(
      db,
      sql`select ${columns(viewer)} from ${from}
        where ${c(spec.subject)} = ${q.subjectId} and ${c(table.parentId)} is null and ${listed(viewer)}
          and ${author.shown(viewer, c(table.userId))} ${after(q.afterId)}
        order by ${c(table.id)} ${rowLimit(q.limit)}`,
    );
  }

  /** The replies to one comment, oldest first, after `afterId` (the table's parent index). */
  function selectReplies(db: Db, viewer: Viewer, q: { parentId: number; afterId?: number; limit: number }) {
    return selectRows<Row>(
      db,
      sql`select ${columns(viewer)} from ${from}
        where ${c(table.parentId)} = ${q.parentId} and ${listed(viewer)} and ${author.shown(viewer, c(table.userId))}
          ${after(q.afterId)}
        order by ${c(table.id)} ${rowLimit(q.limit)}`,
    );
  }

  /** The first `perParent` replies of each of these comments, in one statement. */
  function selectFirstReplies(db: Db, viewer: Viewer, parentIds: readonly number[], perParent: number): Promise<Row[]> {
    if (parentIds.length === 0) return Promise.resolve([]);
    return selectRows<Row>(
      db,
      sql`select x.* from unnest(${sql.param([...parentIds])}::int[]) p(id)
        cross join lateral (
          select ${columns(viewer)} from ${from}
          where ${c(table.parentId)} = p.id and ${listed(viewer)} and ${author.shown(viewer, c(table.userId))} order by ${c(table.id)} ${rowLimit(perParent)}) x
        order by x.parent_id, x.id`,
    );
  }

  /** One comment as the viewer sees it (the caller decides whether its subject is visible). */
  async function selectComment(db: Db, viewer: Viewer, commentId: number): Promise<Row | null> {
    const [row] = await selectRows<Row>(
      db,
      sql`select ${columns(viewer)} from ${from} where ${c(table.id)} = ${commentId} and ${listed(viewer)}`,
    );
    return row ?? null;
  }

  function toReply(row: Row): ReplyPayload<K> {
    return {
      id: row.id,
      [key]: row[key],
      comment: row.comment,
      user: row.user && { ...row.user, follow_status: row.follow_status },
      is_deleted: row.is_deleted,
      is_hidden: row.is_hidden,
      created_at: new Date(row.created_ms).toISOString(),
      updated_at: new Date(row.updated_ms).toISOString(),
      like_count: row.like_count,
      is_liked_by_user: row.liked,
      parent_comment_id: row.parent_id,
      replies: [],
      reply_count: 0,
    } as ReplyPayload<K>;
  }

  /** A row as the API answers it: a reply, or a top-level comment with the replies given. */
  function toComment(row: Row, replies: Row[] = []): CommentPayload<K> | ReplyPayload<K> {
    if (row.parent_id !== null) return toReply(row);
    return { ...toReply(row), replies: replies.map(toReply), reply_count: row.reply_count };
  }

  /** A comment as the API answers it, a top-level one with its first replies (one more statement). */
  async function withFirstReplies(db: Db, viewer: Viewer, row: Row): Promise<CommentPayload<K> | ReplyPayload<K>> {
    const replies = row.parent_id === null ? await selectFirstReplies(db, viewer, [row.id], REPLIES_INLINE) : [];
    return toComment(row, replies);
  }

  /** A page of the top-level comments on one subject, each with its first replies: two statements. */
  async function topLevelPage(
    db: Db,
    viewer: Viewer,
    subjectId: number,
    q: { page_size: number; cursor?: string },
  ): Promise<Page<CommentPayload<K> | ReplyPayload<K>>> {
    const rows = await selectTopLevel(db, viewer, {
      subjectId,
      afterId: decodeIdCursor(q.cursor),
      limit: q.page_size + 1,
    });
    const page = rows.slice(0, q.page_size);
    const replies = await selectFirstReplies(
      db,
      viewer,
      page.filter((r) => r.reply_count > 0).map((r) => r.id),
      REPLIES_INLINE,
    );
    const byParent = new Map<number, Row[]>();
    for (const reply of replies) byParent.set(reply.parent_id!, [...(byParent.get(reply.parent_id!) ?? []), reply]);
    return toPage(
      rows,
      q.page_size,
      (row) => toComment(row, byParent.get(row.id)),
      (last) => encodeCursor([last.id]),
    );
  }

  /** A page of the replies to one comment, oldest first (the caller checked that it may be seen). */
  async function repliesPage(
    db: Db,
    viewer: Viewer,
    parentId: number,
    q: { page_size: number; cursor?: string },
  ): Promise<Page<ReplyPayload<K>>> {
    const rows = await selectReplies(db, viewer, {
      parentId,
      afterId: decodeIdCursor(q.cursor),
      limit: q.page_size + 1,
    });
    return toPage(rows, q.page_size, toReply, (last) => encodeCursor([last.id]));
  }

  /** Stores a comment (a top-level one when `parentId` is null); its id. */
  async function insertComment(
    tx: Db,
    v: { subjectId: number; userId: number; parentId: number | null; body: string; at: Date },
  ): Promise<number> {
    const [row] = await tx
      .insert(table)
      .values({
        [subjectProperty]: v.subjectId,
        userId: v.userId,
        parentId: v.parentId,
        body: v.body,
        createdAt: v.at,
        updatedAt: v.at,
      })
      .returning({ id: table.id });
    if (!row) throw new Error('insert returned no row');
    return row.id as number;
  }

  async function updateCommentBody(tx: Db, commentId: number, body: string, at: Date): Promise<void> {
    await tx.update(table).set({ body, updatedAt: at }).where(eq(table.id, commentId));
  }

  async function addToReplyCount(tx: Db, commentId: number, by: number): Promise<void> {
    await tx
      .update(table)
      .set({ replyCount: sql`greatest(0, ${table.replyCount} + ${by})` })
      .where(eq(table.id, commentId));
  }

  /** Adds `by` to a comment's like count (never below 0); the new count. */
  async function addToCommentLikes(tx: Db, commentId: number, by: number): Promise<number> {
    const [row] = await tx
      .update(table)
      .set({ likeCount: sql`greatest(0, ${table.likeCount} + ${by})` })
      .where(eq(table.id, commentId))
      .returning({ n: table.likeCount });
    return (row?.n as number | undefined) ?? 0;
  }

  const name = sql.raw(getTableName(table));
  const column = (col: PgColumn) => sql.raw(col.name);
  const [idCol, userCol, parentCol, subjectCol, replyCol] = [
    table.id,
    table.userId,
    table.parentId,
    spec.subject,
    table.replyCount,
  ].map(column);

  /**
   * In the caller's transaction, before the account `userId` is deleted: its comments others replied to
   * become placeholders (no author, no text), its other comments and replies go, and the reply counts of
   * the comments they answered follow. How many comments each subject lost (what it counts), by subject.
   */
  async function forgetAuthor(tx: Db, userId: number): Promise<Map<number, number>> {
    const emptied = await selectRows<{ subject: number; hidden: boolean }>(
      tx,
      sql`update ${name} c set ${userCol} = null, body = '' where c.${userCol} = ${userId} and c.${parentCol} is null
          and exists (select 1 from ${name} r where r.${parentCol} = c.${idCol} and r.${userCol} is distinct from ${userId})
          returning c.${subjectCol} as subject, c.hidden_at is not null as hidden`,
    );
    const gone = await selectRows<{ subject: number; parent_id: number | null; hidden: boolean }>(
      tx,
      sql`delete from ${name} where ${userCol} = ${userId}
          returning ${subjectCol} as subject, ${parentCol} as parent_id, hidden_at is not null as hidden`,
    );
    const repliesLost = new Map<number, number>();
    for (const row of gone) {
      if (row.parent_id !== null) repliesLost.set(row.parent_id, (repliesLost.get(row.parent_id) ?? 0) + 1);
    }
    if (repliesLost.size > 0) {
      await tx.execute(sql`update ${name} c set ${replyCol} = greatest(0, c.${replyCol} - x.n)
          from ${countsById(repliesLost)} where c.${idCol} = x.id`);
    }
    const lost = new Map<number, number>();
    // A hidden comment was taken off its subject's count when it was hidden.
    for (const row of [...emptied, ...gone]) {
      if (!row.hidden) lost.set(row.subject, (lost.get(row.subject) ?? 0) + 1);
    }
    return lost;
  }

  /** Takes one like off each of these comments (an account that liked them is deleted). */
  async function subtractLikes(tx: Db, commentIds: readonly number[]): Promise<void> {
    if (commentIds.length === 0) return;
    await tx
      .update(table)
      .set({ likeCount: sql`greatest(0, ${table.likeCount} - 1)` })
      .where(sql`${table.id} = any(${sql.param([...commentIds])}::int[])`);
  }

  /** Marks a comment hidden by moderators; false when it is gone or hidden already. */
  async function hideComment(tx: Db, commentId: number, at: Date): Promise<boolean> {
    const rows = await tx
      .update(table)
      .set({ hiddenAt: at })
      .where(sql`${table.id} = ${commentId} and ${table.hiddenAt} is null`)
      .returning({ id: table.id });
    return rows.length === 1;
  }

  return {
    forgetAuthor,
    subtractLikes,
    hideComment,
    selectComment,
    toComment,
    withFirstReplies,
    topLevelPage,
    repliesPage,
    insertComment,
    updateCommentBody,
    addToReplyCount,
    addToCommentLikes,
  };
}

/**
 * A comment as the count of what it is on counts it: hidden by moderators it counts no more (its replies
 * still do). What deleting it takes off that count, a top-level comment going with its replies.
 */
export function commentsGoneWith(c: { parentId: number | null; replyCount: number; hidden: boolean }): number {
  return (c.hidden ? 0 : 1) + (c.parentId === null ? c.replyCount : 0);
}

/** Whether a comment is closed to the viewer's actions: hidden by moderators, and not theirs. */
export const hiddenFrom = (c: { userId: number | null; hidden: boolean }, viewer: number) =>
  c.hidden && c.userId !== viewer;

/**
 * Replies nest one level: the parent a new comment is stored under, given the comment it answers (none
 * for a top-level comment). A reply to a reply joins the top-level comment.
 */
export function threadParentOf(repliedTo: { id: number; parentId: number | null } | null): number | null {
  return repliedTo === null ? null : (repliedTo.parentId ?? repliedTo.id);
}
