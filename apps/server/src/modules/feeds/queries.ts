import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { feedEntries, feedFanouts } from '../../db/schema/feeds.ts';
import { rowLimit, run, selectRows } from '../../lib/sql.ts';
import { acceptedFollowerIds } from '../follows/visibility.ts';
import {
  leftJoinReview,
  newestReviewIdBefore,
  readerSideColumns,
  reviewExists,
  reviewIdsBy,
  reviewShownTo,
  type ReaderSideRow,
} from '../reviews/sql.ts';

/*
 * The Following timelines and their fan-out queue (decision 008). The reviews are read through what
 * the reviews module publishes (reviews/sql.ts); every statement is one statement.
 */

/**
 * Fan-out on write: the new review enters the timeline of every account following its author (unless
 * it was deleted meanwhile). Returns the accounts whose timelines it entered.
 */
export async function fanOutReview(db: Db, reviewId: number, authorId: number): Promise<number[]> {
  const rows = await selectRows<{ user_id: number }>(
    db,
    sql`insert into feed_entries (user_id, review_id)
        select follower_id, ${reviewId}::int from ${acceptedFollowerIds(authorId)} f(follower_id)
        where ${reviewExists(reviewId)}
        on conflict do nothing
        returning user_id`,
  );
  return rows.map((r) => r.user_id);
}

/** Queues the fan-out of a review by an account with many followers (written by the worker). */
export async function queueFanOut(db: Db, reviewId: number, authorId: number): Promise<void> {
  await db.insert(feedFanouts).values({ reviewId, authorId }).onConflictDoNothing();
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
 * followers the batch reached, the last of them, and those whose timelines it entered. A review deleted
 * meanwhile gets no rows.
 */
export async function fanOutBatch(tx: Db, job: FanOutJob, limit: number) {
  const [row] = await selectRows<{ written: number; last_follower: number | null; readers: number[] }>(
    tx,
    sql`with batch as (
          select f.follower_id from ${acceptedFollowerIds(job.author_id)} f(follower_id)
          where f.follower_id > ${job.after_follower_id} and ${reviewExists(job.review_id)}
          order by f.follower_id ${rowLimit(limit)}),
        written as (
          insert into feed_entries (user_id, review_id) select follower_id, ${job.review_id}::int from batch
          on conflict do nothing
          returning user_id)
        select count(*)::int as written, max(follower_id) as last_follower,
          (select coalesce(array_agg(user_id), '{}') from written) as readers
        from batch`,
  );
  return { written: row?.written ?? 0, lastFollower: row?.last_follower ?? null, readers: row?.readers ?? [] };
}

export async function advanceFanOut(tx: Db, reviewId: number, afterFollowerId: number): Promise<void> {
  await tx.update(feedFanouts).set({ afterFollowerId }).where(eq(feedFanouts.reviewId, reviewId));
}

export async function finishFanOut(tx: Db, reviewId: number): Promise<void> {
  await tx.delete(feedFanouts).where(eq(feedFanouts.reviewId, reviewId));
}

/** A deleted review leaves every timeline (the table has no foreign key to do it), and its queue. */
export async function deleteTimelineRowsOf(tx: Db, reviewId: number): Promise<void> {
  await finishFanOut(tx, reviewId);
  await tx.delete(feedEntries).where(eq(feedEntries.reviewId, reviewId));
}

/** A deleted account's timeline goes, and its reviews leave every other timeline and the queue. */
export async function deleteTimelineRowsOfAccount(tx: Db, userId: number, reviewIds: readonly number[]): Promise<void> {
  const ids = sql.param([...reviewIds]);
  await tx.delete(feedFanouts).where(sql`${feedFanouts.reviewId} = any(${ids}::int[])`);
  await tx
    .delete(feedEntries)
    .where(sql`${feedEntries.userId} = ${userId} or ${feedEntries.reviewId} = any(${ids}::int[])`);
}

/** A new follow: the followed account's reviews since `since` enter the follower's timeline. */
export async function backfillTimeline(db: Db, followerId: number, followingId: number, since: Date): Promise<void> {
  await run(
    db,
    sql`
    insert into feed_entries (user_id, review_id)
    select ${followerId}::int, r.id from ${reviewIdsBy(followingId, since)} r
    on conflict do nothing`,
  );
}

/** A follow ended: the followed account's reviews leave the former follower's timeline. */
export async function removeFromTimeline(db: Db, followerId: number, followingId: number): Promise<void> {
  await run(
    db,
    sql`
    delete from feed_entries fe using ${reviewIdsBy(followingId)} r
    where fe.user_id = ${followerId} and r.id = fe.review_id`,
  );
}

/**
 * Drops timeline rows of reviews created before `before`: their pages are read from the reviews. Review
 * ids grow with creation time, so everything up to the newest such review goes, by the review_id index.
 */
export async function pruneTimelines(db: Db, before: Date): Promise<void> {
  await run(db, sql`delete from feed_entries where review_id <= ${newestReviewIdBefore(before)}`);
}

const notSeen = (seen: readonly number[], id: SQL) =>
  seen.length === 0 ? sql`true` : sql`${id} <> all(${sql.param([...seen])}::int[])`;

export interface TimelineRow extends Partial<ReaderSideRow> {
  entry_id: number;
  /** False for a review the viewer may no longer see (or one deleted meanwhile): it is skipped. */
  shown: boolean;
}

/**
 * The viewer's next `limit` timeline rows below `beforeId` (newest first, not in `seen`), read from the
 * timeline's primary key before anything is joined, each with the reader's side of its review.
 */
export function selectTimelinePage(
  db: Db,
  q: { viewer: number; beforeId?: number; seen: readonly number[]; limit: number; revealed?: readonly number[] },
): Promise<TimelineRow[]> {
  return selectRows<TimelineRow>(
    db,
    sql`select page.review_id as entry_id, ${reviewShownTo(q.viewer)} as shown, ${readerSideColumns(q.viewer, q.revealed)}
        from (
          select fe.review_id from feed_entries fe
          where fe.user_id = ${q.viewer} ${q.beforeId === undefined ? sql`` : sql`and fe.review_id < ${q.beforeId}`}
            and ${notSeen(q.seen, sql`fe.review_id`)}
          order by fe.review_id desc ${rowLimit(q.limit)}) page
        ${leftJoinReview(sql`page.review_id`)}
        order by page.review_id desc`,
  );
}
