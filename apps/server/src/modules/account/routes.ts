import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountEndpoints } from '@paddock/contract';
import { route, signedIn, unauthorized } from '../../lib/route.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { exportAccount } from './service.ts';

const tags = ['account'];

/** The account as a whole, mounted at /api/social/users (beside the users module's /me/). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events };

  route(
    app,
    accountEndpoints.exportMyData,
    {
      tags,
      summary: 'Download your data',
      description:
        'Everything the signed-in account wrote and chose, as one JSON document (`Content-Disposition: ' +
        'attachment`): profile and settings, reviews, comments and replies, race thoughts and their comments, ' +
        'likes, follows, followers, follow requests, blocks, mutes, watchlists with their races, starred drivers ' +
        'and watched races. It is written as it is read, a page of rows at a time, so a large account is never ' +
        'held in memory whole. The schema below documents every member (decision 029).',
      security: signedIn,
      errors: { 401: unauthorized },
    },
    async (request, reply) => {
      const { fileName, text } = await exportAccount(ctx, requireUser(request));
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(text));
    },
  );
};
