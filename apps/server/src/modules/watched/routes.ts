import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewsEndpoints } from '@paddock/contract';
import { errorBody } from '../../lib/openapi.ts';
import { parseIdParam } from '../../lib/params.ts';
import { route, signedIn, unauthorized } from '../../lib/route.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { PRIVATE_ACCOUNT } from '../follows/service.ts';
import { listWatched, markWatched, unmarkWatched, WATCH_NOT_COMPLETED } from './service.ts';

const tags = ['watched races'];
const privateAccount = errorBody(`\`{"detail": "${PRIVATE_ACCOUNT}"}\`: a private account the viewer does not follow.`);

/** Watched races, mounted at /api/core. */
export const watchedRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events };

  route(
    app,
    reviewsEndpoints.markWatched,
    {
      tags,
      summary: 'Mark a race watched',
      description:
        `Idempotent: 201 the first time, 200 after. Completed races only (\`{"race_id": ["${WATCH_NOT_COMPLETED}"]}\`). ` +
        "It lifts the viewer's spoiler shield from the race at once (decision 033): the next answers carry its " +
        'results, ratings and reviews.',
      security: signedIn,
      errors: { 400: errorBody('Field errors on `race_id`.'), 401: unauthorized },
    },
    async (request, reply) => {
      const created = await markWatched(ctx, requireUser(request), request.body.race_id);
      return reply.code(created ? 201 : 200).send({ race_id: request.body.race_id });
    },
  );

  route(
    app,
    reviewsEndpoints.listWatchedRaces,
    {
      tags,
      summary: 'Watched races',
      description:
        "A user's watched races (`user_id`; the viewer's own without it), most recently watched first. A private " +
        "account's list is 403 to anyone but its owner and accepted followers.",
      errors: { 401: unauthorized, 403: privateAccount, 404: errorBody('No account has that `user_id`.') },
    },
    async (request) => listWatched(ctx, request.userId, request.query),
  );

  route(
    app,
    reviewsEndpoints.unmarkWatched,
    {
      tags,
      summary: 'Unmark a watched race',
      description:
        "`id` is the race. 404 when the viewer had not marked it watched. The viewer's spoiler shield (decision 033) " +
        'covers the race again if their setting does.',
      security: signedIn,
      errors: { 401: unauthorized },
    },
    async (request, reply) => {
      await unmarkWatched(ctx, requireUser(request), parseIdParam(request.params.id));
      return reply.code(204).send(null);
    },
  );
};
