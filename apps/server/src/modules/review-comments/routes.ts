import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commentsEndpoints } from '@paddock/contract';
import { errorBody } from '../../lib/openapi.ts';
import { parseIdParam } from '../../lib/params.ts';
import { notFound as notFoundBody, route, signedIn, unauthorized } from '../../lib/route.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import {
  createReviewComment,
  deleteReviewComment,
  getReviewCommentReplies,
  listReviewCommentLikes,
  listReviewComments,
  REPLIES_INLINE,
  toggleReviewCommentLike,
  updateReviewComment,
} from './service.ts';
import { acrossBlock } from '../follows/routes.ts';

const tags = ['comments'];
const notFound = notFoundBody(
  "no such comment or review, or one under a private account's review the viewer does not follow.",
);
const notOwner = errorBody('`{"detail": "You do not have permission to perform this action."}`: not the author.');

/** Comments on reviews and their likes, mounted at /api/social. */
export const reviewCommentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events };

  route(
    app,
    commentsEndpoints.listComments,
    {
      tags,
      summary: 'Comments of a review, or replies of a comment',
      description:
        `\`review_id\`: the review's top-level comments, oldest first, each with its first ${REPLIES_INLINE} replies ` +
        'and `reply_count`. `parent_comment_id`: the replies of that comment, oldest first. Paginated. Comments ' +
        "under a private account's review are visible to the same people as the review.",
      errors: { 404: notFound },
    },
    async (request) => listReviewComments(ctx, request.userId, request.query),
  );

  route(
    app,
    commentsEndpoints.createComment,
    {
      tags,
      summary: 'Comment on a review, or reply',
      description:
        '`{race_review_id, comment, parent_comment_id?}`: comment 1-1000 characters after trimming. Replies nest ' +
        "one level: replying to a reply attaches to its top-level comment. The review's author (and, for a reply, " +
        'the author of the comment replied to) is notified.',
      security: signedIn,
      errors: {
        400: errorBody('Field errors (the comment; a `parent_comment_id` that is not a comment of this review).'),
        401: unauthorized,
        403: acrossBlock,
        404: notFound,
      },
    },
    async (request, reply) => reply.code(201).send(await createReviewComment(ctx, requireUser(request), request.body)),
  );

  route(
    app,
    commentsEndpoints.updateComment,
    {
      tags,
      summary: 'Edit a comment',
      description: 'The author changes the text.',
      security: signedIn,
      errors: { 401: unauthorized, 403: notOwner, 404: notFound },
    },
    async (request) =>
      updateReviewComment(ctx, requireUser(request), parseIdParam(request.params.id), request.body.comment),
  );

  route(
    app,
    commentsEndpoints.deleteComment,
    {
      tags,
      summary: 'Delete a comment',
      description: 'The author deletes a comment; a top-level comment goes with its replies.',
      security: signedIn,
      errors: { 401: unauthorized, 403: notOwner, 404: notFound },
    },
    async (request, reply) => {
      await deleteReviewComment(ctx, requireUser(request), parseIdParam(request.params.id));
      return reply.code(204).send(null);
    },
  );

  route(
    app,
    commentsEndpoints.listCommentReplies,
    {
      tags,
      summary: 'Replies of a comment',
      description: 'Oldest first, paginated.',
      errors: { 404: notFound },
    },
    async (request) => getReviewCommentReplies(ctx, request.userId, parseIdParam(request.params.id), request.query),
  );

  route(
    app,
    commentsEndpoints.toggleCommentLike,
    {
      tags,
      summary: 'Like or unlike a comment',
      description: 'Answers `{liked, like_count}`; the count always equals the likes.',
      security: signedIn,
      errors: { 401: unauthorized, 403: acrossBlock, 404: notFound },
    },
    async (request) => toggleReviewCommentLike(ctx, requireUser(request), request.body.comment_id),
  );

  route(
    app,
    commentsEndpoints.listCommentLikes,
    {
      tags,
      summary: 'Who liked a comment',
      description: 'Newest like first, paginated.',
      errors: { 404: notFound },
    },
    async (request) => listReviewCommentLikes(ctx, request.userId, request.query),
  );
};
