import type { SeasonReview, UserStats } from '@paddock/contract';
import type { ServiceContext, Viewer } from '../../lib/context.ts';
import { assertCanSeeAccount, followersGainedIn } from '../follows/service.ts';
import { reviewStatsOf, seasonReviewFiguresOf } from '../reviews/service.ts';
import { seasonMostStarredOf, userMostStarred } from '../stars/service.ts';
import { seasonWatchedOf, watchedRaceCount } from '../watched/service.ts';

/**
 * GET /social/users/{id}/stats/: the Stats tab of a profile, put together from the reviews, watched and
 * stars modules. A private account's figures are for its owner and accepted followers only.
 */
export async function userStats(ctx: ServiceContext, viewer: Viewer, userId: number): Promise<UserStats> {
  await assertCanSeeAccount(ctx, viewer, userId);
  const [reviews, watched, starred] = await Promise.all([
    reviewStatsOf(ctx, userId),
    watchedRaceCount(ctx, userId),
    userMostStarred(ctx, userId),
  ]);
  return { ...reviews, races_watched: watched, most_starred_drivers: starred };
}

/**
 * GET /social/users/{id}/seasons/{year}/review/ (issue 25): a member's season in review, put together
 * from the reviews, watched, stars and follows modules, beside the community's figures for that season.
 * The same privacy as the Stats tab.
 */
export async function seasonReview(
  ctx: ServiceContext,
  viewer: Viewer,
  userId: number,
  year: number,
): Promise<SeasonReview> {
  await assertCanSeeAccount(ctx, viewer, userId);
  const [reviews, watched, starred, followersGained] = await Promise.all([
    seasonReviewFiguresOf(ctx, userId, year),
    seasonWatchedOf(ctx, userId, year),
    seasonMostStarredOf(ctx, userId, year),
    followersGainedIn(ctx, userId, year),
  ]);
  const round2 = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);
  return {
    season: year,
    races_watched: watched.mine,
    races_reviewed: reviews.reviewed,
    average_rating: round2(reviews.average),
    highest_rated: reviews.highest,
    lowest_rated: reviews.lowest,
    most_starred_drivers: starred,
    favourite_circuit: reviews.circuit && {
      ...reviews.circuit,
      average_rating: round2(reviews.circuit.average_rating)!,
    },
    most_liked_review: reviews.mostLiked,
    followers_gained: followersGained,
    community: {
      average_rating: round2(reviews.community.average_rating),
      average_races_watched: round2(watched.community),
      average_races_reviewed: round2(reviews.community.average_races_reviewed),
    },
  };
}
