import { RACE_COMPLETED_AFTER_MS } from './race-status.ts';

/*
 * When the results scheduler asks Jolpica (decision 020), as pure functions of the times involved: no
 * clock, no database, no timers. A race's scheduled end is its start plus RACE_COMPLETED_AFTER_MS (the
 * moment the site calls it completed). From then on its results are asked for every 15 minutes for 6
 * hours, then every hour until 2 days after the end; the season's schedule is checked once a day; runs
 * that fail in a row (no network) wait longer and longer. Every run checks every race that awaits
 * results, so one attempt counts for all of them.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Attempts every 15 minutes from the scheduled end… */
export const RESULTS_FAST_EVERY_MS = 15 * MINUTE;
/** …for 6 hours… */
export const RESULTS_FAST_FOR_MS = 6 * HOUR;
/** …then every hour… */
export const RESULTS_SLOW_EVERY_MS = HOUR;
/** …until 2 days after the end. The daily schedule check goes on fetching what is still missing. */
export const RESULTS_GIVE_UP_AFTER_MS = 48 * HOUR;
/** The season's schedule (moved dates, races still without results) is checked once a day. */
export const SCHEDULE_CHECK_EVERY_MS = 24 * HOUR;
/** The first retry after a failed run; each further failure doubles it… */
export const RETRY_FIRST_MS = 15 * MINUTE;
/** …up to this. */
export const RETRY_MAX_MS = 6 * HOUR;

/**
 * The next attempt at a race's results after `lastAttemptAt` (the latest run of the sync, whatever
 * it was for; null: none yet): its scheduled end, then the next point of its grid, or null once the
 * grid has run out. A point that is already past is due at once; the one after it follows the grid
 * again, so a server that was down for hours makes one attempt on its return, not one per point missed.
 */
export function nextResultsAttempt(startsAt: number, lastAttemptAt: number | null): number | null {
  const end = startsAt + RACE_COMPLETED_AFTER_MS;
  if (lastAttemptAt === null || lastAttemptAt < end) return end;
  const since = lastAttemptAt - end;
  const next =
    since < RESULTS_FAST_FOR_MS
      ? end + (Math.floor(since / RESULTS_FAST_EVERY_MS) + 1) * RESULTS_FAST_EVERY_MS
      : end +
        RESULTS_FAST_FOR_MS +
        (Math.floor((since - RESULTS_FAST_FOR_MS) / RESULTS_SLOW_EVERY_MS) + 1) * RESULTS_SLOW_EVERY_MS;
  return next > end + RESULTS_GIVE_UP_AFTER_MS ? null : next;
}

/** How long to wait after `failures` failed runs in a row (0: no wait). */
export function retryDelay(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(RETRY_FIRST_MS * 2 ** Math.min(failures - 1, 20), RETRY_MAX_MS);
}

export interface SyncPlan {
  now: number;
  /** Starts of the races without results (upcoming, or run with attempts left). */
  races: readonly { startsAt: number }[];
  /** The latest run, successful or not. */
  attemptedAt: number | null;
  /** The latest run that reached Jolpica. */
  succeededAt: number | null;
  /** Failed runs in a row since then. */
  failures: number;
}

/**
 * When the next run is due (at or before `now`: at once): the earliest of the daily schedule check
 * (a day after the latest run that did not fail; now when there is none) and each race's next
 * attempt, but after failures no sooner than the back-off allows.
 */
export function nextSyncAt(plan: SyncPlan): number {
  // The schedule was last checked by the latest run that did not fail.
  const checkedAt = plan.failures === 0 ? (plan.attemptedAt ?? plan.succeededAt) : plan.succeededAt;
  let next = checkedAt === null ? plan.now : checkedAt + SCHEDULE_CHECK_EVERY_MS;
  for (const race of plan.races) {
    const at = nextResultsAttempt(race.startsAt, plan.attemptedAt);
    if (at !== null && at < next) next = at;
  }
  if (plan.failures > 0 && plan.attemptedAt !== null) {
    next = Math.max(next, plan.attemptedAt + retryDelay(plan.failures));
  }
  return next;
}
