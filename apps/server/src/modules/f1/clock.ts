/**
 * The time the race-thought window is measured against. Tests pin it with `vi.spyOn(clock, 'now')`
 * to check the window's edges to the millisecond.
 */
export const clock = {
  now: (): number => Date.now(),
};
