import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { ServiceContext } from '../lib/context.ts';
import { accountRoutes } from './account/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { reviewCommentsRoutes } from './review-comments/routes.ts';
import { invalidateOnCommunityChanges } from './f1/cached.ts';
import { f1Routes } from './f1/routes.ts';
import { feedsRoutes, startFeeds } from './feeds/routes.ts';
import { followsRoutes } from './follows/routes.ts';
import { subscribeFollows } from './follows/service.ts';
import { moderationRoutes } from './moderation/routes.ts';
import { notificationsRoutes } from './notifications/routes.ts';
import { subscribeNotifications } from './notifications/service.ts';
import { invalidateReviewListsOnChanges } from './reviews/cached.ts';
import { keepReviewCards } from './reviews/cards.ts';
import { reviewsRoutes } from './reviews/routes.ts';
import { reviewsCommunity, subscribeReviews } from './reviews/service.ts';
import { profilesRoutes } from './profiles/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { subscribeSearch } from './search/service.ts';
import { invalidateOnStarChanges } from './stars/cached.ts';
import { starsRoutes } from './stars/routes.ts';
import { thoughtsRoutes } from './thoughts/routes.ts';
import { usersRoutes } from './users/routes.ts';
import { watchedRoutes } from './watched/routes.ts';
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
  // The account as a whole: its data export reads every module's rows of it.
  mount('/social/users', accountRoutes, {}),
  mount('/social', followsRoutes, {}, subscribeFollows),
  // f1 shows community figures through an interface the reviews module fills (decision 006); its cached
  // answers showing them are dropped when reviews change or their figures are recounted (decision 016).
  mount('/f1', f1Routes, { community: reviewsCommunity }, (ctx, _config, app) =>
    invalidateOnCommunityChanges(ctx.events, [app.readCache, app.pageCache], app.liveBus, app.log),
  ),
  // Its cards are kept as everyone sees them, and a guest's review lists whole (For You too), each dropped on
  // every change to what it shows (decision 027).
  mount('/core', reviewsRoutes, {}, (ctx, config, app) => {
    subscribeReviews(ctx);
    keepReviewCards(ctx.events, config, app);
    invalidateReviewListsOnChanges(ctx.events, [app.readCache, app.readerCache, app.pageCache], app.liveBus, app.log);
  }),
  // The Following timelines and For You (decision 008), fed by the review and follow events (created and
  // deleted reviews, accepted and ended follows), with this instance's fan-out worker and hourly upkeep.
  mount('/core', feedsRoutes, {}, startFeeds),
  // Watched races; reviews marks a reviewed race watched through its service.
  mount('/core', watchedRoutes, {}),
  mount('/social', reviewCommentsRoutes, {}),
  // Its guests' most-starred answers are cached, and dropped when stars or an account's privacy change.
  mount('/core', starsRoutes, {}, (ctx, _config, app) =>
    invalidateOnStarChanges(ctx.events, app.readCache, app.liveBus, app.log),
  ),
  mount('/social', profilesRoutes, {}),
  // Race thoughts and their live stream; the stream's instances talk over app.liveBus (decision 013).
  mount('/core', thoughtsRoutes, {}),
  mount('/social', watchlistsRoutes, {}),
  // Registers /core/search/ itself, beside the other /core routes.
  mount('', searchRoutes, {}, (ctx, _config, app) => subscribeSearch(ctx, app.searchCache, app.liveBus, app.log)),
  // Reports of what members wrote, and the staff's queue (decision 030).
  mount('/core', moderationRoutes, {}),
  // Writes its rows by reacting to the others' events.
  mount('/social', notificationsRoutes, {}, subscribeNotifications),
];
