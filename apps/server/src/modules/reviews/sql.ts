import { sql, type SQL } from 'drizzle-orm';
import type { FollowStatus, UserRef } from '@paddock/contract';
import type { Viewer } from '../../lib/context.ts';
import { notHiddenFrom } from '../../lib/sql.ts';
import { joinRaceRef, raceRefColumns, raceTitleOf, type RaceRefRow } from '../f1/sql.ts';
import { canOpenContentOf, canSeeContentOf, followStatusOf } from '../follows/visibility.ts';
import { likedByViewer } from '../review-likes/sql.ts';
import { raceShieldedFor } from '../spoilers/sql.ts';
import { joinUser, userIsPrivate, userRefJson } from '../users/sql.ts';

/*
 * Published for other modules (decision 006): review cards and the sets of review ids they join in
 * their own statements (the feeds module's timelines), so the text naming the reviews table stays here
 * and their statements stay one statement with the same plan. The card fragments read a review as `r`
 * and its author as `u`.
 */

/** Whether the viewer may see the review `r` by the author `u` in a list (follows' visibility rule). */
export const reviewVisibleTo = (viewer: Viewer) =>
  sql`(${notHiddenFrom(viewer, 'r')} and ${canSeeContentOf(viewer, { id: sql`r.user_id`, isPrivate: userIsPrivate('u') })})`;

/** Whether the viewer may open the review `r` by the author `u` by its address (a muted author's too). */
export const reviewOpenTo = (viewer: Viewer) =>
  sql`(${notHiddenFrom(viewer, 'r')} and ${canOpenContentOf(viewer, { id: sql`r.user_id`, isPrivate: userIsPrivate('u') })})`;

/** A row of `reviewCardColumns`, which the reviews service's `toReview` turns into a Review. */
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
  is_hidden: boolean;
}

/** The columns of a review card for `viewer`, over `reviewCardFrom` (`reviews r`, its author `u`, its race). */
export const reviewCardColumns = (viewer: Viewer) => sql`
  r.id, r.rating, r.review_text, r.like_count, r.comment_count,
  (extract(epoch from r.created_at) * 1000)::float8 as created_ms,
  (extract(epoch from r.updated_at) * 1000)::float8 as updated_ms,
  ${userRefJson('u')} as user, ${followStatusOf(viewer, sql`u.id`)} as follow_status,
  ${userIsPrivate('u')} as author_private,
  ${raceRefColumns},
  ${likedByViewer('review', viewer, sql`r.id`)} as liked, r.hidden_at is not null as is_hidden`;

/** A review `r` joined with its author `u` and its race. */
export const reviewCardFrom = sql`reviews r ${joinUser('u', sql`r.user_id`)} ${joinRaceRef(sql`r.race_id`)}`;

/**
 * A row of `readerSideColumns`: a review a page shows and what its reader sees of it besides its card
 * (decision 027: the cards themselves are kept, as a guest sees them).
 */
export interface ReaderSideRow {
  id: number;
  user_id: number;
  follow_status: FollowStatus;
  liked: boolean;
  /** The reader's spoiler shield hides the review's race (decision 033): its rating and text are withheld. */
  shielded: boolean;
}

/**
 * Whether the reader's spoiler shield hides the review `r` from them (decision 033): never their own review
 * (writing it marked the race watched; one unmarked since is still theirs to read).
 */
const shieldedFor = (viewer: Viewer, revealed: readonly number[]) =>
  viewer === null
    ? sql`false`
    : sql`coalesce(r.user_id <> ${viewer} and ${raceShieldedFor({ id: viewer, revealed }, sql`r.race_id`)}, false)`;

/**
 * The reader's side of the review `r`: its ids, the reader's follow status toward its author, their like, and
 * whether their spoiler shield hides it (`revealed`: the races they revealed for this browser session).
 */
export const readerSideColumns = (viewer: Viewer, revealed: readonly number[] = []) => sql`
  r.id, r.user_id, ${followStatusOf(viewer, sql`r.user_id`)} as follow_status,
  ${likedByViewer('review', viewer, sql`r.id`)} as liked, ${shieldedFor(viewer, revealed)} as shielded`;

/** A review `r` joined with its author `u`, whose privacy the visibility rule reads. */
export const reviewWithAuthorFrom = sql`reviews r ${joinUser('u', sql`r.user_id`)}`;

/** Left-joins the review `reviewId` with its author (null columns when it is gone), for `readerSideColumns`. */
export const leftJoinReview = (reviewId: SQL) => sql`left join (${reviewWithAuthorFrom}) on r.id = ${reviewId}`;

/** Over `leftJoinReview`: the review is there and the viewer may see it. */
export const reviewShownTo = (viewer: Viewer) => sql`(r.id is not null and ${reviewVisibleTo(viewer)})`;

/** Whether the review `reviewId` (still) exists. */
export const reviewExists = (reviewId: number) => sql`exists (select 1 from reviews where id = ${reviewId})`;

/** A subquery of the ids (column `id`) of an author's reviews, those created since `since` when given. */
export const reviewIdsBy = (authorId: number, since?: Date) =>
  sql`(select id from reviews where user_id = ${authorId}${
    since === undefined ? sql`` : sql` and created_at >= ${since.toISOString()}::timestamptz`
  })`;

/** A scalar subquery: the id of the newest review created before `before` (null when there is none). */
export const newestReviewIdBefore = (before: Date) =>
  sql`(select id from reviews where created_at < ${before.toISOString()}::timestamptz
      order by created_at desc limit 1)`;

/** The race of the review whose id is `reviewId`, as a scalar subquery. */
export const raceIdOfReview = (reviewId: SQL) => sql`(select race_id from reviews where id = ${reviewId})`;

/** The title of the race of the review whose id is `reviewId` ("2024 Italian Grand Prix"), as a scalar subquery. */
export const raceTitleOfReview = (reviewId: SQL) => raceTitleOf(raceIdOfReview(reviewId));
