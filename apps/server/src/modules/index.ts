import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { ServiceContext } from '../lib/context.ts';
import { authRoutes } from './auth/routes.ts';
import { commentsRoutes } from './comments/routes.ts';
import { invalidateOnCommunityChanges } from './f1/cached.ts';
import { f1Routes } from './f1/routes.ts';
import { followsRoutes } from './follows/routes.ts';
import { subscribeFollows } from './follows/service.ts';
import { notificationsRoutes } from './notifications/routes.ts';
import { subscribeNotifications } from './notifications/service.ts';
import { feedSettingsFrom, reviewsRoutes } from './reviews/routes.ts';
import { reviewsCommunity, subscribeReviews } from './reviews/service.ts';
import { profilesRoutes } from './profiles/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { subscribeSearch } from './search/service.ts';
import { starsRoutes } from './stars/routes.ts';
import { thoughtsRoutes } from './thoughts/routes.ts';
import { usersRoutes } from './users/routes.ts';
import { watchlistsRoutes } from './watchlists/routes.ts';

export interface ApiModule {
  /** Registers the module's routes under `apiPrefix` + its own prefix. */
  register(app: FastifyInstance, apiPrefix: string): Promise<unknown>;
  /** Subscribes the module to the events of others (lib/events.ts); `app` holds the shared read cache and bus. */
  subscribe?: (ctx: ServiceContext, config: Config, app: FastifyInstance) => void;
}

/** A module's routes, mounted at `prefix` with the options its plugin declares. */
function mount<O extends object>(
  prefix: string,
  plugin: FastifyPluginAsync<O>,
  options: O,
  subscribe?: ApiModule['subscribe'],
): ApiModule {
  return {
    register: async (app, apiPrefix) => app.register(plugin, { ...options, prefix: `${apiPrefix}${prefix}` }),
    subscribe,
  };
}

/** Every capability of the API, in registration order; the wiring between modules happens here. */
export const modules: ApiModule[] = [
  mount('/auth', authRoutes, {}),
  mount('/social/users', usersRoutes, {}),
  mount('/social', followsRoutes, {}, subscribeFollows),
  // f1 shows community figures through an interface the reviews module fills (decision 006).
  mount('/f1', f1Routes, { community: reviewsCommunity }),
  mount('/core', reviewsRoutes, {}, (ctx, config) => subscribeReviews(ctx, feedSettingsFrom(config))),
  // After the reviews module's own handlers (the figures' recount on a privacy change): the F1 answers
  // showing community figures are dropped once the new figures are stored (decision 016).
  {
    register: async () => undefined,
    subscribe: (ctx, _config, app) => invalidateOnCommunityChanges(ctx.events, app.readCache, app.liveBus, app.log),
  },
  mount('/social', commentsRoutes, {}),
  mount('/core', starsRoutes, {}),
  mount('/social', profilesRoutes, {}),
  // Race thoughts and their live stream; the stream's instances talk over app.liveBus (decision 013).
  mount('/core', thoughtsRoutes, {}),
  mount('/social', watchlistsRoutes, {}),
  // Registers /core/search/ itself, beside the other /core routes.
  mount('', searchRoutes, {}, (ctx, _config, app) => subscribeSearch(ctx, app.searchCache, app.liveBus, app.log)),
  // Writes its rows by reacting to the others' events.
  mount('/social', notificationsRoutes, {}, subscribeNotifications),
];
