import type { Db } from '../../db/client.ts';
import {
  COUNT_MAX,
  type FollowListItem,
  type FollowRequest,
  type FollowResult,
  type FollowStatus,
  type PublicProfile,
} from '@paddock/contract';
import type { ServiceContext, Viewer } from '../../lib/context.ts';
import { fieldErrors, forbidden, notFound } from '../../lib/errors.ts';
import { decodeIdCursor, encodeCursor, toPage } from '../../lib/pagination.ts';
import { adjustCountersOfMany, adjustCountersOfUsers, findProfileByUsername, findUserBrief } from '../users/service.ts';
import {
  acceptAllPending,
  acceptPending,
  countPendingRequests,
  deleteFollow,
  deleteFollowsBetween,
  deleteFollowsOf,
  countFollowersGainedIn,
  deleteRelation,
  insertRelation,
  lockPair,
  selectBlocksBetween,
  selectHiddenAuthorIds,
  selectRelationList,
  selectRelations,
  relationExportPage,
  type ExportedRelation,
  type RelationKind,
  deletePendingRequest,
  insertFollow,
  selectFollowList,
  selectPendingRequester,
  selectPendingRequests,
  selectRelationship,
  type FollowListRow,
  type FollowRequestRow,
  type FollowState,
} from './queries.ts';
import { keysetRows } from '../../lib/json-stream.ts';
import { viewerCanSee } from './visibility.ts';
import { inTransaction } from '../../lib/sql.ts';

export const CANNOT_FOLLOW_SELF = 'You cannot follow yourself.';
export const PRIVATE_ACCOUNT = 'This account is private.';
/** To the blocked account, about the account that blocked it. */
export const CANNOT_FOLLOW_ACCOUNT = 'You cannot follow this account.';
/** To the blocker, about the account they blocked. */
export const UNBLOCK_TO_FOLLOW = 'You have blocked this account. Unblock it to follow it.';
export const YOU_BLOCKED_ACCOUNT = 'You have blocked this account.';
/** Likes, comments and replies across a block, either way. */
export const CANNOT_INTERACT = 'You cannot interact with this account.';
export const CANNOT_BLOCK_SELF = 'You cannot block yourself.';
export const CANNOT_MUTE_SELF = 'You cannot mute yourself.';

/**
 * What every list of an account's content checks first: an unknown account is 404, a private one 403
 * except for its owner and accepted followers.
 */
export async function assertCanSeeAccount(ctx: ServiceContext, viewer: Viewer, userId: number): Promise<void> {
  const user = await findUserBrief(ctx.db, userId);
  if (!user) throw notFound();
  const seen = await viewerCanSee(ctx.db, viewer, user);
  if (seen === true) return;
  if (seen === 'blocked' && (await selectBlocksBetween(ctx.db, viewer!, userId)).aBlocked) {
    throw forbidden(YOU_BLOCKED_ACCOUNT);
  }
  // To the blocked account, the blocker's account reads as a private one.
  throw forbidden(PRIVATE_ACCOUNT);
}

const statusOf = (state: FollowState | null): FollowStatus =>
  state === 'accepted' ? 'following' : state === 'pending' ? 'requested' : 'none';

/**
 * POST /social/follows/: a public account is followed at once (and told so through `follow.accepted`);
 * a private one gets a request. Following again answers the current state and changes nothing.
 */
export async function follow(
  ctx: ServiceContext,
  viewer: number,
  targetId: number,
): Promise<{ result: FollowResult; created: boolean }> {
  if (targetId === viewer) throw fieldErrors({ user_id: [CANNOT_FOLLOW_SELF] });
  const target = await findUserBrief(ctx.db, targetId);
  if (!target) throw fieldErrors({ user_id: [`Invalid pk "${targetId}" - object does not exist.`] });
  const outcome = await inTransaction(ctx.db, async (tx) => {
    // Under the pair's lock, as a block is written: a follow never lands beside a block.
    await lockPair(tx, viewer, targetId);
    const blocks = await selectBlocksBetween(tx, viewer, targetId);
    if (blocks.aBlocked) throw forbidden(UNBLOCK_TO_FOLLOW);
    if (blocks.bBlocked) throw forbidden(CANNOT_FOLLOW_ACCOUNT);
    const inserted = await insertFollow(tx, viewer, targetId, target.isPrivate ? 'pending' : 'accepted');
    if (inserted === 'accepted') await countFollow(tx, viewer, targetId, 1);
    const current = inserted ?? (await selectRelationship(tx, viewer, targetId)).outgoing;
    return { inserted, current };
  });
  if (outcome.inserted === 'accepted') {
    await ctx.events.emit('follow.accepted', { followerId: viewer, followingId: targetId, requested: false });
  } else if (outcome.inserted === 'pending') {
    await ctx.events.emit('follow.requested', { followerId: viewer, followingId: targetId });
  }
  return {
    result: { status: outcome.current === 'pending' ? 'requested' : 'following' },
    created: outcome.inserted !== null,
  };
}

function countFollow(tx: ServiceContext['db'], followerId: number, followingId: number, by: 1 | -1) {
  return adjustCountersOfUsers(tx, [
    [followerId, { following: by }],
    [followingId, { followers: by }],
  ]);
}

/** DELETE /social/follows/{user_id}/: unfollows, or withdraws a pending request. */
export async function unfollow(ctx: ServiceContext, viewer: number, targetId: number): Promise<void> {
  const removed = await inTransaction(ctx.db, async (tx) => {
    const state = await deleteFollow(tx, viewer, targetId);
    if (state === 'accepted') await countFollow(tx, viewer, targetId, -1);
    return state;
  });
  if (removed === null) throw notFound();
  await ctx.events.emit('follow.removed', {
    followerId: viewer,
    followingId: targetId,
    wasAccepted: removed === 'accepted',
  });
}

/** Accepts every pending request to an account (it went public); each requester now follows it. */
export async function acceptPendingRequests(ctx: ServiceContext, userId: number): Promise<void> {
  const followers = await inTransaction(ctx.db, async (tx) => {
    const ids = await acceptAllPending(tx, userId);
    if (ids.length > 0) {
      await adjustCountersOfUsers(tx, [
        ...ids.map((id): [number, { following: number }] => [id, { following: 1 }]),
        [userId, { followers: ids.length }],
      ]);
    }
    return ids;
  });
  for (const followerId of followers) {
    await ctx.events.emit('follow.accepted', { followerId, followingId: userId, requested: true });
  }
}

/**
 * The owner of a private account accepts one pending request; 404 when there is none (by then it may
 * have been withdrawn or answered elsewhere: as unknown as if it had never been made).
 */
export async function acceptRequest(ctx: ServiceContext, ownerId: number, followerId: number): Promise<void> {
  const accepted = await inTransaction(ctx.db, async (tx) => {
    if (!(await acceptPending(tx, followerId, ownerId))) return false;
    await countFollow(tx, followerId, ownerId, 1);
    return true;
  });
  if (!accepted) throw notFound();
  await ctx.events.emit('follow.accepted', { followerId, followingId: ownerId, requested: true });
}

/** GET /social/follows/requests/: the pending requests to the signed-in account, newest first. */
export async function listFollowRequests(
  ctx: ServiceContext,
  userId: number,
  q: { page_size: number; cursor?: string },
) {
  const beforeId = decodeIdCursor(q.cursor);
  const rows = await selectPendingRequests(ctx.db, { userId, beforeId, limit: q.page_size + 1 });
  return toPage(
    rows,
    q.page_size,
    (row: FollowRequestRow): FollowRequest => ({
      id: row.id,
      requester: row.requester,
      created_at: new Date(row.created_ms).toISOString(),
    }),
    (last) => encodeCursor([last.id]),
  );
}

export async function followRequestCount(ctx: ServiceContext, userId: number) {
  return { count: await countPendingRequests(ctx.db, userId, COUNT_MAX) };
}

/**
 * POST /social/follows/{id}/requests/accept/ and /decline/: only the requested account answers; a
 * request to anyone else, or one already answered, is as unknown as a missing one (404).
 */
export async function answerFollowRequest(
  ctx: ServiceContext,
  ownerId: number,
  requestId: number,
  answer: 'accept' | 'decline',
): Promise<void> {
  if (answer === 'decline') {
    const followerId = await deletePendingRequest(ctx.db, ownerId, requestId);
    if (followerId === null) throw notFound();
    await ctx.events.emit('follow.removed', { followerId, followingId: ownerId, wasAccepted: false });
    return;
  }
  const followerId = await selectPendingRequester(ctx.db, ownerId, requestId);
  if (followerId === null) throw notFound();
  // Withdrawn between the two steps: acceptRequest answers 404 as if it had gone before.
  await acceptRequest(ctx, ownerId, followerId);
}

/** GET /social/users/by_username/: the profile with the viewer's relation to it. */
export async function getPublicProfile(ctx: ServiceContext, viewer: Viewer, username: string): Promise<PublicProfile> {
  const row = await findProfileByUsername(ctx, username);
  if (!row) throw notFound();
  let followStatus: FollowStatus = 'none';
  let followsYou = false;
  let relations = { blocking: false, muting: false, blockedBy: false };
  if (viewer === row.id) followStatus = 'self';
  else if (viewer !== null) {
    const [rel, mine] = await Promise.all([
      selectRelationship(ctx.db, viewer, row.id),
      selectRelations(ctx.db, viewer, row.id),
    ]);
    followStatus = statusOf(rel.outgoing);
    followsYou = rel.incoming;
    relations = mine;
  }
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    profile_picture: row.profilePicture,
    bio: row.bio,
    // To an account it blocked, a profile reads as a private one that cannot be requested.
    is_private: row.isPrivate || relations.blockedBy,
    created_at: row.createdAt.toISOString(),
    total_reviews: row.reviewsCount,
    following_count: row.followingCount,
    followers_count: row.followersCount,
    follow_status: followStatus,
    follows_you: followsYou,
    blocking: relations.blocking,
    muting: relations.muting,
    can_follow: viewer !== row.id && !relations.blocking && !relations.blockedBy,
  };
}

function toListItem(viewer: Viewer, row: FollowListRow): FollowListItem {
  return {
    ...row.user,
    is_private: row.is_private,
    follow_status: row.user.id === viewer ? 'self' : statusOf(row.viewer_status),
    followed_at: new Date(row.followed_at_ms).toISOString(),
  };
}

/** Followers or followings of an account; a private account's lists only for its owner and followers. */
export async function listFollows(
  ctx: ServiceContext,
  viewer: Viewer,
  q: { userId: number; direction: 'followers' | 'following'; page_size: number; cursor?: string },
) {
  await assertCanSeeAccount(ctx, viewer, q.userId);
  const beforeId = decodeIdCursor(q.cursor);
  const rows = await selectFollowList(ctx.db, { ...q, viewer, beforeId, limit: q.page_size + 1 });
  return toPage(
    rows,
    q.page_size,
    (row) => toListItem(viewer, row),
    (last) => encodeCursor([last.follow_id]),
  );
}

/*
 * Blocks and mutes (decision 028): POST /social/blocks/ and /social/mutes/ (201, or 200 when it stood
 * already), DELETE …/{user_id}/ (204, 404 when there was none), GET lists newest first.
 */

const selfDetail: Record<RelationKind, string> = { block: CANNOT_BLOCK_SELF, mute: CANNOT_MUTE_SELF };

/**
 * Blocks or mutes `targetId`. A block first removes the follows and requests between the two, both ways,
 * with their counters, under the pair's lock (as a follow is written), in one transaction.
 */
export async function addRelation(
  ctx: ServiceContext,
  kind: RelationKind,
  viewer: number,
  targetId: number,
): Promise<{ created: boolean }> {
  if (targetId === viewer) throw fieldErrors({ user_id: [selfDetail[kind]] });
  if (!(await findUserBrief(ctx.db, targetId))) {
    throw fieldErrors({ user_id: [`Invalid pk "${targetId}" - object does not exist.`] });
  }
  const { created, removed } = await inTransaction(ctx.db, async (tx) => {
    if (kind === 'mute') return { created: await insertRelation(tx, kind, viewer, targetId), removed: [] };
    await lockPair(tx, viewer, targetId);
    const removed = await deleteFollowsBetween(tx, viewer, targetId);
    const accepted = removed.filter((f) => f.status === 'accepted');
    if (accepted.length > 0) {
      await adjustCountersOfUsers(
        tx,
        accepted.flatMap((f): [number, { following?: number; followers?: number }][] => [
          [f.followerId, { following: -1 }],
          [f.followingId, { followers: -1 }],
        ]),
      );
    }
    return { created: await insertRelation(tx, kind, viewer, targetId), removed };
  });
  for (const f of removed) {
    await ctx.events.emit('follow.removed', {
      followerId: f.followerId,
      followingId: f.followingId,
      wasAccepted: f.status === 'accepted',
    });
  }
  if (created) await ctx.events.emit('relation.changed', { kind, ownerId: viewer, otherId: targetId, active: true });
  return { created };
}

/** Unblocks or unmutes `targetId`; 404 when there was no such block or mute. */
export async function removeRelation(
  ctx: ServiceContext,
  kind: RelationKind,
  viewer: number,
  targetId: number,
): Promise<void> {
  if (!(await deleteRelation(ctx.db, kind, viewer, targetId))) throw notFound();
  await ctx.events.emit('relation.changed', { kind, ownerId: viewer, otherId: targetId, active: false });
}

/** The accounts the viewer blocked or muted, newest first. */
export async function listRelations(
  ctx: ServiceContext,
  kind: RelationKind,
  viewer: number,
  q: { page_size: number; cursor?: string },
) {
  const rows = await selectRelationList(ctx.db, kind, {
    ownerId: viewer,
    beforeId: decodeIdCursor(q.cursor),
    limit: q.page_size + 1,
  });
  return toPage(
    rows,
    q.page_size,
    (row) => ({ user: row.user, created_at: new Date(row.created_ms).toISOString() }),
    (last) => encodeCursor([last.id]),
  );
}

/**
 * For other modules, before a like, comment or reply on what `authorId` wrote: 403 when a block stands
 * between the viewer and the author, either way.
 */
export async function assertNoBlock(db: ServiceContext['db'], viewer: number, authorId: number): Promise<void> {
  if (viewer === authorId) return;
  const blocks = await selectBlocksBetween(db, viewer, authorId);
  if (blocks.aBlocked || blocks.bBlocked) throw forbidden(CANNOT_INTERACT);
}

/**
 * Why something the viewer would act on, and cannot see, is refused: 403 when a block stands between the
 * viewer and one of its authors (`authorIds`: its own, the one of what it sits on), else `otherwise` (it is
 * not there, or private). Returned, for the caller to throw.
 */
export async function refusalFor(
  db: ServiceContext['db'],
  viewer: number,
  authorIds: readonly number[],
  otherwise: Error,
): Promise<Error> {
  for (const authorId of authorIds) await assertNoBlock(db, viewer, authorId);
  return otherwise;
}

/** For live streams: the accounts whose content the viewer's streams leave out. */
export function hiddenAuthorIds(ctx: ServiceContext, viewer: number): Promise<number[]> {
  return selectHiddenAuthorIds(ctx.db, viewer);
}

/** Reacts to events of other modules: an account that goes public accepts its pending requests. */
export function subscribeFollows(ctx: ServiceContext): void {
  ctx.events.on('user.privacy_changed', async ({ userId, isPrivate }) => {
    if (!isPrivate) await acceptPendingRequests(ctx, userId);
  });
}

/** For the account's data export: one of its relations (whom it follows, followers, requests, blocks, mutes). */
export const relationsForExport = (db: ServiceContext['db'], which: ExportedRelation, userId: number) =>
  keysetRows<{ id: number }>(db, relationExportPage(which, userId), (row) => row.id);

/**
 * In the caller's transaction, as an account is deleted (decision 032): its follows and requests, both
 * ways, go, and the counters of the accounts on their other ends follow, in one statement.
 */
export async function forgetFollowsOf(tx: Db, userId: number): Promise<void> {
  const removed = await deleteFollowsOf(tx, userId);
  await adjustCountersOfMany(
    tx,
    removed
      .filter((f) => f.status === 'accepted')
      .map((f): [number, { following?: number; followers?: number }] =>
        f.followerId === userId ? [f.followingId, { followers: -1 }] : [f.followerId, { following: -1 }],
      ),
  );
}

/** Accepted follows of an account made during a calendar year (a season in review). */
export function followersGainedIn(ctx: ServiceContext, userId: number, year: number): Promise<number> {
  return countFollowersGainedIn(ctx.db, userId, year);
}
