import type { FastifyPluginAsync } from 'fastify';
import type { ServiceContext } from '../lib/context.ts';
import { authRoutes } from './auth/routes.ts';
import { f1Routes } from './f1/routes.ts';
import { followsRoutes } from './follows/routes.ts';
import { subscribeFollows } from './follows/service.ts';
import { searchRoutes } from './search/routes.ts';
import { usersRoutes } from './users/routes.ts';

export interface ApiModule {
  /** Mounted under /api + prefix. */
  prefix: string;
  plugin: FastifyPluginAsync;
  /** Subscribes the module to the events of others (lib/events.ts). */
  subscribe?: (ctx: ServiceContext) => void;
}

/** Every capability of the API, in registration order. */
export const modules: ApiModule[] = [
  { prefix: '/auth', plugin: authRoutes },
  { prefix: '/social/users', plugin: usersRoutes },
  { prefix: '/social', plugin: followsRoutes, subscribe: subscribeFollows },
  { prefix: '/f1', plugin: f1Routes },
  // Registers /core/search/ itself, leaving the /core prefix free for reviews and the rest of core.
  { prefix: '', plugin: searchRoutes },
];
