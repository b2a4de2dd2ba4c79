import type { UserStats } from '@paddock/contract';
import type { ServiceContext, Viewer } from '../../lib/context.ts';
import { assertCanSeeAccount } from '../follows/service.ts';
import { reviewStatsOf } from '../reviews/service.ts';
import { userMostStarred } from '../stars/service.ts';
import { watchedRaceCount } from '../watched/service.ts';

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
