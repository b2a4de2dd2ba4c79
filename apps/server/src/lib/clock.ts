/**
 * The one clock of the server: every rule that reads the time (reset-link expiry, throttle windows,
 * race-thought windows, race completion, feeds) asks it. Tests move it with `vi.spyOn(clock, 'now')`
 * instead of sleeping through an hour.
 */
export const clock = {
  now: (): number => Date.now(),
};

/**
 * Sets the clock to read `startMs` now and run on at real speed from there (the `CLOCK_START` setting:
 * a demo or an end-to-end run on a race weekend, whatever the day).
 */
export function startClockAt(startMs: number): void {
  const offset = startMs - Date.now();
  clock.now = () => Date.now() + offset;
}

/**
 * The real time, whatever `startClockAt` did: for what is checked against the real time elsewhere
 * (token lifetimes, verified by jose and by the database's now()).
 */
export const realNow = (): number => Date.now();

/**
 * How far the site's clock is from the real time, in ms (what CLOCK_START moved it by): 0 on the real time,
 * where two readings can still fall a millisecond apart.
 */
export function clockOffsetMs(): number {
  const offset = clock.now() - realNow();
  return Math.abs(offset) < 1_000 ? 0 : offset;
}

/** The clock's time as a Date, for SQL parameters. */
export const nowDate = (): Date => new Date(clock.now());
