import { DELETE_PASSWORD_WRONG, EXPORT_FORMAT, EXPORT_VERSION } from '@paddock/contract';
import type { ServiceContext } from '../../lib/context.ts';
import { nowDate } from '../../lib/clock.ts';
import { fieldErrors, unauthorized } from '../../lib/errors.ts';
import { jsonDocument, type DocumentPart } from '../../lib/json-stream.ts';
import { isAccountPassword } from '../auth/service.ts';
import { forgetFollowsOf, relationsForExport } from '../follows/service.ts';
import { forgetCommentsOf, reviewCommentsForExport } from '../review-comments/service.ts';
import { commentLikesForExport, reviewLikesForExport } from '../review-likes/service.ts';
import { forgetReviewsOf, reviewsForExport } from '../reviews/service.ts';
import { starsForExport } from '../stars/service.ts';
import {
  forgetThoughtsOf,
  thoughtCommentLikesForExport,
  thoughtCommentsForExport,
  thoughtLikesForExport,
  thoughtsForExport,
} from '../thoughts/service.ts';
import {
  deleteAccountHoldingUsername,
  discardAccountPicture,
  findCredentials,
  getCurrentUser,
  lockAccountForDeletion,
  type DeletedAccounts,
  type UsersContext,
} from '../users/service.ts';
import { watchedForExport } from '../watched/service.ts';
import { watchlistsForExport } from '../watchlists/service.ts';
import { inTransaction } from '../../lib/sql.ts';

/*
 * The account as a whole: its data export (decision 029) gathers what every module holds of it, each
 * module reading its own tables a page at a time; its deletion (decision 032) asks every module to forget
 * it, in one transaction.
 */

/**
 * GET /social/users/me/export/: the account's data as one JSON document (the contract's AccountExport),
 * written as it is read. Its file name, and the text in chunks.
 */
export async function exportAccount(ctx: ServiceContext, userId: number) {
  const profile = await getCurrentUser(ctx, userId);
  const at = nowDate();
  const { db } = ctx;
  const rows = (name: string, read: () => AsyncIterable<unknown>): DocumentPart => ({ name, rows: read });
  const parts: DocumentPart[] = [
    { name: 'format', value: EXPORT_FORMAT },
    { name: 'version', value: EXPORT_VERSION },
    { name: 'exported_at', value: at.toISOString() },
    { name: 'profile', value: profile },
    { name: 'settings', value: { is_private: profile.is_private, spoiler_shield: profile.spoiler_shield } },
    rows('reviews', () => reviewsForExport(db, userId)),
    rows('review_comments', () => reviewCommentsForExport(db, userId)),
    rows('review_likes', () => reviewLikesForExport(db, userId)),
    rows('review_comment_likes', () => commentLikesForExport(db, userId)),
    rows('thoughts', () => thoughtsForExport(db, userId)),
    rows('thought_comments', () => thoughtCommentsForExport(db, userId)),
    rows('thought_likes', () => thoughtLikesForExport(db, userId)),
    rows('thought_comment_likes', () => thoughtCommentLikesForExport(db, userId)),
    rows('following', () => relationsForExport(db, 'following', userId)),
    rows('followers', () => relationsForExport(db, 'followers', userId)),
    rows('follow_requests_sent', () => relationsForExport(db, 'requests_sent', userId)),
    rows('follow_requests_received', () => relationsForExport(db, 'requests_received', userId)),
    rows('blocks', () => relationsForExport(db, 'blocks', userId)),
    rows('mutes', () => relationsForExport(db, 'mutes', userId)),
    rows('watchlists', () => watchlistsForExport(db, userId)),
    rows('starred_drivers', () => starsForExport(db, userId)),
    rows('watched_races', () => watchedForExport(db, userId)),
  ];
  return {
    fileName: `paddock-${profile.username}-${at.toISOString().slice(0, 10)}.json`,
    text: jsonDocument(parts),
  };
}

/**
 * DELETE /social/users/me/ (decision 032): with the account's password, the account and everything it
 * wrote go in one transaction, and every count that counted it follows. The account's row is locked
 * first, so nothing new can refer to it meanwhile. After the commit its tokens stop working here and on
 * every instance (`deletedAccounts`), its picture file goes, and `account.deleted` drops what every
 * instance keeps of it.
 */
export async function deleteAccount(
  ctx: UsersContext & { deletedAccounts: DeletedAccounts },
  userId: number,
  password: string,
): Promise<void> {
  const credentials = await findCredentials(ctx, { id: userId });
  if (!credentials) throw unauthorized();
  if (!(await isAccountPassword(credentials.passwordHash, password))) {
    throw fieldErrors({ password: [DELETE_PASSWORD_WRONG] });
  }
  const gone = await inTransaction(ctx.db, async (tx) => {
    const account = await lockAccountForDeletion(tx, userId);
    if (!account) throw unauthorized();
    await forgetFollowsOf(tx, userId);
    const commentedReviewIds = await forgetCommentsOf(tx, userId);
    await forgetThoughtsOf(tx, userId);
    const reviews = await forgetReviewsOf(tx, userId);
    await deleteAccountHoldingUsername(tx, userId, account.username);
    return { ...reviews, commentedReviewIds, picture: account.profilePicture };
  });
  await ctx.deletedAccounts.announce(userId);
  await discardAccountPicture(ctx, gone.picture);
  await ctx.events.emit('account.deleted', {
    userId,
    reviewIds: gone.reviewIds,
    raceIds: gone.raceIds,
    touchedReviewIds: [...new Set([...gone.likedReviewIds, ...gone.commentedReviewIds])],
  });
}
