import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { watchedRaces } from '../../db/schema/watched.ts';
import { isoTime, rowLimit, selectRows } from '../../lib/sql.ts';
import { joinRaceRef, raceRefColumns, type RaceRefRow } from '../f1/sql.ts';
import { joinRaceYear, raceTitleOf } from '../f1/sql.ts';

/* Watched races: one row per user and race, listed newest first through (user_id, created_at). */

/** Marks a race watched; returns whether it was new. */
export async function insertWatched(db: Db, userId: number, raceId: number, at: Date): Promise<boolean> {
  const rows = await db
    .insert(watchedRaces)
    .values({ userId, raceId, createdAt: at })
    .onConflictDoNothing()
    .returning({ raceId: watchedRaces.raceId });
  return rows.length === 1;
}

export async function deleteWatched(db: Db, userId: number, raceId: number): Promise<boolean> {
  const rows = await db
    .delete(watchedRaces)
    .where(and(eq(watchedRaces.userId, userId), eq(watchedRaces.raceId, raceId)))
    .returning({ raceId: watchedRaces.raceId });
  return rows.length === 1;
}

export interface WatchedRow extends RaceRefRow {
  watched_ms: number;
}

/** A user's watched races, most recently watched first; keyset on (watched at, race id). */
export function selectWatched(
  db: Db,
  q: { userId: number; before?: { ms: number; raceId: number }; limit: number },
): Promise<WatchedRow[]> {
  return selectRows<WatchedRow>(
    db,
    sql`select ${raceRefColumns}, (extract(epoch from w.created_at) * 1000)::float8 as watched_ms
        from watched_races w ${joinRaceRef(sql`w.race_id`)}
        where w.user_id = ${q.userId}
          ${
            q.before
              ? sql`and (w.created_at, w.race_id) < (to_timestamp(${q.before.ms / 1000}), ${q.before.raceId})`
              : sql``
          }
        order by w.created_at desc, w.race_id desc ${rowLimit(q.limit)}`,
  );
}

/** How many races a user marked watched. */
export async function selectWatchedCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ watched: count() }).from(watchedRaces).where(eq(watchedRaces.userId, userId));
  return row?.watched ?? 0;
}

/* The account's own rows for its data export (decision 029), a page at a time: key above `after`, in key order. */

/** A page of the races the account marked watched. */
export const watchedExportPage = (userId: number) => (after: number, limit: number) =>
  sql`select w.race_id, ${raceTitleOf(sql`w.race_id`)} as race, ${isoTime(sql`w.created_at`)} as watched_at
        from watched_races w where w.user_id = ${userId} and w.race_id > ${after} order by w.race_id ${rowLimit(limit)}`;

/** How many of a season's races a member watched, and the mean over members who watched any of them. */
export async function selectSeasonWatched(db: Db, userId: number, year: number) {
  const [row] = await selectRows<{ mine: number; community: number | null }>(
    db,
    sql`select count(*) filter (where w.user_id = ${userId})::int as mine,
          count(*)::float8 / nullif(count(distinct w.user_id), 0) as community
        from watched_races w ${joinRaceYear(sql`w.race_id`)} where race_year = ${year}`,
  );
  return { mine: row?.mine ?? 0, community: row?.community ?? null };
}
