import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { races } from '../db/schema/f1.ts';

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
 * The rule as a boolean SQL expression over a `races` table or an alias of it (`alias(races, 'r')`).
 * `at` pins the present (tests); by default the database's now().
 */
export function raceIsCompletedSqlOf(table: RaceColumns = races, at?: Date): SQL {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  return sql`(${table.hasResults} or ${table.startsAt} < ${now} - interval '3 hours')`;
}

/** The rule over the unaliased `races` table, at the database's now(). */
export const raceIsCompletedSql: SQL = raceIsCompletedSqlOf(races);

export function isRaceCompleted(
  race: { hasResults: boolean; startsAt: Date | string },
  now: Date | number = Date.now(),
): boolean {
  if (race.hasResults) return true;
  const starts = new Date(race.startsAt).getTime();
  const at = typeof now === 'number' ? now : now.getTime();
  return at - starts > RACE_COMPLETED_AFTER_MS;
}
