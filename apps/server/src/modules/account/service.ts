import { EXPORT_FORMAT, EXPORT_VERSION } from '@paddock/contract';
import type { ServiceContext } from '../../lib/context.ts';
import { nowDate } from '../../lib/clock.ts';
import { jsonDocument, type DocumentPart } from '../../lib/json-stream.ts';
import { relationsForExport } from '../follows/service.ts';
import { reviewCommentsForExport } from '../review-comments/service.ts';
import { commentLikesForExport, reviewLikesForExport } from '../review-likes/service.ts';
import { reviewsForExport } from '../reviews/service.ts';
import { starsForExport } from '../stars/service.ts';
import {
  thoughtCommentLikesForExport,
  thoughtCommentsForExport,
  thoughtLikesForExport,
  thoughtsForExport,
} from '../thoughts/service.ts';
import { getCurrentUser } from '../users/service.ts';
import { watchedForExport } from '../watched/service.ts';
import { watchlistsForExport } from '../watchlists/service.ts';

/*
 * The account as a whole (decision 029): its data export gathers what every module holds of it, each
 * module reading its own tables a page at a time.
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
    { name: 'settings', value: { is_private: profile.is_private } },
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
