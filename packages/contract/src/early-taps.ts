/*
 * Taps made on a page rendered on the server before the app has taken it over (decision 024): the server's
 * inline loader (apps/server/src/lib/web-pages.ts) holds them, and the app (apps/web/src/lib/early-events.ts)
 * replays them once hydrated, finding a control drawn anew by the same selector.
 */

/** The controls whose taps are held: a tap's target is the nearest one of these. */
export const HELD_CONTROLS = 'button,[role=button],[role=tab],[role=switch]';
