import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { feedEntries, feedFanouts, reviews, watchedRaces } from '../../db/schema/reviews.ts';
import type { Viewer } from '../../lib/context.ts';
import { rowLimit, run, selectRows } from '../../lib/sql.ts';
import { joinRaceRef, joinRaceYear, raceRefColumns, type RaceRefRow } from '../f1/sql.ts';
import { acceptedFollowerIds, acceptedFollowingIds, canSeeContentOf, followStatusOf } from '../follows/visibility.ts';
import { likedByViewer } from '../likes/sql.ts';
import { accountIsPublic, joinUser, userIsPrivate, userRefJson } from '../users/sql.ts';
import type { FollowStatus, UserRef } from '@paddock/contract';

/*
 * Reviews, watched races, the race figures and the Following timelines. Lists are one statement each;
 * every statement that shows reviews applies the follows module's visibility rule.
 */

/** The For You order of a review: its creation time (in 12.5-hour units) plus log10 of its engagement. */
export const forYouRankOf = (createdAt: SQL, likes: SQL, comments: SQL) =>
  sql`(extract(epoch from ${createdAt}) / 45000.0 + log(1 + ${likes} + 2 * ${comments}))`;

const visible = (viewer: Viewer) => canSeeContentOf(viewer, { id: sql`r.user_id`, isPrivate: userIsPrivate('u') });

export interface ReviewCardRow extends RaceRefRow {
  id: number;
  rating: number;
  review_text: string | null;
  like_count: number;
  comment_count: number;
  created_ms: number;
  updated_ms: number;
  user: UserRef;
  follow_status: FollowStatus;
  author_private: boolean;
  liked: boolean;
}

/** The columns of a review card for `viewer`, over `reviews r` joined with its author `u` and its race. */
const cardColumns = (viewer: Viewer) => sql`
  r.id, r.rating, r.review_text, r.like_count, r.comment_count,
  (extract(epoch from r.created_at) * 1000)::float8 as created_ms,
  (extract(epoch from r.updated_at) * 1000)::float8 as updated_ms,
  ${userRefJson('u')} as user, ${followStatusOf(viewer, sql`u.id`)} as follow_status,
  ${userIsPrivate('u')} as author_private,
  ${raceRefColumns},
  ${likedByViewer('review', viewer, sql`r.id`)} as liked`;

const cardFrom = sql`reviews r ${joinUser('u', sql`r.user_id`)} ${joinRaceRef(sql`r.race_id`)}`;

/** Cards of these reviews that the viewer may see, in no particular order. */
export function selectCards(db: Db, viewer: Viewer, ids: readonly number[]): Promise<ReviewCardRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectRows<ReviewCardRow>(
    db,
    sql`select ${cardColumns(viewer)} from ${cardFrom}
        where r.id = any(${sql.param([...ids])}::int[]) and ${visible(viewer)}`,
  );
}

export interface ReviewListFilter {
  raceId?: number;
  userId?: number;
  /** Keyset: reviews with a smaller id (newest first). */
  beforeId?: number;
  limit: number;
}

/** A race's or a user's reviews that the viewer may see, newest first. */
export function selectReviewList(db: Db, viewer: Viewer, f: ReviewListFilter): Promise<ReviewCardRow[]> {
  const where: SQL[] = [visible(viewer)];
  if (f.raceId !== undefined) where.push(sql`r.race_id = ${f.raceId}`);
  if (f.userId !== undefined) where.push(sql`r.user_id = ${f.userId}`);
  if (f.beforeId !== undefined) where.push(sql`r.id < ${f.beforeId}`);
  return selectRows<ReviewCardRow>(
    db,
    sql`select ${cardColumns(viewer)} from ${cardFrom}
        where ${sql.join(where, sql` and `)} order by r.id desc ${rowLimit(f.limit)}`,
  );
}

export interface ReviewRef {
  id: number;
  user_id: number;
  race_id: number;
  rating: number;
  author_private: boolean;
}

/** A review the viewer may see (else null), locked for update when `lock`. */
export async function selectVisibleReview(
  db: Db,
  viewer: Viewer,
  reviewId: number,
  lock = false,
): Promise<ReviewRef | null> {
  const [row] = await selectRows<ReviewRef>(
    db,
    sql`select r.id, r.user_id, r.race_id, r.rating, ${userIsPrivate('u')} as author_private
        from reviews r ${joinUser('u', sql`r.user_id`)}
        where r.id = ${reviewId} and ${visible(viewer)}
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

/* The race figures, counting public accounts' reviews. */

/** Adds (`by` 1) or removes (-1) one rating of a race in its figures. */
export async function addToRaceStats(tx: Db, raceId: number, rating: number, by: 1 | -1): Promise<void> {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw new Error(`not a rating: ${rating}`);
  const column = sql.raw(`rating_${rating}`);
  await run(
    tx,
    sql`
    insert into race_review_stats (race_id, review_count, rating_sum, ${column})
    values (${raceId}, ${by}, ${by * rating}, ${by})
    on conflict (race_id) do update set
      review_count = race_review_stats.review_count + excluded.review_count,
      rating_sum = race_review_stats.rating_sum + excluded.rating_sum,
      ${column} = race_review_stats.${column} + excluded.${column}`,
  );
}

/**
 * Recounts the figures of every race a user reviewed, from the reviews themselves (the user's account
 * changed privacy). The figures' rows are locked first, so a review written meanwhile adds to the
 * recount instead of being lost under it.
 */
export async function recountRaceStatsOfUser(tx: Db, userId: number): Promise<void> {
  await run(
    tx,
    sql`
    insert into race_review_stats (race_id)
    select race_id from reviews where user_id = ${userId}
    on conflict do nothing`,
  );
  await run(
    tx,
    sql`
    select 1 from race_review_stats
    where race_id in (select race_id from reviews where user_id = ${userId}) for update`,
  );
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
      from (select race_id from reviews where user_id = ${userId}) mine
      left join reviews r on r.race_id = mine.race_id and ${accountIsPublic(sql`r.user_id`)}
      group by mine.race_id
    ) x
    where s.race_id = x.race_id`,
  );
}

export interface RaceStatsRow {
  race_id: number;
  review_count: number;
  rating_sum: number;
  rating_1: number;
  rating_2: number;
  rating_3: number;
  rating_4: number;
  rating_5: number;
}

export function selectRaceStats(db: Db, raceIds: readonly number[]): Promise<RaceStatsRow[]> {
  return selectRows<RaceStatsRow>(
    db,
    sql`select race_id, review_count, rating_sum, rating_1, rating_2, rating_3, rating_4, rating_5
        from race_review_stats where race_id = any(${sql.param([...raceIds])}::int[]) and review_count > 0`,
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

/** The viewer's review of a race and whether they watched it. */
export async function selectViewerRaceState(db: Db, viewer: number, raceId: number) {
  const [row] = await selectRows<{ review_id: number | null; watched: boolean }>(
    db,
    sql`select (select id from reviews where user_id = ${viewer} and race_id = ${raceId}) as review_id,
          exists (select 1 from watched_races where user_id = ${viewer} and race_id = ${raceId}) as watched`,
  );
  return { reviewId: row?.review_id ?? null, watched: row?.watched ?? false };
}

export const reviewedRaceIdsOf = (viewer: number) => sql`(select race_id from reviews where user_id = ${viewer})`;

/* Watched races. */

/** Marks a race watched; returns whether it was new. */
export async function insertWatched(db: Db, userId: number, raceId: number, at: Date): Promise<boolean> {
  const rows = await db
    .insert(watchedRaces)
    .values({ userId, raceId, createdAt: at })
    .onConflictDoNothing()
    .returning({ raceId: watchedRaces.raceId });
  return rows.length === 1;
}

export async function deleteWatched(db: Db, userId: number, raceId: number): Promise<boolean> {
  const rows = await db
    .delete(watchedRaces)
    .where(and(eq(watchedRaces.userId, userId), eq(watchedRaces.raceId, raceId)))
    .returning({ raceId: watchedRaces.raceId });
  return rows.length === 1;
}

export interface WatchedRow extends RaceRefRow {
  watched_ms: number;
}

/** A user's watched races, most recently watched first; keyset on (watched at, race id). */
export function selectWatched(
  db: Db,
  q: { userId: number; before?: { ms: number; raceId: number }; limit: number },
): Promise<WatchedRow[]> {
  return selectRows<WatchedRow>(
    db,
    sql`select ${raceRefColumns}, (extract(epoch from w.created_at) * 1000)::float8 as watched_ms
        from watched_races w ${joinRaceRef(sql`w.race_id`)}
        where w.user_id = ${q.userId}
          ${
            q.before
              ? sql`and (w.created_at, w.race_id) < (to_timestamp(${q.before.ms / 1000}), ${q.before.raceId})`
              : sql``
          }
        order by w.created_at desc, w.race_id desc ${rowLimit(q.limit)}`,
  );
}

/* Feeds. */

/** Fan-out on write: the new review enters the timeline of every account following its author. */
export async function fanOutReview(tx: Db, reviewId: number, authorId: number): Promise<void> {
  await run(
    tx,
    sql`insert into feed_entries (user_id, review_id)
        select follower_id, ${reviewId}::int from ${acceptedFollowerIds(authorId)} f(follower_id)
        on conflict do nothing`,
  );
}

/** Queues the fan-out of a review by an account with many followers (written after the transaction). */
export async function queueFanOut(tx: Db, reviewId: number, authorId: number): Promise<void> {
  await tx.insert(feedFanouts).values({ reviewId, authorId }).onConflictDoNothing();
}

export interface FanOutJob {
  review_id: number;
  author_id: number;
  after_follower_id: number;
}

/** The oldest queued fan-out no other transaction is working on, locked; null when there is none. */
export async function claimFanOut(tx: Db): Promise<FanOutJob | null> {
  const [job] = await selectRows<FanOutJob>(
    tx,
    sql`select review_id, author_id, after_follower_id from feed_fanouts
        order by created_at, review_id limit 1 for update skip locked`,
  );
  return job ?? null;
}

/**
 * One batch of a queued fan-out: the next `limit` followers (by id) get the review. Returns how many
 * rows were written and the last follower reached. A review deleted meanwhile gets no rows.
 */
export async function fanOutBatch(tx: Db, job: FanOutJob, limit: number) {
  const [row] = await selectRows<{ written: number; last_follower: number | null }>(
    tx,
    sql`with batch as (
          select f.follower_id from ${acceptedFollowerIds(job.author_id)} f(follower_id)
          where f.follower_id > ${job.after_follower_id} and exists (select 1 from reviews where id = ${job.review_id})
          order by f.follower_id ${rowLimit(limit)}),
        written as (
          insert into feed_entries (user_id, review_id) select follower_id, ${job.review_id}::int from batch
          on conflict do nothing)
        select count(*)::int as written, max(follower_id) as last_follower from batch`,
  );
  return { written: row?.written ?? 0, lastFollower: row?.last_follower ?? null };
}

export async function advanceFanOut(tx: Db, reviewId: number, afterFollowerId: number): Promise<void> {
  await tx.update(feedFanouts).set({ afterFollowerId }).where(eq(feedFanouts.reviewId, reviewId));
}

export async function finishFanOut(tx: Db, reviewId: number): Promise<void> {
  await tx.delete(feedFanouts).where(eq(feedFanouts.reviewId, reviewId));
}

/** A deleted review leaves every timeline (the table has no foreign key to do it). */
export async function deleteTimelineRowsOf(tx: Db, reviewId: number): Promise<void> {
  await finishFanOut(tx, reviewId);
  await tx.delete(feedEntries).where(eq(feedEntries.reviewId, reviewId));
}

/** A new follow: the followed account's reviews since `since` enter the follower's timeline. */
export async function backfillTimeline(tx: Db, followerId: number, followingId: number, since: Date): Promise<void> {
  await run(
    tx,
    sql`
    insert into feed_entries (user_id, review_id)
    select ${followerId}::int, r.id from reviews r
    where r.user_id = ${followingId} and r.created_at >= ${since.toISOString()}::timestamptz
    on conflict do nothing`,
  );
}

/** A follow ended: the followed account's reviews leave the former follower's timeline. */
export async function removeFromTimeline(tx: Db, followerId: number, followingId: number): Promise<void> {
  await run(
    tx,
    sql`
    delete from feed_entries fe using reviews r
    where fe.user_id = ${followerId} and r.id = fe.review_id and r.user_id = ${followingId}`,
  );
}

/**
 * Drops timeline rows of reviews created before `before`: their pages are read from the reviews. Review
 * ids grow with creation time, so everything up to the newest such review goes, by the review_id index.
 */
export async function pruneTimelines(db: Db, before: Date): Promise<void> {
  await run(
    db,
    sql`
    delete from feed_entries where review_id <= (
      select id from reviews where created_at < ${before.toISOString()}::timestamptz
      order by created_at desc limit 1)`,
  );
}

export interface FeedItem {
  id: number;
  user_id: number;
}

const notSeen = (seen: readonly number[], id: SQL = sql`r.id`) =>
  seen.length === 0 ? sql`true` : sql`${id} <> all(${sql.param([...seen])}::int[])`;

export interface TimelineRow extends Partial<ReviewCardRow> {
  entry_id: number;
  /** False for a review the viewer may no longer see (or one deleted meanwhile): it is skipped. */
  shown: boolean;
}

/**
 * The viewer's next `limit` timeline rows below `beforeId` (newest first, not in `seen`), read from the
 * timeline's primary key before anything is joined, each with the card of its review.
 */
export function selectTimelinePage(
  db: Db,
  q: { viewer: number; beforeId?: number; seen: readonly number[]; limit: number },
): Promise<TimelineRow[]> {
  return selectRows<TimelineRow>(
    db,
    sql`select page.review_id as entry_id, (r.id is not null and ${visible(q.viewer)}) as shown, ${cardColumns(q.viewer)}
        from (
          select fe.review_id from feed_entries fe
          where fe.user_id = ${q.viewer} ${q.beforeId === undefined ? sql`` : sql`and fe.review_id < ${q.beforeId}`}
            and ${notSeen(q.seen, sql`fe.review_id`)}
          order by fe.review_id desc ${rowLimit(q.limit)}) page
        left join (${cardFrom}) on r.id = page.review_id
        order by page.review_id desc`,
  );
}

/**
 * Past the timeline: the followed accounts' reviews below `beforeId`, read through their (user, id)
 * index, at most `limit` per followed account, then merged.
 */
export function selectFollowedReviews(
  db: Db,
  q: { viewer: number; beforeId?: number; seen: readonly number[]; limit: number },
): Promise<FeedItem[]> {
  return selectRows<FeedItem>(
    db,
    sql`select x.id, x.user_id from ${acceptedFollowingIds(q.viewer)} f(following_id)
        cross join lateral (
          select r.id, r.user_id from reviews r
          where r.user_id = f.following_id ${q.beforeId === undefined ? sql`` : sql`and r.id < ${q.beforeId}`}
            and ${notSeen(q.seen)}
          order by r.id desc ${rowLimit(q.limit)}) x
        order by x.id desc ${rowLimit(q.limit)}`,
  );
}

export interface RankedItem extends FeedItem {
  rank: number;
}

/** For You candidates below `beforeRank`: other people's reviews the viewer may see, best first. */
export function selectForYouCandidates(
  db: Db,
  q: { viewer: Viewer; beforeRank?: number; seen: readonly number[]; limit: number },
): Promise<RankedItem[]> {
  return selectRows<RankedItem>(
    db,
    sql`select r.id, r.user_id, r.for_you_rank as rank
        from reviews r ${joinUser('u', sql`r.user_id`)}
        where ${q.beforeRank === undefined ? sql`true` : sql`r.for_you_rank < ${q.beforeRank}::float8`}
          ${q.viewer === null ? sql`` : sql`and r.user_id <> ${q.viewer}`}
          and ${notSeen(q.seen)} and ${visible(q.viewer)}
        order by r.for_you_rank desc ${rowLimit(q.limit)}`,
  );
}

/** The most liked reviews written since `since` that the viewer may see. */
export function selectPopular(db: Db, viewer: Viewer, since: Date, limit: number): Promise<ReviewCardRow[]> {
  return selectRows<ReviewCardRow>(
    db,
    sql`select ${cardColumns(viewer)} from ${cardFrom}
        where r.created_at >= ${since.toISOString()}::timestamptz and r.like_count > 0 and ${visible(viewer)}
        order by r.like_count desc, r.id desc ${rowLimit(limit)}`,
  );
}

export interface ReviewStatsRow {
  total: number;
  average: number | null;
  likes: number;
  watched: number;
  r1: number;
  r2: number;
  r3: number;
  r4: number;
  r5: number;
}

/** A user's review figures for the profile's Stats tab: counts, mean, distribution, likes received, watched. */
export async function selectReviewStats(db: Db, userId: number): Promise<ReviewStatsRow> {
  const [row] = await selectRows<ReviewStatsRow>(
    db,
    sql`select count(*)::int as total, avg(rating)::float8 as average, coalesce(sum(like_count), 0)::int as likes,
          (select count(*)::int from watched_races w where w.user_id = ${userId}) as watched,
          count(*) filter (where rating = 1)::int as r1, count(*) filter (where rating = 2)::int as r2,
          count(*) filter (where rating = 3)::int as r3, count(*) filter (where rating = 4)::int as r4,
          count(*) filter (where rating = 5)::int as r5
        from reviews where user_id = ${userId}`,
  );
  return row!;
}

/** How many races of each season a user reviewed, oldest season first. */
export function selectReviewsPerSeason(db: Db, userId: number): Promise<{ season: number; count: number }[]> {
  return selectRows(
    db,
    sql`select race_year as season, count(*)::int as count
        from reviews r ${joinRaceYear(sql`r.race_id`)}
        where r.user_id = ${userId}
        group by race_year order by race_year`,
  );
}
