import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewsEndpoints } from '@paddock/contract';
import { sendCached, sendPrivateBytes } from '../../lib/cached-answers.ts';
import { errorBody } from '../../lib/openapi.ts';
import { parseIdParam } from '../../lib/params.ts';
import { notFound, route, signedIn, unauthorized } from '../../lib/route.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { PRIVATE_ACCOUNT } from '../follows/service.ts';
import { readerListTags, reviewListTags } from './cached.ts';
import {
  ALREADY_REVIEWED,
  createReview,
  deleteReview,
  getReview,
  listReviews,
  listReviewSides,
  popularReviews,
  RACE_NOT_COMPLETED,
  toggleReviewLike,
  updateReview,
  pageCardsJson,
} from './service.ts';
import { acrossBlock } from '../follows/routes.ts';

const tags = ['reviews'];
const reviewNotFound = notFound('no such review, or one of a private account the viewer does not follow.');
const notOwner = errorBody('`{"detail": "You do not have permission to perform this action."}`: not the author.');
const privateAccount = errorBody(`\`{"detail": "${PRIVATE_ACCOUNT}"}\`: a private account the viewer does not follow.`);

/**
 * Reviews and their likes, mounted at /api/core (the home feeds under /reviews/ are the feeds module's,
 * watched races the watched module's).
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events };

  route(
    app,
    reviewsEndpoints.listReviews,
    {
      tags,
      summary: 'Reviews of a race or of a user',
      description:
        "`race_id`: the race's reviews; `user_id`: the user's reviews; both: that user's review of the race (one at " +
        'most). Newest first, paginated. Reviews of private accounts appear only to their owner and accepted ' +
        "followers; listing a private account's reviews is 403 for anyone else.",
      errors: { 403: privateAccount, 404: errorBody('No account has that `user_id`.') },
    },
    async (request, reply) => {
      const q = request.query;
      const viewer = request.userId;
      const params = `race=${q.race_id}&user=${q.user_id}&size=${q.page_size}&cursor=${q.cursor}`;
      // A guest's list is every guest's: kept whole in the read cache (decision 027).
      if (viewer === null)
        return sendCached(app.readCache, reply, `reviews?${params}`, reviewListTags(q), () =>
          listReviews(ctx, null, q),
        );
      // A reader's: which reviews it shows, kept until they change or the reader's likes or follows do.
      const page = await app.readerCache.getOrLoad(`reviews:${viewer}?${params}`, readerListTags(q, viewer), () =>
        listReviewSides(ctx, viewer, q),
      );
      return sendPrivateBytes(reply, await pageCardsJson(ctx, page));
    },
  );

  route(
    app,
    reviewsEndpoints.createReview,
    {
      tags,
      summary: 'Review a race',
      description:
        `One review per user per race, for completed races only (else \`{"race_id": ["${RACE_NOT_COMPLETED}"]}\`); ` +
        `a second one is \`{"non_field_errors": ["${ALREADY_REVIEWED}"]}\`. rating 1-5; review_text optional, trimmed, ` +
        'at most 2000 characters, null when empty. The race is marked watched too. Followers see the review in ' +
        'their Following feed at once.',
      security: signedIn,
      errors: { 400: errorBody('Field errors, or `non_field_errors`.'), 401: unauthorized },
    },
    async (request, reply) => reply.code(201).send(await createReview(ctx, requireUser(request), request.body)),
  );

  route(
    app,
    reviewsEndpoints.popularReviews,
    {
      tags,
      summary: 'Popular reviews',
      description:
        'The most liked reviews of the last 30 days that the viewer may see, most liked first (`limit`, default 10).',
    },
    async (request) => popularReviews(ctx, request.userId, request.query.limit),
  );

  route(
    app,
    reviewsEndpoints.getSharedReview,
    {
      tags,
      summary: 'A shared review',
      description:
        'The review a share link (`/review/{id}`) names; the token is the review id. A review of a private account ' +
        'is 404 to anyone but its owner and accepted followers: a link never opens it to others.',
      errors: { 404: reviewNotFound },
    },
    async (request) => getReview(ctx, request.userId, parseIdParam(request.params.token)),
  );

  route(
    app,
    reviewsEndpoints.getReview,
    { tags, summary: 'A review', errors: { 404: reviewNotFound } },
    async (request) => getReview(ctx, request.userId, parseIdParam(request.params.id)),
  );

  route(
    app,
    reviewsEndpoints.updateReview,
    {
      tags,
      summary: 'Edit a review',
      description: 'The author changes rating and/or review_text (same rules as creating).',
      security: signedIn,
      errors: { 401: unauthorized, 403: notOwner, 404: reviewNotFound },
    },
    async (request) => updateReview(ctx, requireUser(request), parseIdParam(request.params.id), request.body),
  );

  route(
    app,
    reviewsEndpoints.deleteReview,
    {
      tags,
      summary: 'Delete a review',
      description: 'The author deletes the review with its comments and likes.',
      security: signedIn,
      errors: { 401: unauthorized, 403: notOwner, 404: reviewNotFound },
    },
    async (request, reply) => {
      await deleteReview(ctx, requireUser(request), parseIdParam(request.params.id));
      return reply.code(204).send(null);
    },
  );

  route(
    app,
    reviewsEndpoints.toggleReviewLike,
    {
      tags,
      summary: 'Like or unlike a review',
      description:
        'Likes the review, or takes the like back. Answers `{liked, like_count}`; the count always equals the likes.',
      security: signedIn,
      errors: { 401: unauthorized, 403: acrossBlock, 404: reviewNotFound },
    },
    async (request) => toggleReviewLike(ctx, requireUser(request), request.body.review_id),
  );
};
