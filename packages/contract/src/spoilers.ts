/*
 * The spoiler shield (decision 033): plain constants and the window rule, shared by server and browser. No
 * zod here: the web app's API client imports this module, so it adds bytes, not a validation library.
 */

/** A member's setting: `off`; `recent`, races finished in the last 14 days; `unwatched`, every race run. */
export const SPOILER_SHIELD_SETTINGS = ['off', 'recent', 'unwatched'] as const;
export type SpoilerShield = (typeof SPOILER_SHIELD_SETTINGS)[number];

/** The `recent` setting's window, and the site's PREVIEW_SPOILERS=off window: races finished this recently. */
export const SPOILER_RECENT_DAYS = 14;
/**
 * A race is run from its start; it counts as finished this long after it (the completion rule's 3 hours),
 * so `recent` shields it from its start until 14 days after that.
 */
export const RACE_FINISHED_AFTER_MS = 3 * 3_600_000;
export const SPOILER_RECENT_MS = SPOILER_RECENT_DAYS * 86_400_000;

/**
 * The request header naming the races whose spoilers the reader revealed in this browser session
 * (`X-Spoilers-Revealed: 1057,1060`): comma-separated race ids, at most SPOILERS_REVEALED_MAX. Nothing of it is
 * stored on the server.
 */
export const SPOILERS_REVEALED_HEADER = 'x-spoilers-revealed';
export const SPOILERS_REVEALED_MAX = 50;

/** What a shielded race, review or notification says in place of its spoilers. */
export const SPOILERS_HIDDEN_TEXT = 'Spoilers hidden — mark as watched to reveal';

/**
 * Whether a race starting at `startsMs` is within the recent window at `nowMs`: it has started, and it finished
 * (start + RACE_FINISHED_AFTER_MS) less than SPOILER_RECENT_DAYS ago.
 */
export function inRecentSpoilerWindow(startsMs: number, nowMs: number): boolean {
  return startsMs <= nowMs && nowMs < startsMs + RACE_FINISHED_AFTER_MS + SPOILER_RECENT_MS;
}
