import { z } from 'zod';
import { idQuerySchema, idSchema, pageOf, pageQuerySchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { driverRefSchema } from './f1.ts';
import { reviewRaceSchema } from './reviews.ts';
import { userRefSchema } from './users.ts';

export { MOST_STARRED_SHOWN, STARS_PER_RACE } from './limits.ts';

/** POST /core/starred-drivers/: a driver of a completed race, starred by the signed-in user. */
export const starDriverBodySchema = z.object({
  race_id: idSchema,
  driver_id: z.string().trim().min(1).max(100),
});
export type StarDriverBody = z.infer<typeof starDriverBodySchema>;

export const starredDriverSchema = z.object({
  id: z.number().int(),
  race_id: z.number().int(),
  /** The race as a review card shows it, so a profile can list a user's stars by race. */
  race: reviewRaceSchema,
  driver: driverRefSchema,
  user: userRefSchema,
  created_at: z.string(),
});
export type StarredDriver = z.infer<typeof starredDriverSchema>;
export const starredDriverListSchema = pageOf(starredDriverSchema);
export type StarredDriverList = z.infer<typeof starredDriverListSchema>;

/** GET /core/starred-drivers/: a user's stars (the signed-in user's by default), optionally of one race. */
export const starListQuerySchema = pageQuerySchema.extend({
  user_id: idQuerySchema.optional(),
  race_id: idQuerySchema.optional(),
});

/** GET /core/starred-drivers/most-starred/?race_id=: the community's favourites of a race. */
export const mostStarredQuerySchema = z.object({ race_id: idQuerySchema });
/** Drivers with how many stars they got, most first (a race's board, a profile's favourites). */
export const driverTallySchema = z.array(z.object({ driver: driverRefSchema, star_count: z.number().int() }));
export const mostStarredSchema = z.object({ results: driverTallySchema });
export type MostStarred = z.infer<typeof mostStarredSchema>;

export const starsEndpoints = {
  listStarredDrivers: endpoint(routes.listStarredDrivers, {
    query: starListQuerySchema,
    response: starredDriverListSchema,
  }),
  starDriver: endpoint(routes.starDriver, {
    body: starDriverBodySchema,
    response: starredDriverSchema,
    statuses: [200, 201],
  }),
  unstarDriver: endpoint(routes.unstarDriver, { response: z.null(), statuses: [204] }),
  mostStarredDrivers: endpoint(routes.mostStarredDrivers, {
    query: mostStarredQuerySchema,
    response: mostStarredSchema,
  }),
};
