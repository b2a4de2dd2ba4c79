import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { races } from '../db/schema/f1.ts';
import { clock, nowDate } from '../lib/clock.ts';

/*
 * The one completion rule of the product (API decisions, "Formula 1 data"): a race counts as completed
 * once its results exist or its start is more than 3 hours past. SQL and TypeScript share it here so a
 * list, a filter and a single race never disagree.
 */

export const RACE_COMPLETED_AFTER_MS = 3 * 60 * 60 * 1000;

interface RaceColumns {
  hasResults: AnyPgColumn;
  startsAt: AnyPgColumn;
}

/**
 * The rule as a boolean SQL expression over a `races` table or an alias of it (`alias(races, 'r')`),
 * at `at` (by default the server's clock, lib/clock.ts, so tests that move it move this rule too).
 */
export function raceIsCompletedSqlOf(table: RaceColumns = races, at: Date = nowDate()): SQL {
  return sql`(${table.hasResults} or ${table.startsAt} < ${at.toISOString()}::timestamptz - interval '3 hours')`;
}

/** The rule over the unaliased `races` table, now. */
export const raceIsCompletedSql = (): SQL => raceIsCompletedSqlOf(races);

export function isRaceCompleted(
  race: { hasResults: boolean; startsAt: Date | string },
  now: Date | number = clock.now(),
): boolean {
  if (race.hasResults) return true;
  const starts = new Date(race.startsAt).getTime();
  const at = typeof now === 'number' ? now : now.getTime();
  return at - starts > RACE_COMPLETED_AFTER_MS;
}
