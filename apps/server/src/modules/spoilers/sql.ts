import { sql, type SQL } from 'drizzle-orm';
import { nowDate } from '../../lib/clock.ts';
import type { Reader } from '../../lib/context.ts';
import { raceInSpoilerSpan } from '../f1/sql.ts';
import { spoilerShieldOf } from '../users/sql.ts';
import { raceWatchedBy } from '../watched/sql.ts';

/*
 * The spoiler shield's rule, published for the statements that show races, reviews and notifications
 * (decision 033), so each decides it in its own SQL: no statement per row. It reads the reader's setting
 * (users), their watched races (watched) and the race's start (f1) through what those modules publish; every
 * lookup is by primary key.
 */

/**
 * Whether the reader's shield hides the race `raceId` from them now: their setting is not 'off', the race is
 * in the setting's span (f1/sql.ts), they have not marked it watched, and they did not reveal it for this
 * browser session. Guests (null): never.
 */
export function raceShieldedFor(reader: Reader | null, raceId: SQL): SQL {
  if (reader === null) return sql`false`;
  const setting = spoilerShieldOf(reader.id);
  const notRevealed =
    reader.revealed.length === 0 ? sql`true` : sql`${raceId} <> all(${sql.param([...reader.revealed])}::int[])`;
  return sql`(${setting} <> 'off' and ${notRevealed} and ${raceInSpoilerSpan(raceId, setting, nowDate())}
    and not ${raceWatchedBy(reader.id, raceId)})`;
}
