import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewsEndpoints } from '@paddock/contract';
import { sendCached, sendPrivateBytes } from '../../lib/cached-answers.ts';
import { errorBody } from '../../lib/openapi.ts';
import { parseIdParam } from '../../lib/params.ts';
import { readerOf, revealedKey } from '../../lib/reader.ts';
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
/** What the descriptions of the routes showing reviews say of the spoiler shield (decision 033). */
export const SHIELDED_REVIEWS =
  " A signed-in reader whose spoiler shield hides a review's race (their `spoiler_shield` setting, races not " +
  'marked watched nor named in `X-Spoilers-Revealed`) gets it with `spoilers_hidden: true` and `rating` and ' +
  "`review_text` null; the author, race and dates stay. A reader's own reviews are never shielded from them.";

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
        "followers; listing a private account's reviews is 403 for anyone else." +
        SHIELDED_REVIEWS,
      errors: { 403: privateAccount, 404: errorBody('No account has that `user_id`.') },
    },
    async (request, reply) => {
      const q = request.query;
      const reader = readerOf(request);
      const params = `race=${q.race_id}&user=${q.user_id}&size=${q.page_size}&cursor=${q.cursor}`;
      // A guest's list is every guest's (guests are never shielded): kept whole in the read cache (decision 027).
      if (reader === null)
        return sendCached(app.readCache, reply, `reviews?${params}`, reviewListTags(q), () =>
          listReviews(ctx, null, q),
        );
      // A reader's: which reviews it shows and what their shield hides, kept until they change or the reader's
      // likes, follows or shield do.
      const key = `reviews:${reader.id}?${params}&revealed=${revealedKey(reader)}`;
      const page = await app.readerCache.getOrLoad(key, readerListTags(q, reader.id), () =>
        listReviewSides(ctx, reader.id, { ...q, revealed: reader.revealed }),
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
        'The most liked reviews of the last 30 days that the viewer may see, most liked first (`limit`, default 10).' +
        SHIELDED_REVIEWS,
    },
    async (request) => {
      const reader = readerOf(request);
      return popularReviews(ctx, request.userId, request.query.limit, reader?.revealed);
    },
  );

  route(
    app,
    reviewsEndpoints.getSharedReview,
    {
      tags,
      summary: 'A shared review',
      description:
        'The review a share link (`/review/{id}`) names; the token is the review id. A review of a private account ' +
        'is 404 to anyone but its owner and accepted followers: a link never opens it to others.' +
        SHIELDED_REVIEWS,
      errors: { 404: reviewNotFound },
    },
    async (request) => getReview(ctx, request.userId, parseIdParam(request.params.token), readerOf(request)?.revealed),
  );

  route(
    app,
    reviewsEndpoints.getReview,
    { tags, summary: 'A review', description: SHIELDED_REVIEWS.trim(), errors: { 404: reviewNotFound } },
    async (request) => getReview(ctx, request.userId, parseIdParam(request.params.id), readerOf(request)?.revealed),
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
