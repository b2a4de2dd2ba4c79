/**
 * The time the auth rules read (reset-link expiry, throttle windows). Tests move it forward with
 * `vi.spyOn(clock, 'now')` instead of sleeping through an hour.
 */
export const clock = {
  now: (): number => Date.now(),
};
