import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { raceReviewStats, reviews } from '../../db/schema/reviews.ts';
import type { Reader, Viewer } from '../../lib/context.ts';
import { isoTime, rowLimit, run, selectRows } from '../../lib/sql.ts';
import { joinRaceRef, joinRaceYear, raceRefColumns } from '../f1/sql.ts';
import { acceptedFollowingIds } from '../follows/visibility.ts';
import { accountIsPublic, joinUser, userIsPrivate, userRefJson } from '../users/sql.ts';
import type { ReportedContent } from '@paddock/contract';
import { raceWatchedBy } from '../watched/sql.ts';
import { raceShieldedFor } from '../spoilers/sql.ts';
import {
  readerSideColumns,
  reviewCardColumns,
  reviewCardFrom,
  reviewOpenTo,
  reviewVisibleTo,
  reviewWithAuthorFrom,
  type ReaderSideRow,
  type ReviewCardRow,
} from './sql.ts';
import { raceTitleOf } from '../f1/sql.ts';

/*
 * Reviews and the race figures. Lists are one statement each; every statement that shows reviews
 * applies the follows module's visibility rule. The card columns and what other modules join of the
 * reviews are published in ./sql.ts.
 */

/** The For You order of a review: its creation time (in 12.5-hour units) plus log10 of its engagement. */
export const forYouRankOf = (createdAt: SQL, likes: SQL, comments: SQL) =>
  sql`(extract(epoch from ${createdAt}) / 45000.0 + log(1 + ${likes} + 2 * ${comments}))`;

/** The cards of these reviews as a guest would see them, whoever may see them, in no particular order. */
export function selectSharedCards(db: Db, ids: readonly number[]): Promise<ReviewCardRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectRows<ReviewCardRow>(
    db,
    sql`select ${reviewCardColumns(null)} from ${reviewCardFrom} where r.id = any(${sql.param([...ids])}::int[])`,
  );
}

/** The reader's side of these reviews, those the viewer may open, in no particular order. */
export function selectReaderSides(
  db: Db,
  viewer: Viewer,
  ids: readonly number[],
  revealed: readonly number[] = [],
): Promise<ReaderSideRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectRows<ReaderSideRow>(
    db,
    sql`select ${readerSideColumns(viewer, revealed)} from ${reviewWithAuthorFrom}
        where r.id = any(${sql.param([...ids])}::int[]) and ${reviewOpenTo(viewer)}`,
  );
}

export interface ReviewListFilter {
  raceId?: number;
  userId?: number;
  /** Keyset: reviews with a smaller id (newest first). */
  beforeId?: number;
  limit: number;
  /** The races the reader revealed for this browser session (the spoiler shield, decision 033). */
  revealed?: readonly number[];
}

/**
 * A race's or a user's reviews that the viewer may see, newest first (the reader's side of each). A
 * member's own list, opened on their profile, shows them to a reader who muted them (decision 028).
 */
export function selectReviewList(db: Db, viewer: Viewer, f: ReviewListFilter): Promise<ReaderSideRow[]> {
  const where: SQL[] = [
    f.userId !== undefined && f.raceId === undefined ? reviewOpenTo(viewer) : reviewVisibleTo(viewer),
  ];
  if (f.raceId !== undefined) where.push(sql`r.race_id = ${f.raceId}`);
  if (f.userId !== undefined) where.push(sql`r.user_id = ${f.userId}`);
  if (f.beforeId !== undefined) where.push(sql`r.id < ${f.beforeId}`);
  return selectRows<ReaderSideRow>(
    db,
    sql`select ${readerSideColumns(viewer, f.revealed)} from ${reviewWithAuthorFrom}
        where ${sql.join(where, sql` and `)} order by r.id desc ${rowLimit(f.limit)}`,
  );
}

export interface ReviewRef {
  id: number;
  user_id: number;
  race_id: number;
  rating: number;
  author_private: boolean;
  /** Hidden by moderators: it counts in no figure any more. */
  hidden: boolean;
}

/** A review the viewer may open (else null), locked for update when `lock`. */
export async function selectVisibleReview(
  db: Db,
  viewer: Viewer,
  reviewId: number,
  lock = false,
): Promise<ReviewRef | null> {
  const [row] = await selectRows<ReviewRef>(
    db,
    sql`select r.id, r.user_id, r.race_id, r.rating, ${userIsPrivate('u')} as author_private,
          r.hidden_at is not null as hidden
        from reviews r ${joinUser('u', sql`r.user_id`)}
        where r.id = ${reviewId} and ${reviewOpenTo(viewer)}
        ${lock ? sql`for update of r` : sql``}`,
  );
  return row ?? null;
}

export async function insertReview(
  tx: Db,
  v: { userId: number; raceId: number; rating: number; reviewText: string | null; at: Date },
): Promise<number | null> {
  const [row] = await tx
    .insert(reviews)
    .values({
      userId: v.userId,
      raceId: v.raceId,
      rating: v.rating,
      reviewText: v.reviewText,
      createdAt: v.at,
      updatedAt: v.at,
      forYouRank: sql`${forYouRankOf(sql`${v.at.toISOString()}::timestamptz`, sql`0`, sql`0`)}`,
    })
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  return row?.id ?? null;
}

export async function updateReviewFields(
  tx: Db,
  reviewId: number,
  patch: { rating?: number; reviewText?: string | null; at: Date },
): Promise<void> {
  await tx
    .update(reviews)
    .set({ rating: patch.rating, reviewText: patch.reviewText, updatedAt: patch.at })
    .where(eq(reviews.id, reviewId));
}

export async function deleteReviewRow(tx: Db, reviewId: number): Promise<void> {
  await tx.delete(reviews).where(eq(reviews.id, reviewId));
}

/** Adds to a review's like or comment count and re-ranks it; returns the new counts. */
export async function addToReviewCounts(
  tx: Db,
  reviewId: number,
  delta: { likes?: number; comments?: number },
): Promise<{ like_count: number; comment_count: number } | null> {
  const likes = sql`greatest(0, ${reviews.likeCount} + ${delta.likes ?? 0})`;
  const comments = sql`greatest(0, ${reviews.commentCount} + ${delta.comments ?? 0})`;
  const [row] = await tx
    .update(reviews)
    .set({
      likeCount: likes,
      commentCount: comments,
      forYouRank: forYouRankOf(sql`${reviews.createdAt}`, likes, comments),
    })
    .where(eq(reviews.id, reviewId))
    .returning({ like_count: reviews.likeCount, comment_count: reviews.commentCount });
  return row ?? null;
}

/**
 * Marks a review hidden by moderators; what the figures need of it, or null when it is gone or hidden
 * already.
 */
export async function markReviewHidden(tx: Db, reviewId: number, at: Date): Promise<ReviewRef | null> {
  const [row] = await selectRows<ReviewRef>(
    tx,
    sql`update reviews r set hidden_at = ${at.toISOString()}::timestamptz
        where r.id = ${reviewId} and r.hidden_at is null
        returning r.id, r.user_id, r.race_id, r.rating, not ${accountIsPublic(sql`r.user_id`)} as author_private,
          true as hidden`,
  );
  return row ?? null;
}

/** Deletes every review of an account (their comments and likes go with them); the ids and races they had. */
export function deleteReviewsOf(tx: Db, userId: number) {
  return tx.delete(reviews).where(eq(reviews.userId, userId)).returning({ id: reviews.id, raceId: reviews.raceId });
}

/** Adds to the like and comment counts of several reviews in one statement, re-ranking them. */
export async function addToCountsOfReviews(
  tx: Db,
  deltas: readonly { id: number; likes: number; comments: number }[],
): Promise<void> {
  if (deltas.length === 0) return;
  const likes = sql`greatest(0, r.like_count + x.likes)`;
  const comments = sql`greatest(0, r.comment_count + x.comments)`;
  await run(
    tx,
    sql`update reviews r set like_count = ${likes}, comment_count = ${comments},
          for_you_rank = ${forYouRankOf(sql`r.created_at`, likes, comments)}
        from unnest(${sql.param(deltas.map((d) => d.id))}::int[], ${sql.param(deltas.map((d) => d.likes))}::int[],
          ${sql.param(deltas.map((d) => d.comments))}::int[]) x(id, likes, comments)
        where r.id = x.id`,
  );
}

/* The race figures, counting public accounts' reviews. */

/** The figures' column counting each rating. */
const ratingColumns: Partial<Record<number, 'rating1' | 'rating2' | 'rating3' | 'rating4' | 'rating5'>> = {
  1: 'rating1',
  2: 'rating2',
  3: 'rating3',
  4: 'rating4',
  5: 'rating5',
};

/** Adds (`by` 1) or removes (-1) one rating of a race in its figures. */
export async function addToRaceStats(tx: Db, raceId: number, rating: number, by: 1 | -1): Promise<void> {
  const key = ratingColumns[rating];
  if (key === undefined) throw new Error(`not a rating: ${rating}`);
  /** The column plus the value the conflicting insert proposed for it. */
  const added = (column: PgColumn) => sql`${column} + excluded.${sql.identifier(column.name)}`;
  await tx
    .insert(raceReviewStats)
    .values({ raceId, reviewCount: by, ratingSum: by * rating, [key]: by })
    .onConflictDoUpdate({
      target: raceReviewStats.raceId,
      set: {
        reviewCount: added(raceReviewStats.reviewCount),
        ratingSum: added(raceReviewStats.ratingSum),
        [key]: added(raceReviewStats[key]),
      },
    });
}

/** Reviews per race (public accounts'), for the races that have any. */
export async function selectRaceReviewCounts(db: Db): Promise<Map<number, number>> {
  const rows = await selectRows<{ race_id: number; review_count: number }>(
    db,
    sql`select race_id, review_count from race_review_stats where review_count > 0`,
  );
  return new Map(rows.map((r) => [r.race_id, r.review_count]));
}

/**
 * Recounts the figures of these races (a subquery of `race_id`s), from the reviews themselves: public
 * accounts' reviews that are not hidden. The figures' rows are locked first, so a review written meanwhile
 * adds to the recount instead of being lost under it.
 */
async function recountRaceStats(tx: Db, raceIds: SQL): Promise<void> {
  await run(
    tx,
    sql`insert into race_review_stats (race_id) select race_id from (${raceIds}) ids on conflict do nothing`,
  );
  await run(tx, sql`select 1 from race_review_stats where race_id in (${raceIds}) for update`);
  await run(
    tx,
    sql`
    update race_review_stats s set
      review_count = x.n, rating_sum = x.total, rating_1 = x.r1, rating_2 = x.r2, rating_3 = x.r3,
      rating_4 = x.r4, rating_5 = x.r5
    from (
      select mine.race_id,
        count(r.id)::int as n, coalesce(sum(r.rating), 0)::int as total,
        count(*) filter (where r.rating = 1)::int as r1, count(*) filter (where r.rating = 2)::int as r2,
        count(*) filter (where r.rating = 3)::int as r3, count(*) filter (where r.rating = 4)::int as r4,
        count(*) filter (where r.rating = 5)::int as r5
      from (select distinct race_id from (${raceIds}) ids) mine
      left join reviews r on r.race_id = mine.race_id and r.hidden_at is null and ${accountIsPublic(sql`r.user_id`)}
      group by mine.race_id
    ) x
    where s.race_id = x.race_id`,
  );
}

/** Recounts the figures of every race a user reviewed (their account changed privacy). */
export const recountRaceStatsOfUser = (tx: Db, userId: number) =>
  recountRaceStats(tx, sql`select race_id from reviews where user_id = ${userId}`);

/** Recounts the figures of these races. */
export const recountRaceStatsOf = (tx: Db, raceIds: readonly number[]) =>
  raceIds.length === 0
    ? Promise.resolve()
    : recountRaceStats(tx, sql`select unnest(${sql.param([...raceIds])}::int[]) as race_id`);

/** The figures of these races, those with at least one review, in no particular order. */
export function selectRaceStats(db: Db, raceIds: readonly number[]) {
  return db
    .select()
    .from(raceReviewStats)
    .where(
      and(sql`${raceReviewStats.raceId} = any(${sql.param([...raceIds])}::int[])`, gt(raceReviewStats.reviewCount, 0)),
    );
}

/** Races by the number of public accounts' reviews written since `since`. */
export async function selectTrendingRaceIds(db: Db, since: Date, limit: number): Promise<number[]> {
  const rows = await selectRows<{ race_id: number }>(
    db,
    sql`select r.race_id from reviews r ${joinUser('u', sql`r.user_id`)}
        where r.created_at >= ${since.toISOString()}::timestamptz and not ${userIsPrivate('u')}
        group by r.race_id order by count(*) desc, max(r.id) desc ${rowLimit(limit)}`,
  );
  return rows.map((r) => r.race_id);
}

/** The reader's review of a race, whether they watched it, and whether their spoiler shield hides it. */
export async function selectViewerRaceState(db: Db, reader: Reader, raceId: number) {
  const [row] = await selectRows<{ review_id: number | null; watched: boolean; shielded: boolean }>(
    db,
    sql`select (select id from reviews where user_id = ${reader.id} and race_id = ${raceId}) as review_id,
          ${raceWatchedBy(reader.id, raceId)} as watched, ${raceShieldedFor(reader, sql`${raceId}::int`)} as shielded`,
  );
  return { reviewId: row?.review_id ?? null, watched: row?.watched ?? false, shielded: row?.shielded ?? false };
}

export const reviewedRaceIdsOf = (viewer: number) => sql`(select race_id from reviews where user_id = ${viewer})`;

/* Reads the feeds module builds its pages from (published through the service). */

/** A review a feed shows, with the reader's side of it. */
export type FeedItem = ReaderSideRow;

/** The review `r` is not one of `seen` (the ids the client has shown). */
const notSeen = (seen: readonly number[]) =>
  seen.length === 0 ? sql`true` : sql`r.id <> all(${sql.param([...seen])}::int[])`;

/**
 * Past the timeline: the followed accounts' reviews below `beforeId`, read through their (user, id)
 * index, at most `limit` per followed account, then merged.
 */
export function selectFollowedReviews(
  db: Db,
  q: { viewer: number; beforeId?: number; seen: readonly number[]; limit: number; revealed?: readonly number[] },
): Promise<FeedItem[]> {
  return selectRows<FeedItem>(
    db,
    sql`select ${readerSideColumns(q.viewer, q.revealed)} from (
        select x.id, x.user_id, x.race_id from ${acceptedFollowingIds(q.viewer)} f(following_id)
        cross join lateral (
          select r.id, r.user_id, r.race_id from reviews r
          where r.user_id = f.following_id ${q.beforeId === undefined ? sql`` : sql`and r.id < ${q.beforeId}`}
            and r.hidden_at is null and ${notSeen(q.seen)}
          order by r.id desc ${rowLimit(q.limit)}) x
        order by x.id desc ${rowLimit(q.limit)}) r
        order by r.id desc`,
  );
}

export interface RankedItem extends FeedItem {
  rank: number;
}

/** For You candidates below `beforeRank`: other people's reviews the viewer may see, best first. */
export function selectForYouCandidates(
  db: Db,
  q: { viewer: Viewer; beforeRank?: number; seen: readonly number[]; limit: number; revealed?: readonly number[] },
): Promise<RankedItem[]> {
  return selectRows<RankedItem>(
    db,
    sql`select ${readerSideColumns(q.viewer, q.revealed)}, r.for_you_rank as rank
        from reviews r ${joinUser('u', sql`r.user_id`)}
        where ${q.beforeRank === undefined ? sql`true` : sql`r.for_you_rank < ${q.beforeRank}::float8`}
          ${q.viewer === null ? sql`` : sql`and r.user_id <> ${q.viewer}`}
          and ${notSeen(q.seen)} and ${reviewVisibleTo(q.viewer)}
        order by r.for_you_rank desc ${rowLimit(q.limit)}`,
  );
}

/** The most liked reviews written since `since` that the viewer may see (the reader's side of each). */
export function selectPopular(
  db: Db,
  viewer: Viewer,
  q: { since: Date; limit: number; revealed?: readonly number[] },
): Promise<ReaderSideRow[]> {
  const { since, limit } = q;
  return selectRows<ReaderSideRow>(
    db,
    sql`select ${readerSideColumns(viewer, q.revealed)} from ${reviewWithAuthorFrom}
        where r.created_at >= ${since.toISOString()}::timestamptz and r.like_count > 0 and ${reviewVisibleTo(viewer)}
        order by r.like_count desc, r.id desc ${rowLimit(limit)}`,
  );
}

export interface ReviewStatsRow {
  total: number;
  average: number | null;
  likes: number;
  r1: number;
  r2: number;
  r3: number;
  r4: number;
  r5: number;
}

/** A user's review figures for the profile's Stats tab: counts, mean, distribution, likes received. */
export async function selectReviewStats(db: Db, userId: number): Promise<ReviewStatsRow> {
  const [row] = await selectRows<ReviewStatsRow>(
    db,
    sql`select count(*)::int as total, avg(rating)::float8 as average, coalesce(sum(like_count), 0)::int as likes,
          count(*) filter (where rating = 1)::int as r1, count(*) filter (where rating = 2)::int as r2,
          count(*) filter (where rating = 3)::int as r3, count(*) filter (where rating = 4)::int as r4,
          count(*) filter (where rating = 5)::int as r5
        from reviews where user_id = ${userId} and hidden_at is null`,
  );
  return row!;
}

/** How many races of each season a user reviewed, oldest season first. */
export function selectReviewsPerSeason(db: Db, userId: number): Promise<{ season: number; count: number }[]> {
  return selectRows(
    db,
    sql`select race_year as season, count(*)::int as count
        from reviews r ${joinRaceYear(sql`r.race_id`)}
        where r.user_id = ${userId} and r.hidden_at is null
        group by race_year order by race_year`,
  );
}

/** The author of a review, or null when there is no such review. */
export async function selectReviewAuthorId(db: Db, reviewId: number): Promise<number | null> {
  const [row] = await selectRows<{ user_id: number }>(db, sql`select user_id from reviews where id = ${reviewId}`);
  return row?.user_id ?? null;
}

/* The account's own rows for its data export (decision 029), a page at a time: key above `after`, in key order. */

/** A page of the reviews the account wrote. */
export const reviewsExportPage = (userId: number) => (after: number, limit: number) =>
  sql`select r.id, r.race_id, ${raceTitleOf(sql`r.race_id`)} as race, r.rating, r.review_text,
          r.like_count, r.comment_count, ${isoTime(sql`r.created_at`)} as created_at, ${isoTime(sql`r.updated_at`)} as updated_at
        from reviews r where r.user_id = ${userId} and r.id > ${after} order by r.id ${rowLimit(limit)}`;

/** Reported reviews as staff see them in the queue (decision 031), whoever may see them otherwise. */
export function selectReviewsForModeration(db: Db, ids: readonly number[]) {
  return selectRows<ReportedContent & { id: number }>(
    db,
    sql`select r.id, ${userRefJson('u')} as author, coalesce(r.review_text, '') as text, r.rating, r.race_id,
          ${raceTitleOf(sql`r.race_id`)} as race_name, r.id as review_id, null::int as thought_id,
          r.hidden_at is not null as is_hidden
        from reviews r ${joinUser('u', sql`r.user_id`)} where r.id = any(${sql.param([...ids])}::int[])`,
  );
}

/* A member's season in review (issue 25): their reviews of one season's races that are not hidden. */

export interface SeasonReviewFigures {
  reviewed: number;
  average: number | null;
  highest: { race_id: number; race_name: string; rating: number } | null;
  lowest: { race_id: number; race_name: string; rating: number } | null;
  mostLiked: { id: number; race_id: number; race_name: string; like_count: number } | null;
  circuit: { name: string; races_reviewed: number; average_rating: number } | null;
  community: { average_rating: number | null; average_races_reviewed: number | null };
}

export async function selectSeasonReviewFigures(db: Db, userId: number, year: number): Promise<SeasonReviewFigures> {
  const mine = sql`reviews r ${joinRaceYear(sql`r.race_id`)}
    where r.user_id = ${userId} and race_year = ${year} and r.hidden_at is null`;
  const rated = (direction: SQL) =>
    selectRows<{ race_id: number; race_name: string; rating: number }>(
      db,
      sql`select r.race_id, ${raceTitleOf(sql`r.race_id`)} as race_name, r.rating from ${mine}
          order by r.rating ${direction}, r.race_id limit 1`,
    );
  const [[totals], [highest], [lowest], [mostLiked], [circuit], [community]] = await Promise.all([
    selectRows<{ reviewed: number; average: number | null }>(
      db,
      sql`select count(*)::int as reviewed, avg(r.rating)::float8 as average from ${mine}`,
    ),
    rated(sql`desc`),
    rated(sql`asc`),
    selectRows<{ id: number; race_id: number; race_name: string; like_count: number }>(
      db,
      sql`select r.id, r.race_id, ${raceTitleOf(sql`r.race_id`)} as race_name, r.like_count from ${mine}
          and r.like_count > 0 order by r.like_count desc, r.id limit 1`,
    ),
    selectRows<{ name: string; races_reviewed: number; average_rating: number }>(
      db,
      sql`select x.race_circuit_name as name, count(*)::int as races_reviewed, avg(x.rating)::float8 as average_rating
          from (select ${raceRefColumns}, r.rating from reviews r ${joinRaceRef(sql`r.race_id`)}
                where r.user_id = ${userId} and r.hidden_at is null) x
          where x.race_year = ${year}
          group by x.race_circuit_name order by avg(x.rating) desc, count(*) desc, x.race_circuit_name limit 1`,
    ),
    selectRows<{ average_rating: number | null; average_races_reviewed: number | null }>(
      db,
      sql`select avg(r.rating)::float8 as average_rating,
            count(*)::float8 / nullif(count(distinct r.user_id), 0) as average_races_reviewed
          from reviews r ${joinRaceYear(sql`r.race_id`)}
          where race_year = ${year} and r.hidden_at is null and ${accountIsPublic(sql`r.user_id`)}`,
    ),
  ]);
  return {
    reviewed: totals?.reviewed ?? 0,
    average: totals?.average ?? null,
    highest: highest ?? null,
    lowest: lowest ?? null,
    mostLiked: mostLiked ?? null,
    circuit: circuit ?? null,
    community: community ?? { average_rating: null, average_races_reviewed: null },
  };
}
