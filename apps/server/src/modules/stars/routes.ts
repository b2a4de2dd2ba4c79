import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MOST_STARRED_SHOWN, STARS_PER_RACE, starsEndpoints } from '@paddock/contract';
import { sendCached, sendPrivate } from '../../lib/cached-answers.ts';
import { errorBody } from '../../lib/openapi.ts';
import { parseIdParam } from '../../lib/params.ts';
import { route, signedIn, unauthorized } from '../../lib/route.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { PRIVATE_ACCOUNT } from '../follows/service.ts';
import {
  DRIVER_NOT_IN_RACE,
  listStars,
  mostStarred,
  RACE_NOT_COMPLETED,
  starDriver,
  TOO_MANY_STARS,
  unstarDriver,
} from './service.ts';
import { raceStarsTag, STARS_TAG } from './cached.ts';

const tags = ['starred drivers'];

/** Starred drivers (a user's favourites of a race, and the community's), mounted at /api/core. */
export const starsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events };
  const { listStarredDrivers, starDriver: star, unstarDriver: unstar, mostStarredDrivers } = starsEndpoints;

  route(
    app,
    listStarredDrivers,
    {
      tags,
      summary: "A user's starred drivers",
      description:
        "`user_id` (default: the signed-in user), optionally of one race (`race_id`), newest first, paginated. A private account's stars are 403 to anyone but its owner and followers.",
      errors: {
        401: errorBody('No `user_id` and nobody signed in.'),
        403: errorBody(`\`{"detail": "${PRIVATE_ACCOUNT}"}\``),
        404: errorBody('`{"detail": "Not found."}`: no such account.'),
      },
    },
    async (request) => listStars(ctx, request.userId, request.query),
  );

  route(
    app,
    star,
    {
      tags,
      summary: 'Star a driver of a race',
      description: `Up to ${STARS_PER_RACE} drivers per completed race, each of its classification. Starring a starred driver again answers the star with 200.`,
      security: signedIn,
      errors: {
        400: errorBody(
          `\`{"race_id": ["${RACE_NOT_COMPLETED}"]}\`, \`{"driver_id": ["${DRIVER_NOT_IN_RACE}"]}\`, ` +
            `\`{"non_field_errors": ["${TOO_MANY_STARS}"]}\` or an unknown race.`,
        ),
        401: unauthorized,
      },
    },
    async (request, reply) => {
      const { star, created } = await starDriver(ctx, requireUser(request), request.body);
      return reply.code(created ? 201 : 200).send(star);
    },
  );

  route(
    app,
    unstar,
    {
      tags,
      summary: 'Remove a star',
      security: signedIn,
      errors: {
        401: unauthorized,
        404: errorBody('`{"detail": "Not found."}`: no such star among the signed-in user\'s.'),
      },
    },
    async (request, reply) => {
      await unstarDriver(ctx, requireUser(request), parseIdParam(request.params.id));
      return reply.code(204).send(null);
    },
  );

  route(
    app,
    mostStarredDrivers,
    {
      tags,
      summary: "The fans' drivers of a race",
      description: `The ${MOST_STARRED_SHOWN} most-starred drivers of the race, most stars first, counting the stars the viewer may see (never a private account's, unless the viewer follows it).`,
    },
    async (request, reply) => {
      const raceId = request.query.race_id;
      // A guest's answer is everyone's: kept in the read cache, dropped when the race's stars change.
      if (request.userId === null) {
        return sendCached(app.readCache, reply, `most-starred/${raceId}`, [STARS_TAG, raceStarsTag(raceId)], () =>
          mostStarred(ctx, null, raceId),
        );
      }
      return sendPrivate(reply, await mostStarred(ctx, request.userId, raceId));
    },
  );
};
