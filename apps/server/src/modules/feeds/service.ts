import { ID_MAX, type FeedPage, type FeedQuery } from '@paddock/contract';
import { clock } from '../../lib/clock.ts';
import type { ServiceContext, Viewer } from '../../lib/context.ts';
import {
  followedAccountsReviews,
  forYouCandidates,
  readerAnswerJson,
  withCards,
  type RankedItem,
} from '../reviews/service.ts';
import type { ReaderSideRow } from '../reviews/sql.ts';
import {
  advanceFanOut,
  backfillTimeline,
  claimFanOut,
  deleteTimelineRowsOf,
  deleteTimelineRowsOfAccount,
  fanOutBatch,
  fanOutReview,
  finishFanOut,
  pruneTimelines,
  queueFanOut,
  removeFromTimeline,
  selectTimelinePage,
} from './queries.ts';
import { inTransaction } from '../../lib/sql.ts';

/** What the feeds services read from the settings. */
export interface FeedSettings {
  /** Timeline rows are kept this many days (FEED_TIMELINE_DAYS). */
  timelineDays: number;
  /** A review by an account with more followers is fanned out by the worker, in batches (FEED_FANOUT_INLINE_MAX). */
  fanOutInlineMax: number;
  /** Followers written per statement of such a fan-out (FEED_FANOUT_BATCH). */
  fanOutBatch: number;
}

const DAY_MS = 24 * 3_600_000;

/** A feed page before its cards: which reviews, with the reader's side of each (decision 027). */
export interface FeedSides {
  sides: ReaderSideRow[];
  next_cursor: number | null;
  last_author_id: number | null;
}

/** A feed answer's keys after its results. */
const feedRest = (page: FeedSides) => ({
  next_cursor: page.next_cursor,
  meta: { last_author_id: page.last_author_id },
});

/** A feed's side page with its cards: the feed's answer. */
export async function withFeedCards(ctx: ServiceContext, page: FeedSides): Promise<FeedPage> {
  return { results: await withCards(ctx, page.sides), ...feedRest(page) };
}

/** The JSON of withFeedCards's answer, put together from the cards' kept bytes. */
export function feedCardsJson(ctx: ServiceContext, page: FeedSides): Promise<Buffer> {
  return readerAnswerJson(ctx, page, page.sides, feedRest(page));
}

/** A feed's query, with the races the reader revealed for this browser session (the spoiler shield, decision 033). */
export type ReaderFeedQuery = FeedQuery & { revealed?: readonly number[] };

/** GET /core/reviews/feed/ (see followingFeedSides). */
export async function followingFeed(ctx: ServiceContext, viewer: number, q: ReaderFeedQuery): Promise<FeedPage> {
  return withFeedCards(ctx, await followingFeedSides(ctx, viewer, q));
}

/** GET /core/reviews/for-you/ (see forYouFeedSides). */
export async function forYouFeed(ctx: ServiceContext, viewer: Viewer, q: ReaderFeedQuery): Promise<FeedPage> {
  return withFeedCards(ctx, await forYouFeedSides(ctx, viewer, q));
}

/**
 * GET /core/reviews/feed/: reviews of the accounts the viewer follows, newest first (cursor: the last
 * review's id). Read from the viewer's timeline; past its retention window, from the followed
 * accounts' reviews directly. `seen_ids` are left out.
 */
export async function followingFeedSides(ctx: ServiceContext, viewer: number, q: ReaderFeedQuery): Promise<FeedSides> {
  const limit = q.page_size + 1;
  const seen = q.seen_ids ?? [];
  const { revealed } = q;
  // A cursor past any id a row can have reads from the newest (and never reaches the database as an overflow).
  const beforeId = q.cursor === undefined ? undefined : Math.min(Math.floor(q.cursor), ID_MAX);
  const rows = await selectTimelinePage(ctx.db, { viewer, beforeId, seen, limit, revealed });
  let page: { id: number; side: ReaderSideRow | null }[] = rows.map((row) => ({
    id: row.entry_id,
    side: row.shown ? (row as ReaderSideRow) : null,
  }));
  if (rows.length < limit) {
    // The timeline ran out: older pages come from the followed accounts' reviews themselves.
    const older = await followedAccountsReviews(ctx, {
      viewer,
      beforeId: rows.at(-1)?.entry_id ?? beforeId,
      seen,
      limit: limit - rows.length,
      revealed,
    });
    page = page.concat(older.map((side) => ({ id: side.id, side })));
  }
  const more = page.length > q.page_size;
  page = page.slice(0, q.page_size);
  const sides = page.flatMap((p) => p.side ?? []);
  const last = page.at(-1);
  return {
    sides,
    next_cursor: more && last ? last.id : null,
    last_author_id: sides.at(-1)?.user_id ?? q.last_author_id ?? null,
  };
}

/** How many candidates each For You round reads per review it can show. */
const FOR_YOU_WINDOW_FACTOR = 3;
const FOR_YOU_ROUNDS = 4;

/**
 * Arranges ranked candidates so that no author follows themselves: a candidate by the previous author
 * waits (in rank order) until another author came between; what is still waiting when the page is full
 * stays unseen in this session. Returns the page and the rank below which the next page starts.
 */
export function arrangeWithoutRepeats(
  candidates: readonly RankedItem[],
  previousAuthor: number | null,
  room: number,
): { page: RankedItem[]; consumed: number; consumedTo: number | null; last: number | null } {
  const page: RankedItem[] = [];
  const waiting: RankedItem[] = [];
  let last = previousAuthor;
  let consumed = 0;
  let consumedTo: number | null = null;
  const take = (item: RankedItem) => {
    page.push(item);
    last = item.user_id;
  };
  const flushWaiting = () => {
    for (let i = 0; i < waiting.length && page.length < room;) {
      if (waiting[i]!.user_id !== last) take(waiting.splice(i, 1)[0]!);
      else i += 1;
    }
  };
  for (const c of candidates) {
    flushWaiting();
    if (page.length >= room) break;
    consumed += 1;
    consumedTo = c.rank;
    if (c.user_id !== last) take(c);
    else waiting.push(c);
  }
  flushWaiting();
  return { page, consumed, consumedTo, last };
}

/**
 * GET /core/reviews/for-you/: other people's reviews the viewer may see, ranked by recency and
 * engagement (cursor: the rank where the previous page stopped). Never the same author twice in a row,
 * also across pages (`last_author_id`); `seen_ids` are left out; the cursor keeps pages apart.
 */
export async function forYouFeedSides(ctx: ServiceContext, viewer: Viewer, q: ReaderFeedQuery): Promise<FeedSides> {
  const seen = q.seen_ids ?? [];
  const page: RankedItem[] = [];
  let lastAuthor = q.last_author_id ?? null;
  let beforeRank = q.cursor;
  let exhausted = false;
  for (let round = 0; round < FOR_YOU_ROUNDS && page.length < q.page_size; round += 1) {
    const window = (q.page_size - page.length) * FOR_YOU_WINDOW_FACTOR + 1;
    const candidates = await forYouCandidates(ctx, { viewer, beforeRank, seen, limit: window, revealed: q.revealed });
    const arranged = arrangeWithoutRepeats(candidates, lastAuthor, q.page_size - page.length);
    page.push(...arranged.page);
    lastAuthor = arranged.last;
    if (arranged.consumedTo !== null) beforeRank = arranged.consumedTo;
    if (candidates.length < window && arranged.consumed === candidates.length) {
      exhausted = true;
      break;
    }
  }
  return {
    sides: page,
    next_cursor: exhausted || beforeRank === undefined ? null : beforeRank,
    last_author_id: lastAuthor,
  };
}

/** Timeline rows older than FEED_TIMELINE_DAYS go; their pages are read from the reviews themselves. */
export async function pruneFeedTimelines(ctx: ServiceContext, days: number): Promise<void> {
  await pruneTimelines(ctx.db, new Date(clock.now() - days * DAY_MS));
}

/**
 * Told, after the commit, which readers' timelines (or follows) changed: their kept pages are dropped
 * (decision 027).
 */
export type ReadersChanged = (readerIds: readonly number[]) => Promise<void>;

/**
 * Works through one batch of the oldest queued fan-out nobody else is working on, then tells
 * `readersChanged` whose timelines it entered. Returns false when no fan-out is waiting (or all are
 * taken by other instances).
 */
export async function fanOutNextBatch(
  ctx: ServiceContext,
  batch: number,
  readersChanged: ReadersChanged = async () => {},
): Promise<boolean> {
  const done = await inTransaction(ctx.db, async (tx) => {
    const job = await claimFanOut(tx);
    if (!job) return null;
    const { written, lastFollower, readers } = await fanOutBatch(tx, job, batch);
    if (written < batch || lastFollower === null) await finishFanOut(tx, job.review_id);
    else await advanceFanOut(tx, job.review_id, lastFollower);
    return readers;
  });
  if (done === null) return false;
  if (done.length > 0) await readersChanged(done);
  return true;
}

export interface FanOutWorker {
  /** Starts working through the queue unless already at it (then it looks again when done). */
  kick(): void;
  /** Resolves when the worker has nothing in hand. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** One per instance: writes queued fan-outs after their reviews were created, batch by batch. */
export function createFanOutWorker(
  ctx: ServiceContext,
  batch: number,
  onError: (err: unknown) => void,
  readersChanged?: ReadersChanged,
): FanOutWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const work = async () => {
    do {
      again = false;
      while (!stopped && (await fanOutNextBatch(ctx, batch, readersChanged)));
    } while (again && !stopped);
  };
  return {
    kick() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = work()
        .catch(onError)
        .finally(() => {
          running = null;
        });
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      await this.idle();
    },
  };
}

/**
 * The timelines follow the reviews and follows modules' events (emitted after their commits; the
 * request answers once these handlers are done, so a follower sees a new review as soon as its POST
 * answered): a review enters its author's followers' timelines (at once for few followers, else queued
 * for `fanOuts`), a deleted review leaves them, a follow fills the follower's timeline with the followed
 * account's recent reviews and an unfollow empties it of them. After each change, `readersChanged` hears
 * whose timelines or follows changed (a follow request too: the follow status on cards).
 */
export function subscribeFeeds(
  ctx: ServiceContext,
  settings: FeedSettings,
  fanOuts: Pick<FanOutWorker, 'kick'>,
  readersChanged: ReadersChanged = async () => {},
  timelinesShrank: () => Promise<void> = async () => {},
): void {
  ctx.events.on('review.created', async ({ reviewId, authorId, authorFollowersCount }) => {
    if (authorFollowersCount > settings.fanOutInlineMax) {
      await queueFanOut(ctx.db, reviewId, authorId);
      fanOuts.kick();
    } else {
      const readers = await fanOutReview(ctx.db, reviewId, authorId);
      if (readers.length > 0) await readersChanged(readers);
    }
  });
  ctx.events.on('review.deleted', async ({ reviewId }) => {
    await inTransaction(ctx.db, (tx) => deleteTimelineRowsOf(tx, reviewId));
    await timelinesShrank();
  });
  ctx.events.on('account.deleted', async ({ userId, reviewIds }) => {
    await inTransaction(ctx.db, (tx) => deleteTimelineRowsOfAccount(tx, userId, reviewIds));
    await timelinesShrank();
  });
  ctx.events.on('follow.accepted', async ({ followerId, followingId }) => {
    await backfillTimeline(ctx.db, followerId, followingId, new Date(clock.now() - settings.timelineDays * DAY_MS));
    await readersChanged([followerId]);
  });
  ctx.events.on('follow.requested', async ({ followerId }) => {
    await readersChanged([followerId]);
  });
  ctx.events.on('follow.removed', async ({ followerId, followingId, wasAccepted }) => {
    if (wasAccepted) await removeFromTimeline(ctx.db, followerId, followingId);
    await readersChanged([followerId]);
  });
}
