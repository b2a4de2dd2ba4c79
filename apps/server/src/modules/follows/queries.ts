import { and, eq, sql } from 'drizzle-orm';
import { nowDate } from '../../lib/clock.ts';
import type { Db } from '../../db/client.ts';
import { follows } from '../../db/schema/follows.ts';
import { countUpTo, isoTime, lockForTransaction, rowLimit, selectRows } from '../../lib/sql.ts';
import { joinUser, userRefJson } from '../users/sql.ts';
import type { UserRef } from '@paddock/contract';

export type FollowState = 'accepted' | 'pending';

export async function selectFollow(db: Db, followerId: number, followingId: number) {
  const [row] = await db
    .select({ id: follows.id, status: follows.status })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)));
  return row ?? null;
}

/** Inserts the follow unless one exists; returns the new row's status, or null when it existed. */
export async function insertFollow(
  tx: Db,
  followerId: number,
  followingId: number,
  status: FollowState,
): Promise<FollowState | null> {
  const [row] = await tx
    .insert(follows)
    .values({ followerId, followingId, status, createdAt: nowDate() })
    .onConflictDoNothing()
    .returning({ status: follows.status });
  return row?.status ?? null;
}

/** Deletes the follow; returns the status it had, or null when there was none. */
export async function deleteFollow(tx: Db, followerId: number, followingId: number): Promise<FollowState | null> {
  const [row] = await tx
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
    .returning({ status: follows.status });
  return row?.status ?? null;
}

/** Accepts one pending request; returns whether there was one. */
export async function acceptPending(tx: Db, followerId: number, followingId: number): Promise<boolean> {
  const rows = await tx
    .update(follows)
    .set({ status: 'accepted' })
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId), eq(follows.status, 'pending')))
    .returning({ id: follows.id });
  return rows.length === 1;
}

/** Accepts every pending request to `userId`; returns the requesters. */
export async function acceptAllPending(tx: Db, userId: number): Promise<number[]> {
  const rows = await tx
    .update(follows)
    .set({ status: 'accepted' })
    .where(and(eq(follows.followingId, userId), eq(follows.status, 'pending')))
    .returning({ followerId: follows.followerId });
  return rows.map((r) => r.followerId);
}

/** How `viewer` and `other` follow each other: the viewer's follow status and whether `other` follows back. */
export async function selectRelationship(db: Db, viewer: number, other: number) {
  const [row] = await selectRows<{ outgoing: FollowState | null; incoming: boolean }>(
    db,
    sql`select
          (select status from follows where follower_id = ${viewer} and following_id = ${other}) as outgoing,
          exists (select 1 from follows where follower_id = ${other} and following_id = ${viewer}
                  and status = 'accepted') as incoming`,
  );
  return { outgoing: row?.outgoing ?? null, incoming: row?.incoming ?? false };
}

export interface FollowListRow {
  follow_id: number;
  user: UserRef;
  is_private: boolean;
  followed_at_ms: number;
  viewer_status: FollowState | null;
}

/**
 * Accepted followers of a user (`direction: 'followers'`) or accounts they follow ('following'), newest
 * follow first, keyset on the follow's id; with the viewer's own follow status towards each listed user.
 */
export function selectFollowList(
  db: Db,
  q: { userId: number; direction: 'followers' | 'following'; viewer: number | null; beforeId?: number; limit: number },
): Promise<FollowListRow[]> {
  const [self, other] = q.direction === 'followers' ? ['following_id', 'follower_id'] : ['follower_id', 'following_id'];
  return selectRows<FollowListRow>(
    db,
    sql`select f.id as follow_id, ${userRefJson('u')} as user, u.is_private,
          (extract(epoch from f.created_at) * 1000)::float8 as followed_at_ms,
          (select vf.status from follows vf where vf.follower_id = ${q.viewer} and vf.following_id = u.id) as viewer_status
        from follows f ${joinUser('u', sql.raw(`f.${other}`))}
        where f.${sql.raw(self)} = ${q.userId} and f.status = 'accepted'
          ${q.beforeId === undefined ? sql`` : sql`and f.id < ${q.beforeId}`}
        order by f.id desc
        ${rowLimit(q.limit)}`,
  );
}

export interface FollowRequestRow {
  id: number;
  requester: UserRef;
  created_ms: number;
}

/** Pending requests to `userId`, newest first, keyset on the follow's id. */
export function selectPendingRequests(
  db: Db,
  q: { userId: number; beforeId?: number; limit: number },
): Promise<FollowRequestRow[]> {
  return selectRows<FollowRequestRow>(
    db,
    sql`select f.id, ${userRefJson('u')} as requester,
          (extract(epoch from f.created_at) * 1000)::float8 as created_ms
        from follows f ${joinUser('u', sql`f.follower_id`)}
        where f.following_id = ${q.userId} and f.status = 'pending'
          ${q.beforeId === undefined ? sql`` : sql`and f.id < ${q.beforeId}`}
        order by f.id desc
        ${rowLimit(q.limit)}`,
  );
}

/** How many requests to `userId` are pending, counting no further than `max`. */
export async function countPendingRequests(db: Db, userId: number, max: number): Promise<number> {
  return countUpTo(db, sql`follows where following_id = ${userId} and status = 'pending'`, max);
}

/** The requester of a pending request to `userId`, by the request's id; null when there is none. */
export async function selectPendingRequester(db: Db, userId: number, requestId: number): Promise<number | null> {
  const [row] = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(and(eq(follows.id, requestId), eq(follows.followingId, userId), eq(follows.status, 'pending')));
  return row?.followerId ?? null;
}

/** Deletes a pending request to `userId` by its id; its requester, or null when there was none. */
export async function deletePendingRequest(db: Db, userId: number, requestId: number): Promise<number | null> {
  const [row] = await db
    .delete(follows)
    .where(and(eq(follows.id, requestId), eq(follows.followingId, userId), eq(follows.status, 'pending')))
    .returning({ followerId: follows.followerId });
  return row?.followerId ?? null;
}

/*
 * Blocks and mutes (decision 028). A block and a follow between the same two accounts never stand
 * together: both are written holding the pair's lock, and a block deletes the follows first.
 */

/** Holds the lock of the pair of accounts until the transaction ends (follows and blocks between them). */
export function lockPair(tx: Db, a: number, b: number): Promise<void> {
  return lockForTransaction(tx, `account-pair:${Math.min(a, b)}`, Math.max(a, b));
}

/** How two accounts stand by blocks: whether `a` blocked `b`, and whether `b` blocked `a`. */
export async function selectBlocksBetween(
  db: Db,
  a: number,
  b: number,
): Promise<{ aBlocked: boolean; bBlocked: boolean }> {
  const rows = await selectRows<{ blocker_id: number }>(
    db,
    sql`select blocker_id from blocks where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a})`,
  );
  return { aBlocked: rows.some((r) => r.blocker_id === a), bBlocked: rows.some((r) => r.blocker_id === b) };
}

/** The accounts whose content the viewer's streams leave out: blocked either way, or muted by the viewer. */
export async function selectHiddenAuthorIds(db: Db, viewer: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select blocked_id as id from blocks where blocker_id = ${viewer}
        union select blocker_id from blocks where blocked_id = ${viewer}
        union select muted_id from mutes where muter_id = ${viewer}`,
  );
  return rows.map((r) => r.id);
}

/** Deletes the follows and requests between two accounts, both ways; the deleted rows. */
export async function deleteFollowsBetween(tx: Db, a: number, b: number) {
  return tx
    .delete(follows)
    .where(
      sql`(${follows.followerId} = ${a} and ${follows.followingId} = ${b}) or (${follows.followerId} = ${b} and ${follows.followingId} = ${a})`,
    )
    .returning({ followerId: follows.followerId, followingId: follows.followingId, status: follows.status });
}

/** Deletes every follow and request to or from an account (it is being deleted); what they were. */
export async function deleteFollowsOf(tx: Db, userId: number) {
  return tx
    .delete(follows)
    .where(sql`${follows.followerId} = ${userId} or ${follows.followingId} = ${userId}`)
    .returning({ followerId: follows.followerId, followingId: follows.followingId, status: follows.status });
}

/** Blocks and mutes are written and listed the same way: the acting account's rows about another. */
const relationTables = {
  block: { table: 'blocks', owner: 'blocker_id', other: 'blocked_id' },
  mute: { table: 'mutes', owner: 'muter_id', other: 'muted_id' },
} as const;
export type RelationKind = keyof typeof relationTables;

/**
 * The rows of a relation table (follows, blocks, mutes) that `ownerId` owns, as `x`, each with the account
 * on its other end as `u`: the `from … where` of a statement, for more conditions to follow.
 */
const ownedRows = (r: { table: string; owner: string; other: string }, ownerId: number) =>
  sql`${sql.raw(r.table)} x ${joinUser('u', sql.raw(`x.${r.other}`))} where x.${sql.raw(r.owner)} = ${ownerId}`;

const relation = (kind: RelationKind) => {
  const r = relationTables[kind];
  return { table: sql.raw(r.table), owner: sql.raw(r.owner), other: sql.raw(r.other) };
};

/** Inserts the block or mute unless it exists; whether it is new. */
export async function insertRelation(tx: Db, kind: RelationKind, ownerId: number, otherId: number): Promise<boolean> {
  const r = relation(kind);
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`insert into ${r.table} (${r.owner}, ${r.other}, created_at)
        values (${ownerId}, ${otherId}, ${nowDate().toISOString()}::timestamptz)
        on conflict do nothing returning id`,
  );
  return rows.length === 1;
}

/** Deletes the block or mute; whether there was one. */
export async function deleteRelation(tx: Db, kind: RelationKind, ownerId: number, otherId: number): Promise<boolean> {
  const r = relation(kind);
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`delete from ${r.table} where ${r.owner} = ${ownerId} and ${r.other} = ${otherId} returning id`,
  );
  return rows.length === 1;
}

/** Whether `ownerId` has blocked or muted `otherId`, and whether `otherId` has blocked `ownerId`. */
export async function selectRelations(db: Db, ownerId: number, otherId: number) {
  const [row] = await selectRows<{ blocking: boolean; muting: boolean; blocked_by: boolean }>(
    db,
    sql`select exists (select 1 from blocks where blocker_id = ${ownerId} and blocked_id = ${otherId}) as blocking,
          exists (select 1 from mutes where muter_id = ${ownerId} and muted_id = ${otherId}) as muting,
          exists (select 1 from blocks where blocker_id = ${otherId} and blocked_id = ${ownerId}) as blocked_by`,
  );
  return { blocking: row?.blocking ?? false, muting: row?.muting ?? false, blockedBy: row?.blocked_by ?? false };
}

export interface RelationListRow {
  id: number;
  user: UserRef;
  created_ms: number;
}

/** The accounts `ownerId` blocked or muted, newest first, keyset on the row's id. */
export function selectRelationList(
  db: Db,
  kind: RelationKind,
  q: { ownerId: number; beforeId?: number; limit: number },
): Promise<RelationListRow[]> {
  return selectRows<RelationListRow>(
    db,
    sql`select x.id, ${userRefJson('u')} as user, (extract(epoch from x.created_at) * 1000)::float8 as created_ms
        from ${ownedRows(relationTables[kind], q.ownerId)}
          ${q.beforeId === undefined ? sql`` : sql`and x.id < ${q.beforeId}`}
        order by x.id desc
        ${rowLimit(q.limit)}`,
  );
}

/* The account's relations for its data export (decision 029), a page at a time by the row's id. */

/** The relations of an account a data export lists: whom it follows, its followers, requests, blocks, mutes. */
export type ExportedRelation = 'following' | 'followers' | 'requests_sent' | 'requests_received' | 'blocks' | 'mutes';

const exportedRelations: Record<ExportedRelation, { table: string; owner: string; other: string; status?: string }> = {
  following: { table: 'follows', owner: 'follower_id', other: 'following_id', status: 'accepted' },
  followers: { table: 'follows', owner: 'following_id', other: 'follower_id', status: 'accepted' },
  requests_sent: { table: 'follows', owner: 'follower_id', other: 'following_id', status: 'pending' },
  requests_received: { table: 'follows', owner: 'following_id', other: 'follower_id', status: 'pending' },
  blocks: relationTables.block,
  mutes: relationTables.mute,
};

/** A page of one of the account's relations: the other account and since when. */
export const relationExportPage = (which: ExportedRelation, userId: number) => (after: number, limit: number) => {
  const r = exportedRelations[which];
  return sql`select x.id, ${userRefJson('u')} as user, ${isoTime(sql`x.created_at`)} as since
    from ${ownedRows(r, userId)} ${r.status ? sql`and x.status = ${r.status}` : sql``} and x.id > ${after}
    order by x.id ${rowLimit(limit)}`;
};

/** How many accepted follows of an account were made during a calendar year. */
export async function countFollowersGainedIn(db: Db, userId: number, year: number): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from follows
        where following_id = ${userId} and status = 'accepted'
          and created_at >= make_timestamptz(${year}, 1, 1, 0, 0, 0, 'UTC')
          and created_at < make_timestamptz(${year + 1}, 1, 1, 0, 0, 0, 'UTC')`,
  );
  return row?.n ?? 0;
}
