import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INVISIBLE_CHARACTERS,
  WATCHLIST_NAME_MAX,
  WATCHLIST_RACES_MAX,
  WATCHLISTS_PER_USER,
  watchlistsEndpoints,
} from '@paddock/contract';
import { errorBody } from '../../lib/openapi.ts';
import { parseIdParam } from '../../lib/params.ts';
import { notFound, route, signedIn, unauthorized } from '../../lib/route.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import {
  addWatchlistRace,
  createWatchlist,
  deleteWatchlist,
  getSharedWatchlist,
  getWatchlist,
  listOwnWatchlists,
  ORDER_MISMATCH,
  removeWatchlistRace,
  reorderWatchlist,
  TOO_MANY_WATCHLISTS,
  updateWatchlist,
  WATCHLIST_FULL,
} from './service.ts';

const tags = ['watchlists'];
const notOwnList = notFound("no such watchlist among the signed-in user's.");
const SHARING =
  'A list is private unless `is_public`; its `share_token` (128 random bits) is shown to its owner only ' +
  '(null for anyone else) and opens the list at /watchlists/shared/{token}/ while it is public.';
const NAME_RULE =
  `The name is stored trimmed with every run of whitespace as one space (1-${WATCHLIST_NAME_MAX} characters after that) ` +
  `and refuses invisible formatting characters (\`{"name": ["${INVISIBLE_CHARACTERS}"]}\`): Unicode format characters ` +
  'such as bidi overrides and zero-width characters, and control characters other than whitespace.';

/** Watchlists: a user's named, ordered lists of races, shareable by link. Mounted at /api/social. */
export const watchlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events };

  route(
    app,
    watchlistsEndpoints.listWatchlists,
    {
      tags,
      summary: "The signed-in user's watchlists",
      description: `Newest first, paginated, without their races (\`race_count\` says how many). ${SHARING}`,
      security: signedIn,
      errors: { 401: unauthorized },
    },
    async (request) => listOwnWatchlists(ctx, requireUser(request), request.query),
  );

  route(
    app,
    watchlistsEndpoints.createWatchlist,
    {
      tags,
      summary: 'Create a watchlist',
      description: `An empty list with a new random share token, private unless \`is_public\`. At most ${WATCHLISTS_PER_USER} per user. ${NAME_RULE}`,
      security: signedIn,
      errors: {
        400: errorBody(
          `Field errors on \`name\` or \`description\`, or \`{"non_field_errors": ["${TOO_MANY_WATCHLISTS}"]}\`.`,
        ),
        401: unauthorized,
      },
    },
    async (request, reply) => reply.code(201).send(await createWatchlist(ctx, requireUser(request), request.body)),
  );

  route(
    app,
    watchlistsEndpoints.getSharedWatchlist,
    {
      tags,
      summary: 'A watchlist by its share link',
      description:
        'The list with its races in order, for anyone (guests too) while it is public, and for its owner always.',
      errors: {
        404: notFound('no list has that token, or it is private and the viewer is not its owner.'),
      },
    },
    async (request) => getSharedWatchlist(ctx, request.userId, request.params.token),
  );

  route(
    app,
    watchlistsEndpoints.getWatchlist,
    {
      tags,
      summary: 'A watchlist',
      description: `The list with its races in the owner's order. Its owner always sees it; anyone else (guests too) only while it is public. ${SHARING}`,
      errors: {
        404: notFound('no such list, or a private one of another user.'),
      },
    },
    async (request) => getWatchlist(ctx, request.userId, parseIdParam(request.params.id)),
  );

  route(
    app,
    watchlistsEndpoints.updateWatchlist,
    {
      tags,
      summary: 'Edit a watchlist',
      description: `Its name, description and visibility (\`is_public\`); the owner only. The share token stays the same. ${NAME_RULE}`,
      security: signedIn,
      errors: {
        400: errorBody('Field errors on `name`, `description` or `is_public`.'),
        401: unauthorized,
        404: notOwnList,
      },
    },
    async (request) => updateWatchlist(ctx, requireUser(request), parseIdParam(request.params.id), request.body),
  );

  route(
    app,
    watchlistsEndpoints.deleteWatchlist,
    {
      tags,
      summary: 'Delete a watchlist',
      description: 'The owner only; its share link stops working.',
      security: signedIn,
      errors: { 401: unauthorized, 404: notOwnList },
    },
    async (request, reply) => {
      await deleteWatchlist(ctx, requireUser(request), parseIdParam(request.params.id));
      return reply.code(204).send(null);
    },
  );

  route(
    app,
    watchlistsEndpoints.addWatchlistRace,
    {
      tags,
      summary: 'Add a race to a watchlist',
      description:
        `Appends the race after the list's last one and answers the list: 201 the first time; a race the list already ` +
        `holds stays where it is (200). At most ${WATCHLIST_RACES_MAX} races. The owner only.`,
      security: signedIn,
      errors: {
        400: errorBody(`Field errors on \`race_id\`, or \`{"non_field_errors": ["${WATCHLIST_FULL}"]}\`.`),
        401: unauthorized,
        404: notFound("no such list among the signed-in user's, or no such race."),
      },
    },
    async (request, reply) => {
      const { watchlist, created } = await addWatchlistRace(
        ctx,
        requireUser(request),
        parseIdParam(request.params.id),
        request.body.race_id,
      );
      return reply.code(created ? 201 : 200).send(watchlist);
    },
  );

  route(
    app,
    watchlistsEndpoints.reorderWatchlist,
    {
      tags,
      summary: "Reorder a watchlist's races",
      description:
        '`race_ids`: exactly the races the list holds, each once, in their new order; answers the list. The owner only.',
      security: signedIn,
      errors: {
        400: errorBody(`\`{"race_ids": ["${ORDER_MISMATCH}"]}\` or another field error on \`race_ids\`.`),
        401: unauthorized,
        404: notOwnList,
      },
    },
    async (request) =>
      reorderWatchlist(ctx, requireUser(request), parseIdParam(request.params.id), request.body.race_ids),
  );

  route(
    app,
    watchlistsEndpoints.removeWatchlistRace,
    {
      tags,
      summary: 'Remove a race from a watchlist',
      description: 'The races after it move up one place. The owner only.',
      security: signedIn,
      errors: {
        401: unauthorized,
        404: notFound("no such list among the signed-in user's, or the race is not in it."),
      },
    },
    async (request, reply) => {
      await removeWatchlistRace(
        ctx,
        requireUser(request),
        parseIdParam(request.params.id),
        parseIdParam(request.params.race_id),
      );
      return reply.code(204).send(null);
    },
  );
};
