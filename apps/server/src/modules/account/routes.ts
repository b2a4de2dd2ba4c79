import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountEndpoints } from '@paddock/contract';
import { route, signedIn, unauthorized } from '../../lib/route.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { deleteAccount, exportAccount } from './service.ts';

const tags = ['account'];

/** The account as a whole, mounted at /api/social/users (beside the users module's /me/). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = {
    db: app.database.db,
    events: app.events,
    mediaDir: app.config.MEDIA_DIR,
    log: app.log,
    deletedAccounts: app.deletedAccounts,
  };

  route(
    app,
    accountEndpoints.deleteMe,
    {
      tags,
      summary: 'Delete your account',
      description:
        "With the account's password: deletes the account and everything it wrote, at once and for good (decision " +
        '032): reviews (with their comments and likes), comments and replies, race thoughts and their comments, ' +
        'likes, follows and follow requests both ways, blocks, mutes, watchlists, starred drivers, watched races, ' +
        'notifications, reports it filed and its profile picture. A comment of the account that others replied to ' +
        'stays as an empty placeholder (`user: null`, `is_deleted: true`) above their replies. Race figures, ' +
        'counts, timelines and search follow at once. Its tokens stop working at once, and its username cannot ' +
        'be registered again for 30 days. A wrong password is a 400 field error on `password`.',
      security: signedIn,
      errors: { 401: unauthorized },
    },
    async (request, reply) => {
      await deleteAccount(ctx, requireUser(request), request.body.password);
      return reply.code(204).send();
    },
  );

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
