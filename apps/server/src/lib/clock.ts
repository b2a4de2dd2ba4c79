/**
 * The one clock of the server: every rule that reads the time (reset-link expiry, throttle windows,
 * race-thought windows, race completion, feeds) asks it. Tests move it with `vi.spyOn(clock, 'now')`
 * instead of sleeping through an hour.
 */
export const clock = {
  now: (): number => Date.now(),
};

/** The clock's time as a Date, for SQL parameters. */
export const nowDate = (): Date => new Date(clock.now());
