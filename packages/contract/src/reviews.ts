import { z } from 'zod';
import { ID_MAX, idQuerySchema, idSchema, maxLengthMessage, pageOf, pageQuerySchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { countryCodeSchema } from './f1.ts';
import { FEED_PAGE_SIZE, FEED_PAGE_SIZE_MAX, RATING_MAX, RATING_MIN, REVIEW_TEXT_MAX, SEEN_IDS_MAX } from './limits.ts';
import { authorRefSchema } from './follows.ts';
import { spoilerHeadersSchema } from './spoiler-shield.ts';

export { RATING_MAX, RATING_MIN, REVIEW_TEXT_MAX, REVIEW_TRUNCATE_AT } from './limits.ts';

/** Spec §5 texts: the review form shows them as they are. */
export const RACE_REQUIRED = 'Please select a race to review';
export const RATING_REQUIRED = 'Please provide a rating';
export const REVIEW_TEXT_TOO_LONG = maxLengthMessage(REVIEW_TEXT_MAX);

/** The race of a review card (spec §3 Review.race). */
export const reviewRaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  season: z.object({ year: z.number().int() }),
  circuit_name: z.string(),
  date: z.string(),
  location: z.string(),
  round_number: z.number().int(),
  country_code: countryCodeSchema,
});
export type ReviewRace = z.infer<typeof reviewRaceSchema>;

/** Spec §3 Review. */
export const reviewSchema = z.object({
  id: z.number().int(),
  race: reviewRaceSchema,
  user: authorRefSchema,
  /** Null only while the reader's spoiler shield hides the race (`spoilers_hidden`). */
  rating: z.number().int().nullable(),
  /** Null when the review has no text, or while the reader's spoiler shield hides the race. */
  review_text: z.string().nullable(),
  like_count: z.number().int(),
  is_liked_by_user: z.boolean(),
  comment_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Hidden by moderators (decision 031): only its author sees it, marked so. */
  is_hidden: z.boolean(),
  /**
   * The reader's spoiler shield hides the review's race (decision 033): its rating and text are withheld; the
   * author, race and dates stay. A reader's own reviews are never shielded from them; guests never are.
   */
  spoilers_hidden: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

export const ratingSchema = z
  .number({ error: RATING_REQUIRED })
  .int(RATING_REQUIRED)
  .min(RATING_MIN, RATING_REQUIRED)
  .max(RATING_MAX, `Ensure this value is less than or equal to ${RATING_MAX}.`);

/** Optional text: trimmed, at most 2000 characters, null when empty (spec §5). */
export const reviewTextSchema = z
  .string()
  .trim()
  .max(REVIEW_TEXT_MAX, REVIEW_TEXT_TOO_LONG)
  .nullish()
  .transform((text) => (text ? text : null));

export const createReviewBodySchema = z.object({
  race_id: z.number({ error: RACE_REQUIRED }).int(RACE_REQUIRED).min(1, RACE_REQUIRED).max(ID_MAX, RACE_REQUIRED),
  rating: ratingSchema,
  review_text: reviewTextSchema,
});
export type CreateReviewInput = z.input<typeof createReviewBodySchema>;
export type CreateReviewBody = z.output<typeof createReviewBodySchema>;

export const updateReviewBodySchema = z.object({
  rating: ratingSchema.optional(),
  review_text: reviewTextSchema.optional(),
});
export type UpdateReviewInput = z.input<typeof updateReviewBodySchema>;
export type UpdateReviewBody = z.output<typeof updateReviewBodySchema>;

/** GET /core/reviews/: a race's reviews, a user's reviews, or a user's review of a race. */
export const reviewListQuerySchema = pageQuerySchema
  .extend({ race_id: idQuerySchema.optional(), user_id: idQuerySchema.optional() })
  .refine((q) => q.race_id !== undefined || q.user_id !== undefined, {
    message: 'Give race_id, user_id or both.',
  });

/** Comma-joined review ids the client has seen (spec §7), at most 500. */
export const seenIdsSchema = z
  .string()
  .max(SEEN_IDS_MAX * 11)
  .regex(/^(\d{1,10}(,\d{1,10})*)?$/, 'Enter comma-separated review ids.')
  .transform((text) => (text ? [...new Set(text.split(',').map(Number))] : []))
  .refine((ids) => ids.length <= SEEN_IDS_MAX, `At most ${SEEN_IDS_MAX} ids.`);

export const feedQuerySchema = z.object({
  page_size: z.coerce.number().int().min(1).max(FEED_PAGE_SIZE_MAX).default(FEED_PAGE_SIZE),
  /** The `next_cursor` of the previous page. */
  cursor: z.coerce.number().finite().optional(),
  seen_ids: seenIdsSchema.optional(),
  last_author_id: idQuerySchema.optional(),
});
export type FeedQuery = z.output<typeof feedQuerySchema>;

/** Spec §3 Feed page: results, a numeric next_cursor, meta.last_author_id. */
export const feedPageSchema = z.object({
  results: z.array(reviewSchema),
  next_cursor: z.number().nullable(),
  meta: z.object({ last_author_id: z.number().int().nullable() }),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

export const popularQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });

export const watchedBodySchema = z.object({ race_id: idSchema });
export const watchedRaceSchema = z.object({ race: reviewRaceSchema, created_at: z.string() });
export type WatchedRace = z.infer<typeof watchedRaceSchema>;
export const watchedListQuerySchema = pageQuerySchema.extend({ user_id: idQuerySchema.optional() });

export const likeToggleResultSchema = z.object({ liked: z.boolean(), like_count: z.number().int() });
export type LikeToggleResult = z.infer<typeof likeToggleResultSchema>;
export const reviewLikeBodySchema = z.object({ review_id: idSchema });

/** What marking a race watched answers. */
export const watchedResultSchema = z.object({ race_id: z.number().int() });

/* Operations showing reviews to a reader read the spoiler shield's header (decision 033). */
const headers = spoilerHeadersSchema;

export const reviewsEndpoints = {
  listReviews: endpoint(routes.listReviews, {
    query: reviewListQuerySchema,
    headers,
    response: pageOf(reviewSchema),
  }),
  createReview: endpoint(routes.createReview, {
    body: createReviewBodySchema,
    response: reviewSchema,
    statuses: [201],
  }),
  followingFeed: endpoint(routes.followingFeed, { query: feedQuerySchema, headers, response: feedPageSchema }),
  forYouFeed: endpoint(routes.forYouFeed, { query: feedQuerySchema, headers, response: feedPageSchema }),
  popularReviews: endpoint(routes.popularReviews, {
    query: popularQuerySchema,
    headers,
    response: z.array(reviewSchema),
  }),
  getSharedReview: endpoint(routes.getSharedReview, { headers, response: reviewSchema }),
  getReview: endpoint(routes.getReview, { headers, response: reviewSchema }),
  updateReview: endpoint(routes.updateReview, { body: updateReviewBodySchema, response: reviewSchema }),
  deleteReview: endpoint(routes.deleteReview, { response: z.null(), statuses: [204] }),
  toggleReviewLike: endpoint(routes.toggleReviewLike, { body: reviewLikeBodySchema, response: likeToggleResultSchema }),
  markWatched: endpoint(routes.markWatched, {
    body: watchedBodySchema,
    response: watchedResultSchema,
    statuses: [200, 201],
  }),
  listWatchedRaces: endpoint(routes.listWatchedRaces, {
    query: watchedListQuerySchema,
    response: pageOf(watchedRaceSchema),
  }),
  unmarkWatched: endpoint(routes.unmarkWatched, { response: z.null(), statuses: [204] }),
};
