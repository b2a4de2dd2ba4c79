import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profilesEndpoints } from '@paddock/contract';
import { errorBody } from '../../lib/openapi.ts';
import { parseIdParam } from '../../lib/params.ts';
import { notFound, route } from '../../lib/route.ts';
import { PRIVATE_ACCOUNT } from '../follows/service.ts';
import { userStats } from './service.ts';

/** What a profile shows beyond its header, mounted at /api/social. */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events };

  route(
    app,
    profilesEndpoints.getUserStats,
    {
      tags: ['profiles'],
      summary: "A profile's figures",
      description:
        'Reviews (count, mean, distribution, per season), races watched, likes received and the most-starred ' +
        `drivers. A private account's figures are 403 \`{"detail": "${PRIVATE_ACCOUNT}"}\` to anyone but its owner and followers.`,
      errors: {
        403: errorBody(`\`{"detail": "${PRIVATE_ACCOUNT}"}\``),
        404: notFound('no such account.'),
      },
    },
    async (request) => userStats(ctx, request.userId, parseIdParam(request.params.id)),
  );
};
