import { describe, expect, it } from 'vitest';
import { nextResultsAttempt, nextSyncAt, retryDelay } from '../../src/f1data/results-timing.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** A race starting at 13:00; its scheduled end (the site calls it completed) is 16:00. */
const START = Date.parse('2026-08-23T13:00:00Z');
const END = Date.parse('2026-08-23T16:00:00Z');

describe('when the results of a race are asked for', () => {
  it('first at its scheduled end, three hours after the start, also when the last run was long before', () => {
    expect(nextResultsAttempt(START, null)).toBe(END);
    expect(nextResultsAttempt(START, START - 7 * DAY)).toBe(END);
    expect(nextResultsAttempt(START, END - 1)).toBe(END);
  });

  it('then every 15 minutes for 6 hours, then hourly until 2 days after the end, then no more', () => {
    const attempts: number[] = [];
    for (let last: number | null = null, next = nextResultsAttempt(START, last); next !== null;) {
      attempts.push(next);
      last = next;
      next = nextResultsAttempt(START, last);
    }
    const gaps = attempts.slice(1).map((t, i) => (t - attempts[i]!) / MIN);
    expect(attempts[0]).toBe(END);
    // 24 quarter-hours up to end + 6 h, then 42 hours up to end + 48 h.
    expect(gaps).toEqual([...Array<number>(24).fill(15), ...Array<number>(42).fill(60)]);
    expect(attempts.at(-1)).toBe(END + 48 * HOUR);
  });

  it('once after a gap (a server that was down), then on the grid again', () => {
    // Down from 16:10 to 19:07: one attempt at once (the missed points are due), then 19:15.
    expect(nextResultsAttempt(START, END + 10 * MIN)).toBe(END + 15 * MIN);
    expect(nextResultsAttempt(START, END + 3 * HOUR + 7 * MIN)).toBe(END + 3 * HOUR + 15 * MIN);
    // Past the fast phase: the next full hour of the grid.
    expect(nextResultsAttempt(START, END + 9 * HOUR + 20 * MIN)).toBe(END + 10 * HOUR);
    expect(nextResultsAttempt(START, END + 48 * HOUR)).toBeNull();
  });
});

describe('when the next run is due', () => {
  const plan = { races: [], attemptedAt: null, succeededAt: null, failures: 0 };

  it('at once when no run ever happened', () => {
    const now = Date.parse('2026-11-25T14:05:00Z');
    expect(nextSyncAt({ ...plan, now })).toBe(now);
  });

  it("a day after the latest run that did not fail, unless a race's attempt comes first", () => {
    const ran = Date.parse('2026-08-22T09:00:00Z');
    const state = { ...plan, attemptedAt: ran, succeededAt: ran };
    expect(nextSyncAt({ ...state, now: ran })).toBe(ran + DAY);
    // A race the next day ends (16:00 on the 23rd) after the daily check (09:00 on the 23rd).
    expect(nextSyncAt({ ...state, now: ran, races: [{ startsAt: START }] })).toBe(ran + DAY);
    // The check at 09:00 on the 23rd: the race's end comes next, then its grid.
    const checked = { ...state, attemptedAt: ran + DAY, succeededAt: ran + DAY, races: [{ startsAt: START }] };
    expect(nextSyncAt({ ...checked, now: ran + DAY })).toBe(END);
    expect(nextSyncAt({ ...checked, attemptedAt: END, succeededAt: END, now: END })).toBe(END + 15 * MIN);
  });

  it('follows a race to its new date', () => {
    const now = Date.parse('2026-08-22T09:00:00Z');
    const state = { ...plan, attemptedAt: now, succeededAt: now, now };
    const moved = START + 7 * DAY;
    expect(nextSyncAt({ ...state, races: [{ startsAt: START - 12 * HOUR }] })).toBe(END - 12 * HOUR);
    expect(nextSyncAt({ ...state, races: [{ startsAt: moved }] })).toBe(now + DAY);
    expect(nextSyncAt({ ...state, attemptedAt: moved, succeededAt: moved, races: [{ startsAt: moved }] })).toBe(
      moved + 3 * HOUR,
    );
  });

  it('backs off after failed runs: 15 minutes, doubling up to 6 hours', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map((f) => retryDelay(f) / MIN)).toEqual([
      0, 15, 30, 60, 120, 240, 360, 360, 360,
    ]);
    const failedAt = END + 5 * MIN;
    // The race's grid says 16:15; after three failures in a row the back-off says 17:05.
    const state = { now: failedAt, races: [{ startsAt: START }], attemptedAt: failedAt, succeededAt: null };
    expect(nextSyncAt({ ...state, failures: 1 })).toBe(END + 20 * MIN);
    expect(nextSyncAt({ ...state, failures: 3 })).toBe(failedAt + HOUR);
    // Never succeeded, no race waiting: the back-off alone.
    expect(nextSyncAt({ ...state, races: [], failures: 2 })).toBe(failedAt + 30 * MIN);
  });
});
