/**
 * Plain constants shared by server and browser. No zod here: the web app imports this module
 * directly, so it adds bytes, not a validation library, to the bundle.
 */

/** Spec §5/§9: global search needs 2 characters after trimming, debounced 300 ms. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 300;
