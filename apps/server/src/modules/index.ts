import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.ts';
import { f1Routes } from './f1/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { usersRoutes } from './users/routes.ts';

export interface ApiModule {
  /** Mounted under /api + prefix. */
  prefix: string;
  plugin: FastifyPluginAsync;
}

/** Every capability of the API, in registration order. */
export const modules: ApiModule[] = [
  { prefix: '/auth', plugin: authRoutes },
  { prefix: '/social/users', plugin: usersRoutes },
  { prefix: '/f1', plugin: f1Routes },
  // Registers /core/search/ itself, leaving the /core prefix free for reviews and the rest of core.
  { prefix: '', plugin: searchRoutes },
];
