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

export const profilesEndpoints = {
  getUserStats: endpoint(routes.getUserStats, { response: userStatsSchema }),
};
