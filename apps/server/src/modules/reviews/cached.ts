import { createHash } from 'node:crypto';
import type { EventBus } from '../../lib/events.ts';
import type { LiveBus } from '../../lib/live-bus.ts';
import { invalidateEverywhere, type ReadCache } from '../../lib/read-cache.ts';

/*
 * The review lists a guest reads (a race's reviews, a member's reviews, For You) are the same for every
 * guest: they are read-cache answers (decision 016), cards and all, so a guest's list costs no statement
 * (decision 027). A signed-in reader's page keeps which reviews it shows and the reader's side of each
 * (the reader cache), its cards coming from the kept cards (a race's or a member's reviews: see
 * REVIEW_MEMBERS_TAG). What a list shows changes with a review
 * written, edited or deleted, liked or unliked, commented on, and with its author's card or privacy; a
 * reader's page also with their own likes, follows, blocks and mutes (and others' blocks of them), their
 * spoiler shield (decision 033: its setting, their watched races), and their Following page with their
 * timeline (the feeds module says when). Each change drops the lists it touched, on every instance.
 */

/** Every review list, a guest's or a reader's, carries this tag. */
export const REVIEW_LISTS_TAG = 'reviews';
export const raceReviewsTag = (raceId: number) => `reviews:race:${raceId}`;
export const userReviewsTag = (userId: number) => `reviews:user:${userId}`;
/** For You: ranked by engagement, so any like or comment may reorder it. */
export const FOR_YOU_TAG = 'reviews:for-you';
/** Every reader's Following pages (a deleted review leaves timelines without naming them). */
export const FOLLOWING_TAG = 'reviews:following';
/** Every page kept for one signed-in reader. */
export const readerTag = (readerId: number) => `reader:${readerId}`;
/*
 * A reader's page of a race's or a member's reviews keeps only which reviews it shows and the reader's side
 * of each: what the cards show (an edit, likes, comments, a new name) comes from the kept cards. So such
 * pages carry these tags instead, which go only when which reviews the list holds changes (a review
 * written or deleted, an author's privacy), besides the reader's own tag.
 */
export const REVIEW_MEMBERS_TAG = 'members';
export const raceMembersTag = (raceId: number) => `members:race:${raceId}`;
export const userMembersTag = (userId: number) => `members:user:${userId}`;

/** The tags of a guest's list of a race's or a member's reviews (GET /core/reviews/). */
export function reviewListTags(q: { race_id?: number; user_id?: number }): string[] {
  const tags = [REVIEW_LISTS_TAG];
  if (q.race_id !== undefined) tags.push(raceReviewsTag(q.race_id));
  if (q.user_id !== undefined) tags.push(userReviewsTag(q.user_id));
  return tags;
}

/** The tags of a reader's page of the same list: who is in it, and the reader (see REVIEW_MEMBERS_TAG). */
export function readerListTags(q: { race_id?: number; user_id?: number }, reader: number): string[] {
  const tags = [REVIEW_MEMBERS_TAG, readerTag(reader)];
  if (q.race_id !== undefined) tags.push(raceMembersTag(q.race_id));
  if (q.user_id !== undefined) tags.push(userMembersTag(q.user_id));
  return tags;
}

/** The part of a list's key naming the reviews a client has seen (up to 500 ids): a hash, so keys stay short. */
export function seenKey(seen: readonly number[] | undefined): string {
  return seen && seen.length > 0 ? createHash('sha1').update(seen.join(',')).digest('base64url') : '';
}

/**
 * `caches`: the read cache (guests' lists), the reader cache (readers' pages) and the page cache (pages
 * rendered from guests' lists), each dropped here at once before the others hear it.
 */
export function invalidateReviewListsOnChanges(
  events: EventBus,
  caches: readonly ReadCache[],
  bus: LiveBus,
  log: Parameters<typeof invalidateEverywhere>[3],
): void {
  const listsOf = ({ raceId, authorId }: { raceId: number; authorId: number }, ...more: string[]) =>
    invalidateEverywhere(caches, bus, [raceReviewsTag(raceId), userReviewsTag(authorId), FOR_YOU_TAG, ...more], log);
  const everyList = () => invalidateEverywhere(caches, bus, [REVIEW_LISTS_TAG], log);
  const membersOf = ({ raceId, authorId }: { raceId: number; authorId: number }) => [
    raceMembersTag(raceId),
    userMembersTag(authorId),
  ];
  // The author's own pages too: writing the review marked its race watched, lifting their spoiler shield from it.
  events.on('review.created', (e) => listsOf(e, ...membersOf(e), readerTag(e.authorId)));
  events.on('review.updated', (e) => listsOf(e));
  events.on('review.deleted', (e) => listsOf(e, ...membersOf(e)));
  // The liker's own pages show their like.
  events.on('review.like_toggled', ({ raceId, reviewAuthorId, likerId }) =>
    listsOf({ raceId, authorId: reviewAuthorId }, readerTag(likerId)),
  );
  events.on('comment.created', ({ raceId, reviewAuthorId }) => listsOf({ raceId, authorId: reviewAuthorId }));
  // A deleted comment does not say whose review it was on; deletions are rare.
  events.on('comment.deleted', everyList);
  events.on('user.card_changed', everyList);
  // A block hides each side from the other; a mute hides the muted account from the muter.
  events.on('relation.changed', ({ kind, ownerId, otherId }) =>
    invalidateEverywhere(
      caches,
      bus,
      kind === 'block' ? [readerTag(ownerId), readerTag(otherId)] : [readerTag(ownerId)],
      log,
    ),
  );
  // A deleted account's reviews leave every list, and its likes and follows change others'.
  events.on('account.deleted', () =>
    invalidateEverywhere(caches, bus, [REVIEW_LISTS_TAG, REVIEW_MEMBERS_TAG, FOLLOWING_TAG], log),
  );
  // What a reader's spoiler shield hides (decision 033) is part of their pages: a new setting or watched mark drops them.
  events.on('spoilers.changed', ({ userId }) => invalidateEverywhere(caches, bus, [readerTag(userId)], log));
  events.on('user.privacy_changed', () =>
    invalidateEverywhere(caches, bus, [REVIEW_LISTS_TAG, REVIEW_MEMBERS_TAG], log),
  );
}
