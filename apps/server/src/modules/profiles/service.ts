import type { UserStats } from '@paddock/contract';
import type { ServiceContext, Viewer } from '../../lib/context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { PRIVATE_ACCOUNT } from '../follows/service.ts';
import { viewerCanSee } from '../follows/visibility.ts';
import { reviewStatsOf } from '../reviews/service.ts';
import { userMostStarred } from '../stars/service.ts';
import { findUserBrief } from '../users/service.ts';

/**
 * GET /social/users/{id}/stats/: the Stats tab of a profile, put together from the reviews and stars
 * modules. A private account's figures are for its owner and accepted followers only.
 */
export async function userStats(ctx: ServiceContext, viewer: Viewer, userId: number): Promise<UserStats> {
  const user = await findUserBrief(ctx.db, userId);
  if (!user) throw notFound();
  if (!(await viewerCanSee(ctx.db, viewer, user))) throw forbidden(PRIVATE_ACCOUNT);
  const [reviews, starred] = await Promise.all([reviewStatsOf(ctx, userId), userMostStarred(ctx, userId)]);
  return { ...reviews, most_starred_drivers: starred };
}
