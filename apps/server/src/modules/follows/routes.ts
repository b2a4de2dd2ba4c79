import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COUNT_MAX, followsEndpoints } from '@paddock/contract';
import { errorBody } from '../../lib/openapi.ts';
import { parseIdParam } from '../../lib/params.ts';
import { notFound, route, signedIn, unauthorized } from '../../lib/route.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import {
  addRelation,
  answerFollowRequest,
  CANNOT_BLOCK_SELF,
  CANNOT_FOLLOW_ACCOUNT,
  CANNOT_INTERACT,
  CANNOT_MUTE_SELF,
  listRelations,
  removeRelation,
  follow,
  followRequestCount,
  getPublicProfile,
  listFollowRequests,
  listFollows,
  PRIVATE_ACCOUNT,
  UNBLOCK_TO_FOLLOW,
  unfollow,
} from './service.ts';

const tags = ['follows'];

/** The 403 of a like, comment or reply across a block (decision 028), for the routes that act on content. */
export const acrossBlock = errorBody(
  `\`{"detail": "${CANNOT_INTERACT}"}\`: a block stands between the viewer and the author (either way).`,
);

/** Follows, follow requests and profiles as others see them, mounted at /api/social. */
export const followsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events };

  route(
    app,
    followsEndpoints.followUser,
    {
      tags,
      summary: 'Follow an account',
      description:
        'A public account is followed at once (`{"status": "following"}`, 201) and notified; a private one gets a ' +
        'follow request (`{"status": "requested"}`) that its owner accepts or declines. Following again answers ' +
        'the current state with 200.',
      security: signedIn,
      errors: {
        400: errorBody('`{"user_id": ["You cannot follow yourself."]}` or an unknown account.'),
        401: unauthorized,
        403: errorBody(
          `\`{"detail": "${CANNOT_FOLLOW_ACCOUNT}"}\` (the account blocked the viewer), or \`{"detail": "${UNBLOCK_TO_FOLLOW}"}\`.`,
        ),
      },
    },
    async (request, reply) => {
      const { result, created } = await follow(ctx, requireUser(request), request.body.user_id);
      return reply.code(created ? 201 : 200).send(result);
    },
  );

  route(
    app,
    followsEndpoints.unfollowUser,
    {
      tags,
      summary: 'Unfollow, or withdraw a request',
      description: '`id` is the followed account. 404 when the viewer neither follows nor asked to follow it.',
      security: signedIn,
      errors: { 401: unauthorized },
    },
    async (request, reply) => {
      await unfollow(ctx, requireUser(request), parseIdParam(request.params.id));
      return reply.code(204).send(null);
    },
  );

  route(
    app,
    followsEndpoints.listFollowRequests,
    {
      tags,
      summary: 'Pending follow requests',
      description: 'Requests to follow the signed-in (private) account, newest first, paginated.',
      security: signedIn,
      errors: { 401: unauthorized },
    },
    async (request) => listFollowRequests(ctx, requireUser(request), request.query),
  );

  route(
    app,
    followsEndpoints.countFollowRequests,
    {
      tags,
      summary: 'How many follow requests are pending',
      description: `Counted up to ${COUNT_MAX} (the badge shows '99+' above 99).`,
      security: signedIn,
      errors: { 401: unauthorized },
    },
    async (request) => followRequestCount(ctx, requireUser(request)),
  );

  const answers = [
    { answer: 'accept', endpoint: followsEndpoints.acceptFollowRequest },
    { answer: 'decline', endpoint: followsEndpoints.declineFollowRequest },
  ] as const;
  for (const { answer, endpoint } of answers) {
    route(
      app,
      endpoint,
      {
        tags,
        summary: answer === 'accept' ? 'Accept a follow request' : 'Decline a follow request',
        description:
          (answer === 'accept'
            ? 'The requester now follows the account and is notified (FOLLOW_REQUEST_ACCEPTED). '
            : 'The request is removed; the requester may ask again. ') +
          "`id` is the request's id; only the requested account may answer.",
        security: signedIn,
        errors: {
          401: unauthorized,
          404: notFound('no pending request with that id to the signed-in account.'),
        },
      },
      async (request) => {
        await answerFollowRequest(ctx, requireUser(request), parseIdParam(request.params.id), answer);
        return { detail: answer === 'accept' ? 'Follow request accepted.' : 'Follow request declined.' };
      },
    );
  }

  route(
    app,
    followsEndpoints.getProfileByUsername,
    {
      tags,
      summary: 'A profile by username',
      description:
        'Any account, private or not (ignoring case), with its counts and, for the viewer, `follow_status` ' +
        '("self", "following", "requested" or "none"), `follows_you`, `blocking` and `muting` (the viewer blocked ' +
        'or muted it) and `can_follow`. To an account it blocked, a profile reads as a private one that ' +
        '`can_follow` false.',
      errors: { 404: notFound('no account has that username.') },
    },
    async (request) => getPublicProfile(ctx, request.userId, request.query.username),
  );

  const directions = [
    { direction: 'followers', endpoint: followsEndpoints.listFollowers },
    { direction: 'following', endpoint: followsEndpoints.listFollowing },
  ] as const;
  for (const { direction, endpoint } of directions) {
    route(
      app,
      endpoint,
      {
        tags,
        summary: direction === 'followers' ? 'Followers of an account' : 'Accounts an account follows',
        description: `Accepted follows, newest first, paginated. A private account's list is 403 \`{"detail": "${PRIVATE_ACCOUNT}"}\` to anyone but its owner and its followers. Each row has the viewer's own \`follow_status\` towards that user.`,
        errors: { 403: errorBody(`\`{"detail": "${PRIVATE_ACCOUNT}"}\``) },
      },
      async (request) =>
        listFollows(ctx, request.userId, { ...request.query, userId: parseIdParam(request.params.id), direction }),
    );
  }

  const relations = [
    {
      kind: 'block',
      add: followsEndpoints.blockUser,
      remove: followsEndpoints.unblockUser,
      list: followsEndpoints.listBlocks,
      self: CANNOT_BLOCK_SELF,
      done: 'Blocked.',
      past: 'blocked',
      what:
        "Neither account sees the other's reviews, comments or thoughts, in lists, feeds, search or live streams; " +
        'the follows and follow requests between them are removed, neither can follow the other, and the blocked ' +
        "account cannot like, comment on or reply to the blocker's content (403). No notification passes between them.",
    },
    {
      kind: 'mute',
      add: followsEndpoints.muteUser,
      remove: followsEndpoints.unmuteUser,
      list: followsEndpoints.listMutes,
      self: CANNOT_MUTE_SELF,
      done: 'Muted.',
      past: 'muted',
      what:
        "The muted account's reviews, comments and thoughts leave the muter's feeds, lists and live streams, and its " +
        'actions no longer notify the muter. Its profile, and a link to one of its reviews, still open. The muted ' +
        'account notices nothing.',
    },
  ] as const;
  for (const r of relations) {
    route(
      app,
      r.add,
      {
        tags,
        summary: r.kind === 'block' ? 'Block an account' : 'Mute an account',
        description: `${r.what} 201 when new, 200 when it already stood.`,
        security: signedIn,
        errors: {
          400: errorBody(`\`{"user_id": ["${r.self}"]}\` or an unknown account.`),
          401: unauthorized,
        },
      },
      async (request, reply) => {
        const { created } = await addRelation(ctx, r.kind, requireUser(request), request.body.user_id);
        return reply.code(created ? 201 : 200).send({ detail: r.done });
      },
    );
    route(
      app,
      r.remove,
      {
        tags,
        summary: r.kind === 'block' ? 'Unblock an account' : 'Unmute an account',
        description: `\`id\` is the ${r.past} account.`,
        security: signedIn,
        errors: { 401: unauthorized, 404: notFound(`the viewer has not ${r.past} that account.`) },
      },
      async (request, reply) => {
        await removeRelation(ctx, r.kind, requireUser(request), parseIdParam(request.params.id));
        return reply.code(204).send(null);
      },
    );
    route(
      app,
      r.list,
      {
        tags,
        summary: r.kind === 'block' ? 'Blocked accounts' : 'Muted accounts',
        description: `The accounts the viewer ${r.past}, newest first, paginated.`,
        security: signedIn,
        errors: { 401: unauthorized },
      },
      async (request) => listRelations(ctx, r.kind, requireUser(request), request.query),
    );
  }
};
