import { sql, type SQL } from 'drizzle-orm';

/*
 * Published for other modules (decision 006): what they join of the watched races, so the text naming
 * the table stays here and their statements stay single statements.
 */

/** Whether `userId` marked `raceId` (a value, or a column of the statement) watched, through the primary key. */
export const raceWatchedBy = (userId: number, raceId: number | SQL) =>
  sql`exists (select 1 from watched_races where user_id = ${userId} and race_id = ${raceId})`;
