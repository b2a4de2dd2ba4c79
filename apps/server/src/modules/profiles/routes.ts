import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profilesEndpoints } from '@paddock/contract';
import { FIRST_SEASON } from '@paddock/contract/season-review';
import { errorBody } from '../../lib/openapi.ts';
import { parseIdParam } from '../../lib/params.ts';
import { clock } from '../../lib/clock.ts';
import { notFound as notFoundError } from '../../lib/errors.ts';
import { notFound, route } from '../../lib/route.ts';
import { PRIVATE_ACCOUNT } from '../follows/service.ts';
import { seasonReview, userStats } from './service.ts';

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

  route(
    app,
    profilesEndpoints.getSeasonReview,
    {
      tags: ['profiles'],
      summary: "A member's season in review",
      description:
        'For one season (1950 to next year): races watched and reviewed, the mean rating given, the highest- and ' +
        'lowest-rated races, the most-starred drivers, the favourite circuit, the most-liked review and the ' +
        "followers gained that year, beside the community's mean rating and races per member. A private " +
        `account's season is 403 \`{"detail": "${PRIVATE_ACCOUNT}"}\` to anyone but its owner and followers.`,
      errors: {
        403: errorBody(`\`{"detail": "${PRIVATE_ACCOUNT}"}\``),
        404: notFound('no such account, or a year that is not a season.'),
      },
    },
    async (request) =>
      seasonReview(ctx, request.userId, parseIdParam(request.params.id), parseSeasonParam(request.params.year)),
  );
};

/** A season in a path: 1950 to next year, else 404 (as an unknown id). */
function parseSeasonParam(value: string): number {
  const year = parseIdParam(value);
  if (year < FIRST_SEASON || year > new Date(clock.now()).getUTCFullYear() + 1) throw notFoundError();
  return year;
}
