import type { FastifyPluginAsync } from 'fastify';

export interface ApiModule {
  /** Mounted under /api + prefix. */
  prefix: string;
  plugin: FastifyPluginAsync;
}

/** Every capability of the API, in registration order. */
export const modules: ApiModule[] = [];
