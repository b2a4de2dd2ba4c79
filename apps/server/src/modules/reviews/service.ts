import {
  ID_MAX,
  type CreateReviewBody,
  type FeedPage,
  type FeedQuery,
  type LikeToggleResult,
  type Review,
  type UpdateReviewBody,
  type WatchedRace,
} from '@paddock/contract';
import type { Db } from '../../db/client.ts';
import { clock, nowDate } from '../../lib/clock.ts';
import type { ServiceContext, Viewer } from '../../lib/context.ts';
import { fieldErrors, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { decodeCursor, decodeIdCursor, encodeCursor, toPage } from '../../lib/pagination.ts';
import { emptyDistribution, type RaceCommunity, type RaceFigures } from '../f1/community.ts';
import { raceCompletion, toRaceRef } from '../f1/service.ts';
import { assertCanSeeAccount } from '../follows/service.ts';
import { toggleLike } from '../likes/service.ts';
import { adjustUserCounters, findUserBrief } from '../users/service.ts';
import {
  selectReviewStats,
  selectReviewsPerSeason,
  addToRaceStats,
  addToReviewCounts,
  advanceFanOut,
  backfillTimeline,
  claimFanOut,
  deleteTimelineRowsOf,
  fanOutBatch,
  finishFanOut,
  queueFanOut,
  deleteReviewRow,
  deleteWatched,
  fanOutReview,
  insertReview,
  insertWatched,
  pruneTimelines,
  recountRaceStatsOfUser,
  removeFromTimeline,
  reviewedRaceIdsOf,
  selectCards,
  selectFollowedReviews,
  selectForYouCandidates,
  selectPopular,
  selectRaceStats,
  selectReviewList,
  selectTimelinePage,
  selectTrendingRaceIds,
  selectViewerRaceState,
  selectVisibleReview,
  selectWatched,
  updateReviewFields,
  type FeedItem,
  type RankedItem,
  type ReviewCardRow,
  type ReviewRef,
} from './queries.ts';

/** What the reviews services read from the settings. */
export interface FeedSettings {
  /** Timeline rows are kept this many days (FEED_TIMELINE_DAYS). */
  timelineDays: number;
  /** A review by an account with more followers is fanned out after its transaction (FEED_FANOUT_INLINE_MAX). */
  fanOutInlineMax: number;
  /** Followers written per statement of such a fan-out (FEED_FANOUT_BATCH). */
  fanOutBatch: number;
}

export const DEFAULT_FEED_SETTINGS: FeedSettings = { timelineDays: 30, fanOutInlineMax: 100, fanOutBatch: 1000 };

export const ALREADY_REVIEWED = 'You have already reviewed this race.';
export const RACE_NOT_COMPLETED = 'You can only review races that have been completed.';
export const WATCH_NOT_COMPLETED = 'Only races that have been completed can be marked as watched.';
export const POPULAR_WINDOW_MS = 30 * 24 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

const unknownRace = (raceId: number) => fieldErrors({ race_id: [`Invalid pk "${raceId}" - object does not exist.`] });

export function toReview(row: ReviewCardRow): Review {
  return {
    id: row.id,
    race: toRaceRef(row),
    user: { ...row.user, follow_status: row.follow_status },
    rating: row.rating,
    review_text: row.review_text,
    like_count: row.like_count,
    is_liked_by_user: row.liked,
    comment_count: row.comment_count,
    created_at: new Date(row.created_ms).toISOString(),
    updated_at: new Date(row.updated_ms).toISOString(),
  };
}

/** Cards of `items`, in their order; an item the viewer may no longer see is left out. */
async function cardsInOrder(ctx: ServiceContext, viewer: Viewer, items: readonly FeedItem[]): Promise<Review[]> {
  const rows = await selectCards(
    ctx.db,
    viewer,
    items.map((i) => i.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.flatMap((i) => {
    const row = byId.get(i.id);
    return row ? [toReview(row)] : [];
  });
}

/** GET /core/reviews/: a race's reviews, a user's reviews, or a user's review of one race; newest first. */
export async function listReviews(
  ctx: ServiceContext,
  viewer: Viewer,
  q: { race_id?: number; user_id?: number; page_size: number; cursor?: string },
): Promise<{ results: Review[]; next_cursor: string | null }> {
  if (q.user_id !== undefined) await assertCanSeeAccount(ctx, viewer, q.user_id);
  const beforeId = decodeIdCursor(q.cursor);
  const rows = await selectReviewList(ctx.db, viewer, {
    raceId: q.race_id,
    userId: q.user_id,
    beforeId,
    limit: q.page_size + 1,
  });
  return toPage(rows, q.page_size, toReview, (last) => encodeCursor([last.id]));
}

/** One review the viewer may see; a private account's review is 404 to others, as if it did not exist. */
export async function getReview(ctx: ServiceContext, viewer: Viewer, reviewId: number): Promise<Review> {
  const [row] = await selectCards(ctx.db, viewer, [reviewId]);
  if (!row) throw notFound();
  return toReview(row);
}

/** In the caller's transaction: the review if the viewer may see it, locked for update. */
export function lockVisibleReview(tx: Db, viewer: Viewer, reviewId: number): Promise<ReviewRef | null> {
  return selectVisibleReview(tx, viewer, reviewId, true);
}

/** A review the viewer may see, or null. */
export function findVisibleReview(db: Db, viewer: Viewer, reviewId: number): Promise<ReviewRef | null> {
  return selectVisibleReview(db, viewer, reviewId);
}

/** In the caller's transaction: adds to a review's comment count (comments module). */
export async function adjustCommentCount(tx: Db, reviewId: number, by: number): Promise<void> {
  await addToReviewCounts(tx, reviewId, { comments: by });
}

async function requireCompletedRace(ctx: ServiceContext, raceId: number, notCompletedMessage: string) {
  const state = await raceCompletion(ctx, raceId);
  if (state === null) throw unknownRace(raceId);
  if (state === 'not_completed') throw fieldErrors({ race_id: [notCompletedMessage] });
}

/**
 * POST /core/reviews/: one review per user per race, for completed races. In one transaction: the
 * review, the race's figures (public accounts), the race marked watched, the review written into every
 * follower's timeline (or queued for that, for an account with many followers) and, last so its row is
 * locked briefly, the author's review count.
 */
export async function createReview(
  ctx: ServiceContext,
  viewer: number,
  body: CreateReviewBody,
  settings: FeedSettings = DEFAULT_FEED_SETTINGS,
): Promise<Review> {
  await requireCompletedRace(ctx, body.race_id, RACE_NOT_COMPLETED);
  const at = nowDate();
  const created = await ctx.db.transaction(async (tx) => {
    const author = await findUserBrief(tx, viewer);
    if (!author) throw unauthorized();
    const id = await insertReview(tx, {
      userId: viewer,
      raceId: body.race_id,
      rating: body.rating,
      reviewText: body.review_text,
      at,
    });
    if (id === null) throw fieldErrors({ non_field_errors: [ALREADY_REVIEWED] });
    if (!author.isPrivate) await addToRaceStats(tx, body.race_id, body.rating, 1);
    await insertWatched(tx, viewer, body.race_id, at);
    const fanOut = author.followersCount > settings.fanOutInlineMax ? 'queued' : 'inline';
    if (fanOut === 'queued') await queueFanOut(tx, id, viewer);
    else await fanOutReview(tx, id, viewer);
    await adjustUserCounters(tx, viewer, { reviews: 1 });
    return { id, fanOut } as const;
  });
  await ctx.events.emit('review.created', {
    reviewId: created.id,
    authorId: viewer,
    raceId: body.race_id,
    fanOut: created.fanOut,
  });
  return getReview(ctx, viewer, created.id);
}

/** Locks a review for its owner; 404 when the viewer may not see it, 403 when it is someone else's. */
async function lockOwnReview(tx: Db, viewer: number, reviewId: number): Promise<ReviewRef> {
  const review = await lockVisibleReview(tx, viewer, reviewId);
  if (!review) throw notFound();
  if (review.user_id !== viewer) throw forbidden();
  return review;
}

/** PATCH /core/reviews/{id}/ (owner only): rating and text; the race's figures follow a new rating. */
export async function updateReview(
  ctx: ServiceContext,
  viewer: number,
  reviewId: number,
  body: UpdateReviewBody,
): Promise<Review> {
  const review = await ctx.db.transaction(async (tx) => {
    const current = await lockOwnReview(tx, viewer, reviewId);
    await updateReviewFields(tx, reviewId, { rating: body.rating, reviewText: body.review_text, at: nowDate() });
    if (body.rating !== undefined && body.rating !== current.rating && !current.author_private) {
      await addToRaceStats(tx, current.race_id, current.rating, -1);
      await addToRaceStats(tx, current.race_id, body.rating, 1);
    }
    return current;
  });
  await ctx.events.emit('review.updated', { reviewId, authorId: viewer, raceId: review.race_id });
  return getReview(ctx, viewer, reviewId);
}

/** DELETE /core/reviews/{id}/ (owner only); its comments, likes and timeline rows go with it. */
export async function deleteReview(ctx: ServiceContext, viewer: number, reviewId: number): Promise<void> {
  const review = await ctx.db.transaction(async (tx) => {
    const current = await lockOwnReview(tx, viewer, reviewId);
    await deleteTimelineRowsOf(tx, reviewId);
    await deleteReviewRow(tx, reviewId);
    if (!current.author_private) await addToRaceStats(tx, current.race_id, current.rating, -1);
    await adjustUserCounters(tx, viewer, { reviews: -1 });
    return current;
  });
  await ctx.events.emit('review.deleted', { reviewId, authorId: viewer, raceId: review.race_id });
}

/**
 * POST /core/review-likes/toggle/. The review row is locked first, so toggles of one review run one
 * after another and its like count always equals its likes.
 */
export async function toggleReviewLike(
  ctx: ServiceContext,
  viewer: number,
  reviewId: number,
): Promise<LikeToggleResult> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const review = await lockVisibleReview(tx, viewer, reviewId);
    if (!review) throw notFound();
    const liked = await toggleLike(tx, 'review', reviewId, viewer);
    const counts = await addToReviewCounts(tx, reviewId, { likes: liked ? 1 : -1 });
    return { review, liked, likeCount: counts?.like_count ?? 0 };
  });
  if (outcome.liked) {
    await ctx.events.emit('review.liked', {
      reviewId,
      reviewAuthorId: outcome.review.user_id,
      raceId: outcome.review.race_id,
      likerId: viewer,
    });
  }
  return { liked: outcome.liked, like_count: outcome.likeCount };
}

/* Watched races. */

/** POST /core/watched-races/: idempotent; returns whether the race was newly marked. */
export async function markWatched(ctx: ServiceContext, viewer: number, raceId: number): Promise<boolean> {
  await requireCompletedRace(ctx, raceId, WATCH_NOT_COMPLETED);
  return insertWatched(ctx.db, viewer, raceId, nowDate());
}

export async function unmarkWatched(ctx: ServiceContext, viewer: number, raceId: number): Promise<void> {
  if (!(await deleteWatched(ctx.db, viewer, raceId))) throw notFound();
}

/** A user's watched races (the viewer's own without user_id), most recent first. */
export async function listWatched(
  ctx: ServiceContext,
  viewer: Viewer,
  q: { user_id?: number; page_size: number; cursor?: string },
): Promise<{ results: WatchedRace[]; next_cursor: string | null }> {
  const userId = q.user_id ?? viewer;
  if (userId === null) throw unauthorized();
  await assertCanSeeAccount(ctx, viewer, userId);
  const before = q.cursor === undefined ? undefined : decodeCursor(q.cursor, ['number', 'id'] as const);
  const rows = await selectWatched(ctx.db, {
    userId,
    before: before && { ms: before[0], raceId: before[1] },
    limit: q.page_size + 1,
  });
  return toPage(
    rows,
    q.page_size,
    (row) => ({ race: toRaceRef(row), created_at: new Date(row.watched_ms).toISOString() }),
    (last) => encodeCursor([last.watched_ms, last.race_id]),
  );
}

/* Feeds. */

function feedPage(results: Review[], nextCursor: number | null, lastAuthor: number | null): FeedPage {
  return { results, next_cursor: nextCursor, meta: { last_author_id: lastAuthor } };
}

/**
 * GET /core/reviews/feed/: reviews of the accounts the viewer follows, newest first (cursor: the last
 * review's id). Read from the viewer's timeline; past its retention window, from the followed
 * accounts' reviews directly. `seen_ids` are left out.
 */
export async function followingFeed(ctx: ServiceContext, viewer: number, q: FeedQuery): Promise<FeedPage> {
  const limit = q.page_size + 1;
  const seen = q.seen_ids ?? [];
  // A cursor past any id a row can have reads from the newest (and never reaches the database as an overflow).
  const beforeId = q.cursor === undefined ? undefined : Math.min(Math.floor(q.cursor), ID_MAX);
  const rows = await selectTimelinePage(ctx.db, { viewer, beforeId, seen, limit });
  let page: { id: number; userId: number; review: Review | null }[] = rows.map((row) => ({
    id: row.entry_id,
    userId: row.shown ? row.user!.id : 0,
    review: row.shown ? toReview(row as ReviewCardRow) : null,
  }));
  if (rows.length < limit) {
    // The timeline ran out: older pages come from the followed accounts' reviews themselves.
    const older = await selectFollowedReviews(ctx.db, {
      viewer,
      beforeId: rows.at(-1)?.entry_id ?? beforeId,
      seen,
      limit: limit - rows.length,
    });
    const cards = await cardsInOrder(ctx, viewer, older);
    const byId = new Map(cards.map((c) => [c.id, c]));
    page = page.concat(older.map((o) => ({ id: o.id, userId: o.user_id, review: byId.get(o.id) ?? null })));
  }
  const more = page.length > q.page_size;
  page = page.slice(0, q.page_size);
  const shown = page.filter((p) => p.review !== null);
  const last = page.at(-1);
  return feedPage(
    shown.map((p) => p.review!),
    more && last ? last.id : null,
    shown.at(-1)?.userId ?? q.last_author_id ?? null,
  );
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
export async function forYouFeed(ctx: ServiceContext, viewer: Viewer, q: FeedQuery): Promise<FeedPage> {
  const seen = q.seen_ids ?? [];
  const page: RankedItem[] = [];
  let lastAuthor = q.last_author_id ?? null;
  let beforeRank = q.cursor;
  let exhausted = false;
  for (let round = 0; round < FOR_YOU_ROUNDS && page.length < q.page_size; round += 1) {
    const window = (q.page_size - page.length) * FOR_YOU_WINDOW_FACTOR + 1;
    const candidates = await selectForYouCandidates(ctx.db, { viewer, beforeRank, seen, limit: window });
    const arranged = arrangeWithoutRepeats(candidates, lastAuthor, q.page_size - page.length);
    page.push(...arranged.page);
    lastAuthor = arranged.last;
    if (arranged.consumedTo !== null) beforeRank = arranged.consumedTo;
    if (candidates.length < window && arranged.consumed === candidates.length) {
      exhausted = true;
      break;
    }
  }
  const results = await cardsInOrder(ctx, viewer, page);
  return feedPage(results, exhausted || beforeRank === undefined ? null : beforeRank, lastAuthor);
}

/** GET /core/reviews/popular/: the most liked reviews of the last 30 days that the viewer may see. */
export async function popularReviews(ctx: ServiceContext, viewer: Viewer, limit: number): Promise<Review[]> {
  const rows = await selectPopular(ctx.db, viewer, new Date(clock.now() - POPULAR_WINDOW_MS), limit);
  return rows.map(toReview);
}

/** Timeline rows older than FEED_TIMELINE_DAYS go; their pages are read from the reviews themselves. */
export async function pruneFeedTimelines(ctx: ServiceContext, days: number): Promise<void> {
  await pruneTimelines(ctx.db, new Date(clock.now() - days * DAY_MS));
}

/* What the F1 pages show of the community (f1/community.ts, decision 006). */

export const reviewsCommunity: RaceCommunity = {
  async figures(db, raceIds) {
    const rows = await selectRaceStats(db, raceIds);
    return new Map<number, RaceFigures>(
      rows.map((r) => [
        r.race_id,
        {
          reviewCount: r.review_count,
          averageRating: r.review_count > 0 ? Math.round((r.rating_sum / r.review_count) * 100) / 100 : null,
          distribution: {
            ...emptyDistribution(),
            '1': r.rating_1,
            '2': r.rating_2,
            '3': r.rating_3,
            '4': r.rating_4,
            '5': r.rating_5,
          },
        },
      ]),
    );
  },
  async viewerState(db, viewer, raceId) {
    const state = await selectViewerRaceState(db, viewer, raceId);
    return { isWatched: state.watched, userReviewId: state.reviewId };
  },
  reviewedRaceIds: reviewedRaceIdsOf,
  trendingRaceIds: selectTrendingRaceIds,
};

/**
 * Works through one batch of the oldest queued fan-out nobody else is working on. Returns false when
 * no fan-out is waiting (or all are taken by other instances).
 */
export async function fanOutNextBatch(ctx: ServiceContext, batch: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const job = await claimFanOut(tx);
    if (!job) return false;
    const { written, lastFollower } = await fanOutBatch(tx, job, batch);
    if (written < batch || lastFollower === null) await finishFanOut(tx, job.review_id);
    else await advanceFanOut(tx, job.review_id, lastFollower);
    return true;
  });
}

export interface FanOutWorker {
  /** Starts working through the queue unless already at it (then it looks again when done). */
  kick(): void;
  /** Resolves when the worker has nothing in hand. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** One per instance: writes queued fan-outs after their reviews' transactions, batch by batch. */
export function createFanOutWorker(ctx: ServiceContext, batch: number, onError: (err: unknown) => void): FanOutWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const work = async () => {
    do {
      again = false;
      while (!stopped && (await fanOutNextBatch(ctx, batch)));
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
 * Reacts to other modules' events: a follow fills the follower's timeline with the followed account's
 * recent reviews and an unfollow empties it of them; an account that changes privacy is counted in (or
 * out of) the race figures again.
 */
export function subscribeReviews(ctx: ServiceContext, settings: FeedSettings): void {
  ctx.events.on('follow.accepted', async ({ followerId, followingId }) => {
    await backfillTimeline(ctx.db, followerId, followingId, new Date(clock.now() - settings.timelineDays * DAY_MS));
  });
  ctx.events.on('follow.removed', async ({ followerId, followingId, wasAccepted }) => {
    if (wasAccepted) await removeFromTimeline(ctx.db, followerId, followingId);
  });
  ctx.events.on('user.privacy_changed', async ({ userId }) => {
    await ctx.db.transaction((tx) => recountRaceStatsOfUser(tx, userId));
  });
}

/** A user's review figures for the profile's Stats tab (the caller checks who may see them). */
export async function reviewStatsOf(ctx: ServiceContext, userId: number) {
  const [row, perSeason] = await Promise.all([
    selectReviewStats(ctx.db, userId),
    selectReviewsPerSeason(ctx.db, userId),
  ]);
  return {
    total_reviews: row.total,
    average_rating: row.average === null ? null : Math.round(row.average * 100) / 100,
    rating_distribution: { '1': row.r1, '2': row.r2, '3': row.r3, '4': row.r4, '5': row.r5 },
    races_watched: row.watched,
    likes_received: row.likes,
    reviews_per_season: perSeason,
  };
}
