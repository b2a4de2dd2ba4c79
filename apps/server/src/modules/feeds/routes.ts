import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewsEndpoints } from '@paddock/contract';
import type { Config } from '../../config.ts';
import { sendCached, sendPrivateBytes } from '../../lib/cached-answers.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { route, signedIn, unauthorized } from '../../lib/route.ts';
import { invalidateEverywhere } from '../../lib/read-cache.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { readerOf, revealedKey } from '../../lib/reader.ts';
import { FOLLOWING_TAG, FOR_YOU_TAG, readerTag, REVIEW_LISTS_TAG, seenKey } from '../reviews/cached.ts';
import { SHIELDED_REVIEWS } from '../reviews/routes.ts';
import {
  createFanOutWorker,
  followingFeedSides,
  forYouFeed,
  forYouFeedSides,
  pruneFeedTimelines,
  subscribeFeeds,
  feedCardsJson,
  type FeedSettings,
} from './service.ts';

const tags = ['reviews'];

export const feedSettingsFrom = (config: Config): FeedSettings => ({
  timelineDays: config.FEED_TIMELINE_DAYS,
  fanOutInlineMax: config.FEED_FANOUT_INLINE_MAX,
  fanOutBatch: config.FEED_FANOUT_BATCH,
});

/** The two home feeds, mounted at /api/core (under /reviews/, beside the reviews module's routes). */
export const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events };

  route(
    app,
    reviewsEndpoints.followingFeed,
    {
      tags,
      summary: 'Following feed',
      description:
        'Reviews by the accounts the viewer follows (accepted follows), newest first. `cursor` is the previous ' +
        "page's `next_cursor` (a review id); `seen_ids` (comma-joined, at most 500) are left out; " +
        "`meta.last_author_id` is the author of the page's last review. No review appears on two pages." +
        SHIELDED_REVIEWS,
      security: signedIn,
      errors: { 401: unauthorized },
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      const { revealed } = readerOf(request) ?? { revealed: [] };
      const q = request.query;
      // Which reviews the page shows (and what the reader's shield hides) is kept per reader, until their
      // timeline, follows or shield change (decision 027).
      const key = `following:${viewer}?size=${q.page_size}&cursor=${q.cursor}&last=${q.last_author_id}&seen=${seenKey(q.seen_ids)}&revealed=${revealedKey({ revealed })}`;
      const page = await app.readerCache.getOrLoad(key, [readerTag(viewer), FOLLOWING_TAG], () =>
        followingFeedSides(ctx, viewer, { ...q, revealed }),
      );
      return sendPrivateBytes(reply, await feedCardsJson(ctx, page));
    },
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
        '`next_cursor`; `seen_ids` are left out; no review appears on two pages.' +
        SHIELDED_REVIEWS,
    },
    async (request, reply) => {
      const q = request.query;
      const reader = readerOf(request);
      const params = `size=${q.page_size}&cursor=${q.cursor}&last=${q.last_author_id}&seen=${seenKey(q.seen_ids)}`;
      const cacheTags = [REVIEW_LISTS_TAG, FOR_YOU_TAG];
      if (reader === null) {
        // A guest's page is every guest's: kept whole in the read cache (decision 027). One that leaves out
        // what that guest saw is theirs alone: kept, such pages would crowd the F1 answers out.
        if (q.seen_ids?.length) return forYouFeed(ctx, null, q);
        return sendCached(app.readCache, reply, `for-you?${params}`, cacheTags, () => forYouFeed(ctx, null, q));
      }
      // A reader's: which reviews it shows (and what their shield hides), kept until For You or the reader's
      // likes, follows or shield change.
      const readerTags = [...cacheTags, readerTag(reader.id)];
      const key = `for-you:${reader.id}?${params}&revealed=${revealedKey(reader)}`;
      const page = await app.readerCache.getOrLoad(key, readerTags, () =>
        forYouFeedSides(ctx, reader.id, { ...q, revealed: reader.revealed }),
      );
      return sendPrivateBytes(reply, await feedCardsJson(ctx, page));
    },
  );
};

/**
 * The feeds module's subscription (modules/index.ts): the timelines follow review and follow events, and
 * this instance's fan-out worker writes the queued fan-outs (reviews of accounts with many followers)
 * right after they are queued; it also picks up what another instance left when it stopped. Hourly, on
 * each instance (both are idempotent): timeline rows past FEED_TIMELINE_DAYS are pruned, and fan-outs
 * left by a stopped instance are taken up.
 */
export function startFeeds(ctx: ServiceContext, config: Config, app: FastifyInstance): void {
  const settings = feedSettingsFrom(config);
  // A reader's kept pages go when their timeline or follows change; every Following page when a review left timelines.
  const readersChanged = (readers: readonly number[]) =>
    invalidateEverywhere(app.readerCache, app.liveBus, readers.map(readerTag), app.log);
  const timelinesShrank = () => invalidateEverywhere(app.readerCache, app.liveBus, [FOLLOWING_TAG], app.log);
  const fanOuts = createFanOutWorker(
    ctx,
    settings.fanOutBatch,
    (err) => app.log.error({ err }, 'feed fan-out failed'),
    readersChanged,
  );
  subscribeFeeds(ctx, settings, fanOuts, readersChanged, timelinesShrank);
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
}
