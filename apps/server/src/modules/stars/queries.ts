import { and, eq, sql, type SQL } from 'drizzle-orm';
import { nowDate } from '../../lib/clock.ts';
import type { DriverRef, UserRef } from '@paddock/contract';
import type { Db } from '../../db/client.ts';
import { starredDrivers } from '../../db/schema/stars.ts';
import type { Viewer } from '../../lib/context.ts';
import { countUpTo, isoTime, lockForTransaction, rowLimit, selectRows } from '../../lib/sql.ts';
import { driverRefJson, joinDriver, joinRaceRef, raceRefColumns, type RaceRefRow } from '../f1/sql.ts';
import { canSeeContentOf } from '../follows/visibility.ts';
import { joinUser, userIsPrivate, userRefJson } from '../users/sql.ts';
import { joinRaceYear, raceTitleOf } from '../f1/sql.ts';

/** Serialises one user's starring (the limit per race is counted, then written). */
export const lockUserStars = (tx: Db, userId: number) => lockForTransaction(tx, 'starred_drivers', userId);

/** How many drivers the user starred in the race, counted up to `max`. */
export const countStarsOfRace = (tx: Db, userId: number, raceId: number, max: number) =>
  countUpTo(tx, sql`starred_drivers where user_id = ${userId} and race_id = ${raceId}`, max);

/** The star's id, and whether this call created it (false: it existed). */
export async function insertStar(
  tx: Db,
  star: { userId: number; raceId: number; driverId: string },
): Promise<{ id: number; created: boolean }> {
  const [inserted] = await tx
    .insert(starredDrivers)
    .values({ ...star, createdAt: nowDate() })
    .onConflictDoNothing()
    .returning({ id: starredDrivers.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await tx
    .select({ id: starredDrivers.id })
    .from(starredDrivers)
    .where(
      and(
        eq(starredDrivers.userId, star.userId),
        eq(starredDrivers.raceId, star.raceId),
        eq(starredDrivers.driverId, star.driverId),
      ),
    );
  return { id: existing!.id, created: false };
}

/** Deletes a user's own star; its race, or null when there was no such star of theirs. */
export async function deleteOwnStar(db: Db, userId: number, id: number): Promise<number | null> {
  const rows = await db
    .delete(starredDrivers)
    .where(and(eq(starredDrivers.id, id), eq(starredDrivers.userId, userId)))
    .returning({ raceId: starredDrivers.raceId });
  return rows[0]?.raceId ?? null;
}

/** A star with its race's card columns (`race_id` among them). */
export interface StarRow extends RaceRefRow {
  id: number;
  driver: DriverRef;
  user: UserRef;
  created_ms: number;
}

const starColumns = sql`s.id, ${raceRefColumns}, ${driverRefJson('d', 'dc')} as driver, ${userRefJson('u')} as user,
  (extract(epoch from s.created_at) * 1000)::float8 as created_ms`;
const starFrom = sql`starred_drivers s ${joinDriver('d', 'dc', sql`s.driver_id`)} ${joinUser('u', sql`s.user_id`)}
  ${joinRaceRef(sql`s.race_id`)}`;

/** One star, by id (no row: none). */
export function selectStar(db: Db, id: number): Promise<StarRow[]> {
  return selectRows<StarRow>(db, sql`select ${starColumns} from ${starFrom} where s.id = ${id}`);
}

/** A user's stars, newest first, keyset on the id, optionally of one race. */
export function selectUserStars(
  db: Db,
  q: { userId: number; raceId?: number; beforeId?: number; limit: number },
): Promise<StarRow[]> {
  return selectRows<StarRow>(
    db,
    sql`select ${starColumns} from ${starFrom}
        where s.user_id = ${q.userId}
          ${q.raceId === undefined ? sql`` : sql`and s.race_id = ${q.raceId}`}
          ${q.beforeId === undefined ? sql`` : sql`and s.id < ${q.beforeId}`}
        order by s.id desc
        ${rowLimit(q.limit)}`,
  );
}

export type DriverTally = { driver: DriverRef; star_count: number }[];

/** Drivers with their star counts, most first: `counts` is a subquery of (driver_id, n) rows. */
function driverTally(db: Db, counts: SQL, limit: number): Promise<DriverTally> {
  return selectRows(
    db,
    sql`select ${driverRefJson('d', 'dc')} as driver, x.n as star_count
        from (${counts}) x ${joinDriver('d', 'dc', sql`x.driver_id`)}
        order by x.n desc, x.driver_id
        ${rowLimit(limit)}`,
  );
}

/**
 * The most-starred drivers of a race: stars the viewer may see (public accounts', their own and those of
 * accounts they follow), so a private account's choices never show to others.
 */
export function selectMostStarred(db: Db, viewer: Viewer, raceId: number, limit: number): Promise<DriverTally> {
  const visible = canSeeContentOf(viewer, { id: sql`u.id`, isPrivate: userIsPrivate('u') });
  return driverTally(
    db,
    sql`select s.driver_id, count(*)::int as n
        from starred_drivers s ${joinUser('u', sql`s.user_id`)}
        where s.race_id = ${raceId} and ${visible}
        group by s.driver_id`,
    limit,
  );
}

/** The drivers a user starred most often, across races. */
export function selectUserMostStarred(db: Db, userId: number, limit: number): Promise<DriverTally> {
  return driverTally(
    db,
    sql`select driver_id, count(*)::int as n from starred_drivers where user_id = ${userId} group by driver_id`,
    limit,
  );
}

/* The account's own rows for its data export (decision 029), a page at a time: key above `after`, in key order. */

/** A page of the drivers the account starred, race by race. */
export const starsExportPage = (userId: number) => (after: number, limit: number) =>
  sql`select s.id, s.race_id, ${raceTitleOf(sql`s.race_id`)} as race, s.driver_id, ${isoTime(sql`s.created_at`)} as created_at
        from starred_drivers s where s.user_id = ${userId} and s.id > ${after} order by s.id ${rowLimit(limit)}`;

/** A member's most-starred drivers of one season's races. */
export function selectSeasonMostStarred(db: Db, userId: number, year: number, limit: number): Promise<DriverTally> {
  return driverTally(
    db,
    sql`select s.driver_id, count(*)::int as n from starred_drivers s ${joinRaceYear(sql`s.race_id`)}
        where s.user_id = ${userId} and race_year = ${year} group by s.driver_id`,
    limit,
  );
}
