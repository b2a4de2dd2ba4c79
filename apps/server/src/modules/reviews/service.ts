import type { CreateReviewBody, LikeToggleResult, ReportedContent, Review, UpdateReviewBody } from '@paddock/contract';
import { byId } from '../../lib/moderation-content.ts';
import type { Db } from '../../db/client.ts';
import { clock, nowDate } from '../../lib/clock.ts';
import type { ServiceContext, Viewer } from '../../lib/context.ts';
import { fieldErrors, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { decodeIdCursor, encodeCursor, toPage } from '../../lib/pagination.ts';
import { emptyDistribution, type RaceCommunity, type RaceFigures } from '../f1/community.ts';
import { raceCompletion, toRaceRef } from '../f1/service.ts';
import { assertCanSeeAccount, refusalFor } from '../follows/service.ts';
import { removeLikesBy, toggleLike } from '../review-likes/service.ts';
import { adjustUserCounters, findUserBrief } from '../users/service.ts';
import { markRaceWatched } from '../watched/service.ts';
import {
  selectReviewStats,
  selectReviewsPerSeason,
  addToRaceStats,
  addToReviewCounts,
  deleteReviewRow,
  insertReview,
  recountRaceStatsOf,
  markReviewHidden,
  selectReviewsForModeration,
  selectSeasonReviewFigures,
  type SeasonReviewFigures,
  recountRaceStatsOfUser,
  addToCountsOfReviews,
  deleteReviewsOf,
  reviewedRaceIdsOf,
  selectReaderSides,
  selectSharedCards,
  selectFollowedReviews,
  selectForYouCandidates,
  selectPopular,
  selectRaceReviewCounts,
  selectRaceStats,
  selectReviewList,
  selectTrendingRaceIds,
  selectViewerRaceState,
  selectReviewAuthorId,
  selectVisibleReview,
  updateReviewFields,
  type FeedItem,
  type RankedItem,
  type ReviewRef,
} from './queries.ts';
import { answerJson, reviewCardsOf, withholdReview, type ReaderCard } from './cards.ts';
import { shieldedRaceIds } from '../spoilers/service.ts';
import type { ReaderSideRow, ReviewCardRow } from './sql.ts';
import { keysetRows } from '../../lib/json-stream.ts';
import { reviewsExportPage } from './queries.ts';
import { inTransaction } from '../../lib/sql.ts';

export type { FeedItem, RankedItem };

export const ALREADY_REVIEWED = 'You have already reviewed this race.';
export const RACE_NOT_COMPLETED = 'You can only review races that have been completed.';
export const POPULAR_WINDOW_MS = 30 * 24 * 3_600_000;

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
    is_hidden: row.is_hidden,
    spoilers_hidden: false,
  };
}

/** How many reviews (public accounts') each race has, for the races that have any: search's prominence. */
export function raceReviewCounts(db: Db): Promise<Map<number, number>> {
  return selectRaceReviewCounts(db);
}

/**
 * The cards of `rows`, in the rows' order, each with its reader's side: kept cards (decision 027), the
 * missing ones read in one statement. A review deleted since its row was read is left out.
 */
async function readerCards(ctx: ServiceContext, rows: readonly ReaderSideRow[]): Promise<ReaderCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const kept = reviewCardsOf(ctx.events);
  // The loader is passed inline: a named closure would be named again on every call (the runner keeps names).
  const cards = kept
    ? await kept.cards(ids, (missing) => loadSharedCards(ctx.db, missing))
    : new Map((await loadSharedCards(ctx.db, ids)).map((c) => [c.id, c]));
  const found: ReaderCard[] = [];
  for (const row of rows) {
    const card = cards.get(row.id);
    if (card) found.push({ card, follow_status: row.follow_status, liked: row.liked, shielded: row.shielded });
  }
  return found;
}

async function loadSharedCards(db: Db, ids: number[]): Promise<Review[]> {
  return (await selectSharedCards(db, ids)).map(toReview);
}

/** The reviews of `rows` as their reader sees them (their spoiler shield too), in the rows' order (see readerCards). */
export async function withCards(ctx: ServiceContext, rows: readonly ReaderSideRow[]): Promise<Review[]> {
  return (await readerCards(ctx, rows)).map(({ card, follow_status, liked, shielded }) => ({
    ...(shielded ? withholdReview(card) : card),
    user: { ...card.user, follow_status },
    is_liked_by_user: liked,
  }));
}

/** A page of a review list before its cards: which reviews, with the reader's side of each (decision 027). */
export interface SidePage {
  sides: ReaderSideRow[];
  next_cursor: string | null;
}

/** A review list's query, with the races the reader revealed for this browser session (decision 033). */
interface ReviewListQuery {
  race_id?: number;
  user_id?: number;
  page_size: number;
  cursor?: string;
  revealed?: readonly number[];
}

/** Which reviews a page of GET /core/reviews/ shows the viewer (checking they may see the account). */
export async function listReviewSides(ctx: ServiceContext, viewer: Viewer, q: ReviewListQuery): Promise<SidePage> {
  if (q.user_id !== undefined) await assertCanSeeAccount(ctx, viewer, q.user_id);
  const beforeId = decodeIdCursor(q.cursor);
  const rows = await selectReviewList(ctx.db, viewer, {
    raceId: q.race_id,
    userId: q.user_id,
    beforeId,
    limit: q.page_size + 1,
    revealed: q.revealed,
  });
  const page = toPage(
    rows,
    q.page_size,
    (row) => row,
    (last) => encodeCursor([last.id]),
  );
  return { sides: page.results, next_cursor: page.next_cursor };
}

/** A side page with its cards: the answer of GET /core/reviews/. */
export async function withPageCards(ctx: ServiceContext, page: SidePage) {
  return { results: await withCards(ctx, page.sides), next_cursor: page.next_cursor };
}

/**
 * The JSON of the answer to a reader's `page`, `{"results": [reviews…], …rest}`: kept with the page while
 * its cards are unchanged (decision 027), else put together from the cards' kept bytes (see readerCards).
 */
export async function readerAnswerJson(
  ctx: ServiceContext,
  page: object,
  rows: readonly ReaderSideRow[],
  rest: Record<string, unknown>,
): Promise<Buffer> {
  const kept = reviewCardsOf(ctx.events);
  const answer = kept?.keptAnswer(page);
  if (answer) return answer;
  const cards = await readerCards(ctx, rows);
  const bytes = answerJson(cards, rest);
  kept?.keepAnswer(
    page,
    bytes,
    cards.map((c) => c.card),
  );
  return bytes;
}

/** The JSON of withPageCards's answer. */
export function pageCardsJson(ctx: ServiceContext, page: SidePage): Promise<Buffer> {
  return readerAnswerJson(ctx, page, page.sides, { next_cursor: page.next_cursor });
}

/** GET /core/reviews/: a race's reviews, a user's reviews, or a user's review of one race; newest first. */
export async function listReviews(
  ctx: ServiceContext,
  viewer: Viewer,
  q: ReviewListQuery,
): Promise<{ results: Review[]; next_cursor: string | null }> {
  return withPageCards(ctx, await listReviewSides(ctx, viewer, q));
}

/**
 * One review the viewer may see; a private account's review is 404 to others, as if it did not exist.
 * `revealed`: the races the reader revealed for this browser session (decision 033).
 */
export async function getReview(
  ctx: ServiceContext,
  viewer: Viewer,
  reviewId: number,
  revealed: readonly number[] = [],
): Promise<Review> {
  const [review] = await withCards(ctx, await selectReaderSides(ctx.db, viewer, [reviewId], revealed));
  if (!review) throw notFound();
  return review;
}

/** In the caller's transaction: the review if the viewer may see it, locked for update. */
export function lockVisibleReview(tx: Db, viewer: Viewer, reviewId: number): Promise<ReviewRef | null> {
  return selectVisibleReview(tx, viewer, reviewId, true);
}

/**
 * The review the viewer likes or comments on (or one of its comments), locked for update in the caller's
 * transaction when `lock`. 404 when they may not see it (as if it did not exist), 403 when a block stands
 * between them and its author.
 */
export async function findReviewToActOn(db: Db, viewer: number, reviewId: number, lock = false): Promise<ReviewRef> {
  const review = await selectVisibleReview(db, viewer, reviewId, lock);
  if (review) return review;
  const authorId = await selectReviewAuthorId(db, reviewId);
  throw await refusalFor(db, viewer, authorId === null ? [] : [authorId], notFound());
}

/** A review the viewer may see, or null. */
export function findVisibleReview(db: Db, viewer: Viewer, reviewId: number): Promise<ReviewRef | null> {
  return selectVisibleReview(db, viewer, reviewId);
}

/** In the caller's transaction: adds to a review's comment count (comments module). */
export async function adjustCommentCount(tx: Db, reviewId: number, by: number): Promise<void> {
  await addToReviewCounts(tx, reviewId, { comments: by });
}

async function requireCompletedRace(ctx: ServiceContext, raceId: number) {
  const state = await raceCompletion(ctx, raceId);
  if (state === null) throw unknownRace(raceId);
  if (state === 'not_completed') throw fieldErrors({ race_id: [RACE_NOT_COMPLETED] });
}

/**
 * POST /core/reviews/: one review per user per race, for completed races. In one transaction: the
 * review, the race's figures (public accounts), the race marked watched (the watched module's) and,
 * last so its row is locked briefly, the author's review count. After the commit, `review.created`
 * brings it to the followers' Following feeds (the feeds module) before the request answers.
 */
export async function createReview(ctx: ServiceContext, viewer: number, body: CreateReviewBody): Promise<Review> {
  await requireCompletedRace(ctx, body.race_id);
  const at = nowDate();
  const created = await inTransaction(ctx.db, async (tx) => {
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
    await markRaceWatched(tx, viewer, body.race_id, at);
    await adjustUserCounters(tx, viewer, { reviews: 1 });
    return { id, authorFollowersCount: author.followersCount };
  });
  await ctx.events.emit('review.created', {
    reviewId: created.id,
    authorId: viewer,
    raceId: body.race_id,
    authorFollowersCount: created.authorFollowersCount,
  });
  return getReview(ctx, viewer, created.id);
}

/** Whether a review counts in its race's figures: its author is public, and moderators have not hidden it. */
const countsInFigures = (review: ReviewRef) => !review.author_private && !review.hidden;

/**
 * In the staff's transaction (the moderation module, decision 031): hides a review from everyone but its
 * author. It leaves its race's figures and its author's count; after the commit (the returned step)
 * `review.deleted` takes it out of timelines, notifications and every kept list, as for a deleted review.
 * Null when it is gone, or hidden already.
 */
export async function hideReview(ctx: ServiceContext, tx: Db, reviewId: number): Promise<(() => Promise<void>) | null> {
  const review = await markReviewHidden(tx, reviewId, nowDate());
  if (!review) return null;
  if (!review.author_private) await addToRaceStats(tx, review.race_id, review.rating, -1);
  await adjustUserCounters(tx, review.user_id, { reviews: -1 });
  return () => ctx.events.emit('review.deleted', { reviewId, authorId: review.user_id, raceId: review.race_id });
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
  const review = await inTransaction(ctx.db, async (tx) => {
    const current = await lockOwnReview(tx, viewer, reviewId);
    await updateReviewFields(tx, reviewId, { rating: body.rating, reviewText: body.review_text, at: nowDate() });
    if (body.rating !== undefined && body.rating !== current.rating && countsInFigures(current)) {
      await addToRaceStats(tx, current.race_id, current.rating, -1);
      await addToRaceStats(tx, current.race_id, body.rating, 1);
    }
    return current;
  });
  await ctx.events.emit('review.updated', { reviewId, authorId: viewer, raceId: review.race_id });
  return getReview(ctx, viewer, reviewId);
}

/**
 * DELETE /core/reviews/{id}/ (owner only); its comments and likes go with it, its timeline rows after the
 * commit (`review.deleted`, the feeds module).
 */
export async function deleteReview(ctx: ServiceContext, viewer: number, reviewId: number): Promise<void> {
  const review = await inTransaction(ctx.db, async (tx) => {
    const current = await lockOwnReview(tx, viewer, reviewId);
    await deleteReviewRow(tx, reviewId);
    if (countsInFigures(current)) await addToRaceStats(tx, current.race_id, current.rating, -1);
    // A hidden review was taken off its author's count when it was hidden.
    if (!current.hidden) await adjustUserCounters(tx, viewer, { reviews: -1 });
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
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const review = await findReviewToActOn(tx, viewer, reviewId, true);
    const liked = await toggleLike(tx, 'review', reviewId, viewer);
    const counts = await addToReviewCounts(tx, reviewId, { likes: liked ? 1 : -1 });
    return { review, liked, likeCount: counts?.like_count ?? 0 };
  });
  await ctx.events.emit('review.like_toggled', {
    reviewId,
    reviewAuthorId: outcome.review.user_id,
    raceId: outcome.review.race_id,
    likerId: viewer,
    liked: outcome.liked,
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

/* What the feeds module builds its pages from (decision 008). */

/**
 * Past a Following timeline: the reviews of the accounts the viewer follows below `beforeId`, not in
 * `seen`, newest first, in one statement (at most `limit` per followed account through their (user, id)
 * index, then merged).
 */
export function followedAccountsReviews(
  ctx: ServiceContext,
  q: { viewer: number; beforeId?: number; seen: readonly number[]; limit: number; revealed?: readonly number[] },
): Promise<FeedItem[]> {
  return selectFollowedReviews(ctx.db, q);
}

/**
 * For You candidates below `beforeRank` (the stored rank, decision 008): other people's reviews the
 * viewer may see, not in `seen`, best first, in one statement.
 */
export function forYouCandidates(
  ctx: ServiceContext,
  q: { viewer: Viewer; beforeRank?: number; seen: readonly number[]; limit: number; revealed?: readonly number[] },
): Promise<RankedItem[]> {
  return selectForYouCandidates(ctx.db, q);
}

/** GET /core/reviews/popular/: the most liked reviews of the last 30 days that the viewer may see. */
export async function popularReviews(
  ctx: ServiceContext,
  viewer: Viewer,
  limit: number,
  revealed: readonly number[] = [],
): Promise<Review[]> {
  const since = new Date(clock.now() - POPULAR_WINDOW_MS);
  return withCards(ctx, await selectPopular(ctx.db, viewer, { since, limit, revealed }));
}

/* What the F1 pages show of the community (f1/community.ts, decision 006). */

export const reviewsCommunity: RaceCommunity = {
  async figures(db, raceIds) {
    const rows = await selectRaceStats(db, raceIds);
    return new Map<number, RaceFigures>(
      rows.map((r) => [
        r.raceId,
        {
          reviewCount: r.reviewCount,
          averageRating: r.reviewCount > 0 ? Math.round((r.ratingSum / r.reviewCount) * 100) / 100 : null,
          distribution: {
            ...emptyDistribution(),
            '1': r.rating1,
            '2': r.rating2,
            '3': r.rating3,
            '4': r.rating4,
            '5': r.rating5,
          },
        },
      ]),
    );
  },
  async viewerState(db, reader, raceId) {
    const state = await selectViewerRaceState(db, reader, raceId);
    return { isWatched: state.watched, userReviewId: state.reviewId, spoilersHidden: state.shielded };
  },
  shieldedRaceIds,
  reviewedRaceIds: reviewedRaceIdsOf,
  trendingRaceIds: selectTrendingRaceIds,
};

/** Reacts to other modules' events: an account that changes privacy is counted in (or out of) the race figures again. */
/**
 * A private account's reviews count in no race figure: a privacy change recounts its races, then says so
 * (`race_figures.recounted`), so whoever shows the figures refreshes after they are stored, whatever the
 * order of subscriptions.
 */
export function subscribeReviews(ctx: ServiceContext): void {
  ctx.events.on('user.privacy_changed', async ({ userId }) => {
    await inTransaction(ctx.db, (tx) => recountRaceStatsOfUser(tx, userId));
    await ctx.events.emit('race_figures.recounted', { userId });
  });
}

/* An account deleted (the account module, decision 032), in its transaction. */

/**
 * Deletes the account's reviews (their comments and likes go with them), recounts the figures of their
 * races, and takes its likes off others' reviews. What went (for the events after the commit).
 */
export async function forgetReviewsOf(
  tx: Db,
  userId: number,
): Promise<{ reviewIds: number[]; raceIds: number[]; likedReviewIds: number[] }> {
  const likedReviewIds = await removeLikesBy(tx, 'review', userId);
  await addToCountsOfReviews(
    tx,
    likedReviewIds.map((id) => ({ id, likes: -1, comments: 0 })),
  );
  const gone = await deleteReviewsOf(tx, userId);
  const raceIds = [...new Set(gone.map((r) => r.raceId))];
  await recountRaceStatsOf(tx, raceIds);
  return { reviewIds: gone.map((r) => r.id), raceIds, likedReviewIds };
}

/** In the caller's transaction: takes comments off the counts of these reviews (comments module). */
export function subtractComments(tx: Db, lost: ReadonlyMap<number, number>): Promise<void> {
  return addToCountsOfReviews(
    tx,
    [...lost].map(([id, n]) => ({ id, likes: 0, comments: -n })),
  );
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
    likes_received: row.likes,
    reviews_per_season: perSeason,
  };
}

/** For the account's data export: the reviews the account wrote, read a page at a time. */
export const reviewsForExport = (db: Db, userId: number) =>
  keysetRows<{ id: number }>(db, reviewsExportPage(userId), (row) => row.id);

/** For the staff's queue (decision 031): reported reviews in context, by id, whoever may see them. */
export async function reviewsForModeration(db: Db, ids: readonly number[]): Promise<Map<number, ReportedContent>> {
  return byId(await selectReviewsForModeration(db, ids));
}

/** A member's season in review from their reviews (the caller checks who may see it). */
export function seasonReviewFiguresOf(ctx: ServiceContext, userId: number, year: number): Promise<SeasonReviewFigures> {
  return selectSeasonReviewFigures(ctx.db, userId, year);
}
