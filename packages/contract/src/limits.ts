/**
 * Plain constants shared by server and browser. No zod here: the web app imports this module
 * directly, so it adds bytes, not a validation library, to the bundle.
 */

/** Spec §5/§9: global search needs 2 characters after trimming, debounced 300 ms. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 300;

/** Spec §5/§9: review rules. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_TEXT_MAX = 2000;
/** Review cards truncate their text at this many characters ('Click to read more'). */
export const REVIEW_TRUNCATE_AT = 300;
export const COMMENT_MAX = 1000;
/** Spec §5 texts. */
export const COMMENT_EMPTY = 'Comment cannot be empty';
export const REPLY_EMPTY = 'Reply cannot be empty';

/**
 * Spec §9: feed pages hold 20 reviews, and at most 100 when asked (as every list: api-decisions); the
 * client remembers at most 500 seen ids per feed, for 7 days.
 */
export const FEED_PAGE_SIZE = 20;
export const FEED_PAGE_SIZE_MAX = 100;
export const SEEN_IDS_MAX = 500;

/** api-decisions "Reviews…": a user stars up to 3 drivers per completed race; the race page shows the top 5. */
export const STARS_PER_RACE = 3;
export const MOST_STARRED_SHOWN = 5;

/** api-decisions "Reviews, comments, likes, thoughts": a race thought holds 1-1000 characters. */
export const THOUGHT_MAX = 1000;

/** 400 detail when a thought, comment or like is written outside the race's thoughts window. */
export const THOUGHTS_CLOSED = "This race's thoughts are not open.";

/** Field rules of accounts (api-decisions "Auth"), one definition for the form and the server. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
/** The longest display name (api-decisions "Auth"), and a profile's other limits. */
export const NAME_MAX = 100;
export const BIO_MAX = 300;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Reports of what members wrote (issue 24, decision 030). */
export const REPORT_TARGET_TYPES = ['review', 'comment', 'thought', 'thought_comment', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASONS = ['spam', 'harassment', 'spoilers', 'hate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX = 1000;

/** Watchlists (decided here, see the OpenAPI description): name, description and size limits. */
export const WATCHLIST_NAME_MAX = 100;
export const WATCHLIST_DESCRIPTION_MAX = 500;
export const WATCHLISTS_PER_USER = 100;
export const WATCHLIST_RACES_MAX = 500;

/**
 * The detail of every answer of a request that needs the database while it cannot be reached (a 503 with
 * Retry-After, decision 019); the web app shows the same words while pages cannot load.
 */
export const DATABASE_UNAVAILABLE = 'Paddock is having trouble reaching its database. Please try again in a moment.';
