import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewsEndpoints } from '@paddock/contract';
import type { Config } from '../../config.ts';
import { errorBody } from '../../lib/openapi.ts';
import { parseIdParam } from '../../lib/params.ts';
import { notFound, route, signedIn, unauthorized } from '../../lib/route.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { PRIVATE_ACCOUNT } from '../follows/service.ts';
import {
  ALREADY_REVIEWED,
  createFanOutWorker,
  createReview,
  deleteReview,
  followingFeed,
  forYouFeed,
  getReview,
  listReviews,
  listWatched,
  markWatched,
  popularReviews,
  pruneFeedTimelines,
  RACE_NOT_COMPLETED,
  toggleReviewLike,
  unmarkWatched,
  updateReview,
  WATCH_NOT_COMPLETED,
  type FeedSettings,
} from './service.ts';

const tags = ['reviews'];
const reviewNotFound = notFound('no such review, or one of a private account the viewer does not follow.');
const notOwner = errorBody('`{"detail": "You do not have permission to perform this action."}`: not the author.');
const privateAccount = errorBody(`\`{"detail": "${PRIVATE_ACCOUNT}"}\`: a private account the viewer does not follow.`);

export const feedSettingsFrom = (config: Config): FeedSettings => ({
  timelineDays: config.FEED_TIMELINE_DAYS,
  fanOutInlineMax: config.FEED_FANOUT_INLINE_MAX,
  fanOutBatch: config.FEED_FANOUT_BATCH,
});

/** Reviews, their likes, watched races and the two home feeds, mounted at /api/core. */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events };
  const settings = feedSettingsFrom(app.config);

  // Queued fan-outs (reviews of accounts with many followers) are written by this worker after their
  // transaction; it also picks up what another instance left when it stopped.
  const fanOuts = createFanOutWorker(ctx, settings.fanOutBatch, (err) => app.log.error({ err }, 'feed fan-out failed'));
  app.events.on('review.created', ({ fanOut }) => {
    if (fanOut === 'queued') fanOuts.kick();
  });
  // Hourly, on each instance (both are idempotent): timeline rows past FEED_TIMELINE_DAYS are pruned,
  // and fan-outs left by a stopped instance are taken up.
  let hourly: NodeJS.Timeout | undefined;
  const maintain = () => {
    fanOuts.kick();
    pruneFeedTimelines(ctx, settings.timelineDays).catch((err: unknown) =>
      app.log.warn({ err }, 'pruning feed timelines failed'),
    );
  };
  app.addHook('onReady', async () => {
    fanOuts.kick();
    hourly = setInterval(maintain, 3_600_000).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(hourly);
    await fanOuts.stop();
  });

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
    async (request) => listReviews(ctx, request.userId, request.query),
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
    async (request, reply) =>
      reply.code(201).send(await createReview(ctx, requireUser(request), request.body, settings)),
  );

  route(
    app,
    reviewsEndpoints.followingFeed,
    {
      tags,
      summary: 'Following feed',
      description:
        'Reviews by the accounts the viewer follows (accepted follows), newest first. `cursor` is the previous ' +
        "page's `next_cursor` (a review id); `seen_ids` (comma-joined, at most 500) are left out; " +
        "`meta.last_author_id` is the author of the page's last review. No review appears on two pages.",
      security: signedIn,
      errors: { 401: unauthorized },
    },
    async (request) => followingFeed(ctx, requireUser(request), request.query),
  );

  route(
    app,
    reviewsEndpoints.forYouFeed,
    {
      tags,
      summary: 'For You feed',
      description:
        "Other people's reviews the viewer may see (guests: public accounts' reviews), ranked by recency and " +
        'engagement (likes, comments). Never the same author twice in a row, across pages too: pass the ' +
        "previous page's `meta.last_author_id` as `last_author_id`. `cursor` is the previous page's " +
        '`next_cursor`; `seen_ids` are left out; no review appears on two pages.',
    },
    async (request) => forYouFeed(ctx, request.userId, request.query),
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
      errors: { 401: unauthorized, 404: reviewNotFound },
    },
    async (request) => toggleReviewLike(ctx, requireUser(request), request.body.review_id),
  );

  route(
    app,
    reviewsEndpoints.markWatched,
    {
      tags: ['watched races'],
      summary: 'Mark a race watched',
      description: `Idempotent: 201 the first time, 200 after. Completed races only (\`{"race_id": ["${WATCH_NOT_COMPLETED}"]}\`).`,
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
      tags: ['watched races'],
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
      tags: ['watched races'],
      summary: 'Unmark a watched race',
      description: '`id` is the race. 404 when the viewer had not marked it watched.',
      security: signedIn,
      errors: { 401: unauthorized },
    },
    async (request, reply) => {
      await unmarkWatched(ctx, requireUser(request), parseIdParam(request.params.id));
      return reply.code(204).send(null);
    },
  );
};
