import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { driverTallySchema } from './stars.ts';

/** GET /social/users/{id}/stats/: a profile's Stats tab (api-decisions "Users and follows"). */
export const userStatsSchema = z.object({
  total_reviews: z.number().int(),
  /** The mean of the user's ratings, or null without reviews. */
  average_rating: z.number().nullable(),
  rating_distribution: z.record(z.enum(['1', '2', '3', '4', '5']), z.number().int()),
  races_watched: z.number().int(),
  likes_received: z.number().int(),
  /** Seasons the user reviewed races of, oldest first. */
  reviews_per_season: z.array(z.object({ season: z.number().int(), count: z.number().int() })),
  /** The drivers the user starred most often, most first. */
  most_starred_drivers: driverTallySchema,
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** A race of the season as its review names it, with the member's rating. */
const ratedRaceSchema = z.object({ race_id: z.number().int(), race_name: z.string(), rating: z.number().int() });

/**
 * GET /social/users/{id}/seasons/{year}/review/: a member's season in review (issue 25), beside the
 * community's figures for the same season. Hidden reviews count in none of them.
 */
export const seasonReviewSchema = z.object({
  season: z.number().int(),
  races_watched: z.number().int(),
  races_reviewed: z.number().int(),
  /** The mean of the member's ratings of the season's races, or null without reviews. */
  average_rating: z.number().nullable(),
  highest_rated: ratedRaceSchema.nullable(),
  lowest_rated: ratedRaceSchema.nullable(),
  most_starred_drivers: driverTallySchema,
  /** The circuit whose races the member rated best (then reviewed most), or null without reviews. */
  favourite_circuit: z
    .object({ name: z.string(), races_reviewed: z.number().int(), average_rating: z.number() })
    .nullable(),
  /** The member's review of the season with the most likes, or null when none has any. */
  most_liked_review: z
    .object({ id: z.number().int(), race_id: z.number().int(), race_name: z.string(), like_count: z.number().int() })
    .nullable(),
  /** Accepted follows of the member made during that calendar year. */
  followers_gained: z.number().int(),
  /** The same season across members: mean rating (public accounts), and races per member who watched or reviewed any. */
  community: z.object({
    average_rating: z.number().nullable(),
    average_races_watched: z.number().nullable(),
    average_races_reviewed: z.number().nullable(),
  }),
});
export type SeasonReview = z.infer<typeof seasonReviewSchema>;

export const profilesEndpoints = {
  getUserStats: endpoint(routes.getUserStats, { response: userStatsSchema }),
  getSeasonReview: endpoint(routes.getSeasonReview, { response: seasonReviewSchema }),
};
