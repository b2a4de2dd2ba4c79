import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { clock as serverClock } from '../lib/clock.ts';
import { F1_TAG, invalidateEverywhere } from '../lib/read-cache.ts';
import { syncChanged, syncRequestsNeeded, syncSeason, type SyncReport } from './jolpica.ts';
import { JOLPICA_PER_HOUR, RequestLimiter, systemClock, type Clock, type FetchLike } from './jolpica-client.ts';
import { nextSyncAt, retryDelay } from './results-timing.ts';
import {
  readSyncState,
  recordAttempt,
  recordFailure,
  recordSuccess,
  selectRacesAwaitingResults,
  selectSeasonsToSync,
} from './sync-state.ts';

/*
 * The results scheduler (decision 020): while the server listens it brings race results, sprint and
 * qualifying from Jolpica by itself, at the times results-timing.ts decides, through the same
 * syncSeason as `npm run f1:sync`. This file is only the runner: it reads the shared state, asks the
 * timing rules whether a run is due, runs it under a PostgreSQL advisory lock (one instance at a time),
 * records the outcome, announces a change to every instance's caches, and sleeps until the next time.
 * Nothing here throws into the server: a failure is one log line and a later attempt.
 */

/** Any fixed number, beside migrate.ts's start-up lock: the key of the lock a run holds. */
const RESULTS_SYNC_LOCK_KEY = 7_312_027;
/** Another instance holds the lock: look again after this (it will have written its attempt). */
const BUSY_RETRY_MS = 60_000;
/** The longest sleep: a wake-up re-reads the races (an import may have added some) and sleeps again. */
const MAX_SLEEP_MS = 60 * 60_000;
/** The first look after the server starts listening. */
const START_DELAY_MS = 5_000;

export interface SchedulerLog {
  info(msg: string): void;
  warn(msg: string): void;
  debug(msg: string): void;
}

export interface ResultsSchedulerOptions {
  database: Database;
  log: SchedulerLog;
  /** Tells every instance that F1 data changed (their read caches drop the F1 answers). */
  announce: () => Promise<void>;
  fetch?: FetchLike;
  baseUrl?: string;
  /** Decides what is due and paces the requests; by default the server's clock (lib/clock.ts). */
  clock?: Clock;
  startDelayMs?: number;
}

function messageOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  // fetch() says only "fetch failed"; its cause says why (ENOTFOUND, ECONNREFUSED, a timeout).
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Runs `work` holding the results sync's advisory lock, or returns null when another instance holds
 * it. PGlite serves one process, whose scheduler never overlaps itself: no lock needed.
 */
async function withSyncLock<T>(database: Database, work: () => Promise<T>): Promise<T | null> {
  if (!database.dedicatedClient) return work();
  const client = database.dedicatedClient();
  // A connection that breaks while held must not become an uncaught 'error' event; the query fails instead.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      RESULTS_SYNC_LOCK_KEY,
    ]);
    if (!rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [RESULTS_SYNC_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    // Ending the session releases the lock even if unlocking failed.
    await client.end().catch(() => undefined);
  }
}

/** What one run did, in one line for the log. */
function describe(reports: SyncReport[]): { changed: boolean; line: string } {
  const parts: string[] = [];
  for (const r of reports) {
    for (const w of r.written) parts.push(`${r.season} round ${w.round}: ${w.what.join(', ')}`);
    for (const m of r.rescheduled) parts.push(`${r.season} round ${m.round} moved to ${m.to}`);
    if (r.awaitingResults.length > 0)
      parts.push(`${r.season} rounds awaiting results: ${r.awaitingResults.join(', ')}`);
    if (r.unmapped.length > 0) parts.push(`${r.unmapped.length} unmapped (run npm run f1:sync to see them)`);
  }
  return { changed: reports.some(syncChanged), line: parts.join('; ') || 'nothing new' };
}

export class ResultsScheduler {
  /** Paces every request of every run: 4 per second, 500 per hour (Jolpica's published limits). */
  readonly limiter: RequestLimiter;
  /** When the next look is planned (epoch ms of the clock), null while none is. */
  nextAt: number | null = null;
  private readonly clock: Clock;
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private started = false;
  private stopped = false;
  /** Looks in a row that could not reach the database (the shared failure count lives in it). */
  private unreachable = 0;

  constructor(private readonly options: ResultsSchedulerOptions) {
    this.clock = options.clock ?? { now: () => serverClock.now(), sleep: (ms) => systemClock.sleep(ms) };
    this.limiter = new RequestLimiter(this.clock);
  }

  /** Plans the first look shortly after now, in the background; its timers never hold the process. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.plan(this.clock.now() + (this.options.startDelayMs ?? START_DELAY_MS));
  }

  /** No further look; a run in flight has its requests aborted and is awaited (its writes finish). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.nextAt = null;
    this.abort.abort(new Error('the server is shutting down'));
    await this.running;
  }

  /** Does what is due now (possibly nothing) and returns when to look next. Never throws. */
  async runDue(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.look();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  private plan(at: number): void {
    if (this.stopped) return;
    this.nextAt = at;
    const delay = Math.min(Math.max(0, at - this.clock.now()), MAX_SLEEP_MS);
    this.timer = setTimeout(() => void this.wake(), delay);
    this.timer.unref();
  }

  private async wake(): Promise<void> {
    this.timer = null;
    const next = await this.runDue();
    this.plan(next);
  }

  private async look(): Promise<number> {
    const now = this.clock.now();
    if (this.stopped) return now;
    try {
      const next = await withSyncLock(this.options.database, () => this.runIfDue(now));
      this.unreachable = 0;
      return next ?? now + BUSY_RETRY_MS;
    } catch (err) {
      if (this.stopped) return now;
      this.unreachable++;
      const next = now + retryDelay(this.unreachable);
      this.options.log.warn(`results sync: stopped by a database error (${messageOf(err)}); next attempt ${iso(next)}`);
      return next;
    }
  }

  /** Under the lock: reads the shared state, and runs when due. Database errors propagate to look(). */
  private async runIfDue(now: number): Promise<number> {
    const { db } = this.options.database;
    const plan = async () =>
      nextSyncAt({ now, races: await selectRacesAwaitingResults(db, now), ...(await readSyncState(db)) });
    const due = await plan();
    if (due > now) return due;

    await recordAttempt(db, now);
    const seasons = await selectSeasonsToSync(db, now);
    const reports: SyncReport[] = [];
    let failure: unknown = null;
    try {
      await this.sync(now, seasons, reports);
    } catch (err) {
      failure = err;
    }
    // What a failed run wrote before it failed is shown all the same.
    const outcome = describe(reports);
    if (outcome.changed) await this.options.announce();
    if (failure !== null && this.stopped) return now;
    if (failure !== null) await recordFailure(db);
    // A run that had no season to ask about asked nothing: it is no "results last updated".
    else if (seasons.length > 0) await recordSuccess(db, now);
    const next = await plan();
    if (failure !== null) {
      this.options.log.warn(`results sync: attempt failed (${messageOf(failure)}); next attempt ${iso(next)}`);
    } else {
      const what = seasons.length > 0 ? outcome.line : 'no season to check';
      this.options.log[outcome.changed ? 'info' : 'debug'](`results sync: ${what}; next look ${iso(next)}`);
    }
    return next;
  }

  private async sync(now: number, seasons: readonly number[], reports: SyncReport[]): Promise<void> {
    const { db } = this.options.database;
    let needed = 0;
    for (const season of seasons) needed += await syncRequestsNeeded(db, season, new Date(now), 0);
    if (needed > this.limiter.remaining()) {
      throw new Error(
        `this run needs up to ${needed} requests but only ${this.limiter.remaining()} of Jolpica's ` +
          `${JOLPICA_PER_HOUR} per hour are left`,
      );
    }
    for (const season of seasons) {
      reports.push(
        await syncSeason(db, season, {
          fetch: this.options.fetch,
          baseUrl: this.options.baseUrl,
          clock: this.clock,
          limiter: this.limiter,
          // Results once in are left alone; a late change is for `npm run f1:sync -- --recheck-days 7`.
          recheckDays: 0,
          signal: this.abort.signal,
        }),
      );
    }
  }
}

/** Drops the cached F1 answers here and on every other instance, as the CLIs and the seed load do. */
export function announceF1Change(app: FastifyInstance): () => Promise<void> {
  return () => invalidateEverywhere(app.readCache, app.liveBus, [F1_TAG], app.log);
}

/**
 * The server's scheduler (RESULTS_SYNC=auto): started once the app listens, stopped before it closes
 * (a run in flight is aborted and awaited). Changes are announced like the CLIs' and the seed load's.
 */
export function syncResultsWhileListening(
  app: FastifyInstance,
  options: Partial<Omit<ResultsSchedulerOptions, 'database' | 'announce'>> = {},
): ResultsScheduler {
  const scheduler = new ResultsScheduler({
    database: app.database,
    log: app.log,
    announce: announceF1Change(app),
    ...options,
  });
  app.addHook('onListen', async () => scheduler.start());
  app.addHook('preClose', () => scheduler.stop());
  return scheduler;
}
