import type { ThoughtStatus } from '@paddock/contract';

/** Race thoughts open 24 hours before the start and stay open until 48 hours after it. */
export const THOUGHTS_OPEN_BEFORE_MS = 24 * 3_600_000;
export const THOUGHTS_CLOSE_AFTER_MS = 48 * 3_600_000;
/** With no window open, the home card shows the next race if it starts within this span. */
export const ACTIVE_THOUGHTS_LOOKAHEAD_MS = 7 * 24 * 3_600_000;

/**
 * Where `now` falls in a race's thoughts window. Before it opens: the seconds until it does.
 * Open: 0 and the seconds until it closes. After it closed: 0 and null (nothing to count down to).
 */
export function thoughtStatus(startsAtMs: number, now: number): ThoughtStatus {
  const opensAt = startsAtMs - THOUGHTS_OPEN_BEFORE_MS;
  const closesAt = startsAtMs + THOUGHTS_CLOSE_AFTER_MS;
  if (now < opensAt) {
    return { is_open: false, opens_in_seconds: Math.ceil((opensAt - now) / 1000), closes_in_seconds: null };
  }
  if (now < closesAt) {
    return { is_open: true, opens_in_seconds: 0, closes_in_seconds: Math.ceil((closesAt - now) / 1000) };
  }
  return { is_open: false, opens_in_seconds: 0, closes_in_seconds: null };
}
