import { and, asc, eq, gt, gte, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { f1SyncState, races } from '../db/schema/f1.ts';
import { RESULTS_GIVE_UP_AFTER_MS } from './results-timing.ts';
import { RACE_COMPLETED_AFTER_MS } from './race-status.ts';

/*
 * The results sync's own bookkeeping (the f1_sync_state table, decision 020) and the races it plans
 * from. Every instance of a site reads and writes the same row, so the one that runs an attempt knows
 * when the last attempt was, whichever instance made it.
 */

/** The row of the Jolpica sync. */
export const JOLPICA_SOURCE = 'jolpica';

export interface SyncState {
  attemptedAt: number | null;
  failures: number;
  succeededAt: number | null;
}

const ms = (d: Date | null) => (d === null ? null : d.getTime());

export async function readSyncState(db: Db): Promise<SyncState> {
  const [row] = await db.select().from(f1SyncState).where(eq(f1SyncState.source, JOLPICA_SOURCE));
  return {
    attemptedAt: ms(row?.attemptedAt ?? null),
    failures: row?.failures ?? 0,
    succeededAt: ms(row?.succeededAt ?? null),
  };
}

type StateValues = Omit<typeof f1SyncState.$inferInsert, 'source'>;

/** Writes `values` into the Jolpica row (created on first use); `set` is what an existing row gets. */
async function writeState(db: Db, values: StateValues, set: Record<string, unknown> = values): Promise<void> {
  await db
    .insert(f1SyncState)
    .values({ source: JOLPICA_SOURCE, ...values })
    .onConflictDoUpdate({ target: f1SyncState.source, set });
}

/** A run starts: written before the first request, so another instance does not repeat it meanwhile. */
export function recordAttempt(db: Db, at: number): Promise<void> {
  return writeState(db, { attemptedAt: new Date(at) });
}

/**
 * A run that started at `at` reached Jolpica and checked every race it had to (the site's "results last
 * updated"); it counts as the latest attempt too.
 */
export function recordSuccess(db: Db, at: number): Promise<void> {
  return writeState(db, { attemptedAt: new Date(at), succeededAt: new Date(at), failures: 0 });
}

/** A run failed (no network, Jolpica down or throttling): one more for the back-off. */
export function recordFailure(db: Db): Promise<void> {
  return writeState(db, { failures: 1 }, { failures: sql`${f1SyncState.failures} + 1` });
}

/**
 * Races without results whose attempts may still be ahead: those not started yet and those whose
 * attempts after the scheduled end have not run out. Soonest first.
 */
export async function selectRacesAwaitingResults(db: Db, now: number): Promise<{ startsAt: number }[]> {
  const since = new Date(now - RACE_COMPLETED_AFTER_MS - RESULTS_GIVE_UP_AFTER_MS);
  const rows = await db
    .select({ startsAt: races.startsAt })
    .from(races)
    .where(and(eq(races.hasResults, false), gt(races.startsAt, since)))
    .orderBy(asc(races.startsAt))
    .limit(100);
  return rows.map((r) => ({ startsAt: r.startsAt.getTime() }));
}

/**
 * The seasons a run syncs: the current one (its schedule is checked even when nothing awaits results)
 * and the previous one while it has races that ran without results (a December race, looked at in
 * January). Only seasons the database has races of: the sync maps Jolpica's rounds onto them.
 */
export async function selectSeasonsToSync(db: Db, now: number): Promise<number[]> {
  const year = new Date(now).getUTCFullYear();
  const rows = await db
    .selectDistinct({ year: races.year })
    .from(races)
    .where(
      and(
        gte(races.year, year - 1),
        lte(races.year, year),
        or(eq(races.year, year), and(eq(races.hasResults, false), lte(races.startsAt, new Date(now)))),
      ),
    )
    .orderBy(asc(races.year));
  return rows.map((r) => r.year);
}
