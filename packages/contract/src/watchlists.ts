import { z } from 'zod';
import { idSchema, lineTextSchema, maxLengthMessage, pageOf, pageQuerySchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { reviewRaceSchema } from './reviews.ts';
import { userRefSchema } from './users.ts';
import { WATCHLIST_DESCRIPTION_MAX, WATCHLIST_NAME_MAX, WATCHLIST_RACES_MAX } from './limits.ts';

export { WATCHLIST_DESCRIPTION_MAX, WATCHLIST_NAME_MAX, WATCHLISTS_PER_USER, WATCHLIST_RACES_MAX } from './limits.ts';

export const WATCHLIST_NAME_EMPTY = 'Name cannot be empty';

/** No invisible characters, whitespace collapsed, trimmed (decision 021); the limits count the result. */
const nameSchema = lineTextSchema(WATCHLIST_NAME_MAX, { error: WATCHLIST_NAME_EMPTY }).min(1, WATCHLIST_NAME_EMPTY);
const descriptionSchema = z.string().trim().max(WATCHLIST_DESCRIPTION_MAX, maxLengthMessage(WATCHLIST_DESCRIPTION_MAX));

/** A watchlist in lists (without its races). `share_token` is null for anyone but the owner. */
export const watchlistSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  is_public: z.boolean(),
  share_token: z.string().nullable(),
  user: userRefSchema,
  race_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WatchlistSummary = z.infer<typeof watchlistSummarySchema>;
export const watchlistPageSchema = pageOf(watchlistSummarySchema);
export type WatchlistPage = z.infer<typeof watchlistPageSchema>;

export const watchlistEntrySchema = z.object({
  race: reviewRaceSchema,
  position: z.number().int(),
  added_at: z.string(),
});
export type WatchlistEntry = z.infer<typeof watchlistEntrySchema>;
/** A watchlist with its races in the owner's order (at most WATCHLIST_RACES_MAX). */
export const watchlistSchema = watchlistSummarySchema.extend({
  races: z.array(watchlistEntrySchema),
  is_owner: z.boolean(),
});
export type Watchlist = z.infer<typeof watchlistSchema>;

/** POST /social/watchlists/ */
export const createWatchlistBodySchema = z.object({
  name: nameSchema,
  description: descriptionSchema.optional(),
  is_public: z.boolean().optional(),
});
export type CreateWatchlistBody = z.input<typeof createWatchlistBodySchema>;
/** PATCH /social/watchlists/{id}/ */
export const updateWatchlistBodySchema = z.object({
  name: nameSchema.optional(),
  description: descriptionSchema.optional(),
  is_public: z.boolean().optional(),
});
export type UpdateWatchlistBody = z.input<typeof updateWatchlistBodySchema>;
/** POST /social/watchlists/{id}/races/ */
export const addWatchlistRaceBodySchema = z.object({ race_id: idSchema });
/**
 * PUT /social/watchlists/{id}/races/order/: the list's race ids in their new order — exactly the
 * races it holds (400 otherwise).
 */
export const reorderWatchlistBodySchema = z.object({ race_ids: z.array(idSchema).max(WATCHLIST_RACES_MAX) });

export const watchlistsEndpoints = {
  listWatchlists: endpoint(routes.listWatchlists, { query: pageQuerySchema, response: watchlistPageSchema }),
  createWatchlist: endpoint(routes.createWatchlist, {
    body: createWatchlistBodySchema,
    response: watchlistSchema,
    statuses: [201],
  }),
  getSharedWatchlist: endpoint(routes.getSharedWatchlist, { response: watchlistSchema }),
  getWatchlist: endpoint(routes.getWatchlist, { response: watchlistSchema }),
  updateWatchlist: endpoint(routes.updateWatchlist, { body: updateWatchlistBodySchema, response: watchlistSchema }),
  deleteWatchlist: endpoint(routes.deleteWatchlist, { response: z.null(), statuses: [204] }),
  addWatchlistRace: endpoint(routes.addWatchlistRace, {
    body: addWatchlistRaceBodySchema,
    response: watchlistSchema,
    statuses: [200, 201],
  }),
  reorderWatchlist: endpoint(routes.reorderWatchlist, { body: reorderWatchlistBodySchema, response: watchlistSchema }),
  removeWatchlistRace: endpoint(routes.removeWatchlistRace, { response: z.null(), statuses: [204] }),
};
