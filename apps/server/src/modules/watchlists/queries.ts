import { and, eq, sql } from 'drizzle-orm';
import type { UserRef } from '@paddock/contract';
import type { Db } from '../../db/client.ts';
import { watchlistRaces, watchlists } from '../../db/schema/watchlists.ts';
import { countUpTo, isoTime, lockForTransaction, rowLimit, run, selectRows } from '../../lib/sql.ts';
import { joinRaceRef, raceRefColumns, type RaceRefRow } from '../f1/sql.ts';
import { joinUser, userRefJson } from '../users/sql.ts';
import { raceTitleOf } from '../f1/sql.ts';

/*
 * Watchlists and their races. A list is read with one statement for the list and one for its races;
 * every write that changes a list's races locks the list's row first, so `race_count` and the positions
 * stay right under concurrent requests.
 */

export interface WatchlistRow {
  id: number;
  user_id: number;
  name: string;
  description: string;
  is_public: boolean;
  share_token: string;
  race_count: number;
  user: UserRef;
  created_ms: number;
  updated_ms: number;
}

const listColumns = sql`wl.id, wl.user_id, wl.name, wl.description, wl.is_public, wl.share_token, wl.race_count,
  ${userRefJson('u')} as user,
  (extract(epoch from wl.created_at) * 1000)::float8 as created_ms,
  (extract(epoch from wl.updated_at) * 1000)::float8 as updated_ms`;
const listFrom = sql`watchlists wl ${joinUser('u', sql`wl.user_id`)}`;

/** One watchlist by id (no row: none). */
export function selectWatchlist(db: Db, id: number): Promise<WatchlistRow[]> {
  return selectRows<WatchlistRow>(db, sql`select ${listColumns} from ${listFrom} where wl.id = ${id}`);
}

/** One watchlist by its share token (no row: none). */
export function selectWatchlistByToken(db: Db, token: string): Promise<WatchlistRow[]> {
  return selectRows<WatchlistRow>(db, sql`select ${listColumns} from ${listFrom} where wl.share_token = ${token}`);
}

/** A user's watchlists, newest first, keyset on the id. */
export function selectUserWatchlists(
  db: Db,
  q: { userId: number; beforeId?: number; limit: number },
): Promise<WatchlistRow[]> {
  return selectRows<WatchlistRow>(
    db,
    sql`select ${listColumns} from ${listFrom}
        where wl.user_id = ${q.userId}
          ${q.beforeId === undefined ? sql`` : sql`and wl.id < ${q.beforeId}`}
        order by wl.id desc
        ${rowLimit(q.limit)}`,
  );
}

export interface WatchlistRaceRow extends RaceRefRow {
  position: number;
  added_ms: number;
}

/** The races of a watchlist in the owner's order, numbered from 1: one statement for the whole list. */
export function selectWatchlistRaces(db: Db, watchlistId: number): Promise<WatchlistRaceRow[]> {
  return selectRows<WatchlistRaceRow>(
    db,
    sql`select ${raceRefColumns}, (row_number() over (order by wr.position, wr.race_id))::int as position,
          (extract(epoch from wr.added_at) * 1000)::float8 as added_ms
        from watchlist_races wr ${joinRaceRef(sql`wr.race_id`)}
        where wr.watchlist_id = ${watchlistId}
        order by wr.position, wr.race_id`,
  );
}

/** Serialises one user's list creations, so the per-user limit holds under concurrent requests. */
export const lockUserWatchlists = (tx: Db, userId: number) => lockForTransaction(tx, 'watchlists', userId);

/** How many lists the user has, counted up to `max` (enough to tell whether a limit is reached). */
export const countUserWatchlists = (tx: Db, userId: number, max: number) =>
  countUpTo(tx, sql`watchlists where user_id = ${userId}`, max);

export async function insertWatchlist(
  tx: Db,
  values: { userId: number; name: string; description: string; isPublic: boolean; shareToken: string; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(watchlists)
    .values({
      userId: values.userId,
      name: values.name,
      description: values.description,
      isPublic: values.isPublic,
      shareToken: values.shareToken,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning({ id: watchlists.id });
  return row!.id;
}

/** Changes the owner's list; false when the user owns no list with that id. */
export async function updateOwnWatchlist(
  db: Db,
  userId: number,
  id: number,
  patch: { name?: string; description?: string; isPublic?: boolean; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(watchlists)
    .set({ name: patch.name, description: patch.description, isPublic: patch.isPublic, updatedAt: patch.at })
    .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
    .returning({ id: watchlists.id });
  return rows.length === 1;
}

/** Deletes the owner's list with its races; false when the user owns no list with that id. */
export async function deleteOwnWatchlist(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(watchlists)
    .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
    .returning({ id: watchlists.id });
  return rows.length === 1;
}

/**
 * Locks the owner's list for the rest of the transaction and answers its race count; null when the
 * user owns no list with that id.
 */
export async function lockOwnWatchlist(tx: Db, userId: number, id: number): Promise<{ raceCount: number } | null> {
  const [row] = await tx
    .select({ raceCount: watchlists.raceCount })
    .from(watchlists)
    .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
    .for('update');
  return row ?? null;
}

/** Appends a race after the list's last one; false when the list already holds it. */
export async function appendWatchlistRace(tx: Db, watchlistId: number, raceId: number, at: Date): Promise<boolean> {
  const rows = await selectRows<{ race_id: number }>(
    tx,
    sql`insert into watchlist_races (watchlist_id, race_id, position, added_at)
        select ${watchlistId}::int, ${raceId}::int, coalesce(max(position), 0) + 1, ${at.toISOString()}::timestamptz
        from watchlist_races where watchlist_id = ${watchlistId}
        on conflict do nothing
        returning race_id`,
  );
  return rows.length === 1;
}

/** Removes a race from a list; false when the list did not hold it. */
export async function deleteWatchlistRace(tx: Db, watchlistId: number, raceId: number): Promise<boolean> {
  const rows = await tx
    .delete(watchlistRaces)
    .where(and(eq(watchlistRaces.watchlistId, watchlistId), eq(watchlistRaces.raceId, raceId)))
    .returning({ raceId: watchlistRaces.raceId });
  return rows.length === 1;
}

/** The race ids a list holds, in no particular order. */
export async function selectWatchlistRaceIds(tx: Db, watchlistId: number): Promise<number[]> {
  const rows = await tx
    .select({ raceId: watchlistRaces.raceId })
    .from(watchlistRaces)
    .where(eq(watchlistRaces.watchlistId, watchlistId));
  return rows.map((r) => r.raceId);
}

/** Numbers the list's races 1, 2, … in the order of `raceIds` (exactly the races it holds). */
export async function setWatchlistOrder(tx: Db, watchlistId: number, raceIds: readonly number[]): Promise<void> {
  await run(
    tx,
    sql`update watchlist_races wr set position = o.ord
        from unnest(${sql.param([...raceIds])}::int[]) with ordinality as o(race_id, ord)
        where wr.watchlist_id = ${watchlistId} and wr.race_id = o.race_id`,
  );
}

/** Moves a list's race count by `delta` and marks it updated. */
export async function touchWatchlist(tx: Db, watchlistId: number, delta: number, at: Date): Promise<void> {
  await tx
    .update(watchlists)
    .set({ raceCount: sql`${watchlists.raceCount} + ${delta}::int`, updatedAt: at })
    .where(eq(watchlists.id, watchlistId));
}

/* The account's own rows for its data export (decision 029), a page at a time: key above `after`, in key order. */

/** A page of the account's watchlists, each with its races in order. */
export const watchlistsExportPage = (userId: number) => (after: number, limit: number) =>
  sql`select l.id, l.name, l.description, l.is_public, l.share_token,
          ${isoTime(sql`l.created_at`)} as created_at, ${isoTime(sql`l.updated_at`)} as updated_at,
          coalesce((select json_agg(json_build_object('race_id', wr.race_id, 'race', ${raceTitleOf(sql`wr.race_id`)},
                     'added_at', ${isoTime(sql`wr.added_at`)}) order by wr.position)
                    from watchlist_races wr where wr.watchlist_id = l.id), '[]'::json) as races
        from watchlists l where l.user_id = ${userId} and l.id > ${after} order by l.id ${rowLimit(limit)}`;
