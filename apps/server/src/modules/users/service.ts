import type { FastifyBaseLogger } from 'fastify';
import {
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  type CurrentUser,
  type ReportedContent,
  type UpdateMeBody,
} from '@paddock/contract';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { clock } from '../../lib/clock.ts';
import { byId } from '../../lib/moderation-content.ts';
import { fieldErrors, userNotFound } from '../../lib/errors.ts';
import { inTransaction, violatedUniqueIndex } from '../../lib/sql.ts';
import { deleteAvatar, storeAvatar } from './avatars.ts';
import {
  addToCounters,
  addToCountersOfMany,
  deleteAccountRow,
  lockAccount,
  selectUsersForModeration,
  insertUser,
  lockProfile,
  replacePasswordHash,
  selectCredentialsByEmail,
  selectCredentialsById,
  selectCredentialsByLogin,
  selectDemoUserExists,
  selectProfile,
  selectProfileByUsername,
  selectTakenIdentifiers,
  selectIsStaff,
  selectUserBrief,
  selectUsernameExists,
  updateProfileFields,
  updateStaffByUsername,
  type CounterDelta,
  type Credentials,
  type NewUser,
  type ProfileRow,
  type UserBrief,
} from './queries.ts';

export type { Credentials, ProfileRow, UserBrief };

export const USERNAME_TAKEN = 'A user with that username already exists.';
export const EMAIL_TAKEN = 'A user with that email already exists.';
export const NAME_IS_USERNAME = "A name cannot be another member's @username.";

/** A valid access token whose account was deleted since: simplejwt's answer. */

export function toCurrentUser(row: ProfileRow): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    bio: row.bio,
    profile_picture: row.profilePicture,
    is_private: row.isPrivate,
    created_at: row.createdAt.toISOString(),
    total_reviews: row.reviewsCount,
    following_count: row.followingCount,
    followers_count: row.followersCount,
    is_staff: row.isStaff,
    spoiler_shield: row.spoilerShield,
  };
}

/** The signed-in user as the contract's Current user. */
export async function getCurrentUser(ctx: ServiceContext, userId: number): Promise<CurrentUser> {
  const row = await selectProfile(ctx.db, userId);
  if (!row) throw userNotFound();
  return toCurrentUser(row);
}

export async function findProfileByUsername(ctx: ServiceContext, username: string): Promise<ProfileRow | null> {
  return selectProfileByUsername(ctx.db, username);
}

/** Id, username and privacy of an account, or null when there is none. Runs in a transaction too. */
export async function findUserBrief(db: Db, userId: number): Promise<UserBrief | null> {
  return selectUserBrief(db, userId);
}

export function findCredentials(
  ctx: ServiceContext,
  by: { login: string } | { email: string } | { id: number },
): Promise<Credentials | null> {
  if ('login' in by) return selectCredentialsByLogin(ctx.db, by.login);
  if ('email' in by) return selectCredentialsByEmail(ctx.db, by.email);
  return selectCredentialsById(ctx.db, by.id);
}

/**
 * The username a display name reads as: without one leading "@", compatibility-folded (fullwidth and
 * mathematical letters read as plain ones) and lower-cased; null when it cannot be a username at all.
 */
function handleOf(name: string): string | null {
  const handle = name.normalize('NFKC').toLowerCase().replace(/^@/, '');
  const fits = handle.length >= USERNAME_MIN && handle.length <= USERNAME_MAX && USERNAME_PATTERN.test(handle);
  return fits ? handle : null;
}

/**
 * Whether a display name reads as another account's @username (decision 021). `ownUsername` is the
 * account's own, which it may use as its name. Checked when a name is set, not kept as a constraint.
 */
async function isOthersUsername(db: Db, name: string, ownUsername: string): Promise<boolean> {
  const handle = handleOf(name);
  if (handle === null || handle === ownUsername.toLowerCase()) return false;
  return selectUsernameExists(db, handle);
}

/**
 * Field errors for a registration: a username or email that is taken already (case-insensitively),
 * and a name that reads as another member's @username.
 */
export async function takenIdentifierErrors(
  ctx: ServiceContext,
  username: string,
  email: string,
  name = '',
): Promise<Record<string, string[]>> {
  const [taken, nameTaken] = await Promise.all([
    selectTakenIdentifiers(ctx.db, username, email),
    isOthersUsername(ctx.db, name, username),
  ]);
  const errors: Record<string, string[]> = {};
  if (taken.username) errors.username = [USERNAME_TAKEN];
  if (taken.email) errors.email = [EMAIL_TAKEN];
  if (nameTaken) errors.name = [NAME_IS_USERNAME];
  return errors;
}

/** Creates an account; a name taken meanwhile (a concurrent registration) is the same field error. */
export async function createAccount(ctx: ServiceContext, values: NewUser): Promise<number> {
  let userId: number;
  try {
    userId = await insertUser(ctx.db, values);
  } catch (err) {
    const index = violatedUniqueIndex(err);
    if (index?.includes('username')) throw fieldErrors({ username: [USERNAME_TAKEN] });
    if (index?.includes('email')) throw fieldErrors({ email: [EMAIL_TAKEN] });
    throw err;
  }
  await ctx.events.emit('user.card_changed', { userId });
  return userId;
}

/** In the caller's transaction: swaps the password hash if it is still `expectedHash`. */
export function swapPasswordHash(tx: Db, userId: number, expectedHash: string, newHash: string): Promise<boolean> {
  return replacePasswordHash(tx, userId, expectedHash, newHash);
}

/** In the caller's transaction: adds to a user's follower, following and review counters. */
export function adjustUserCounters(tx: Db, userId: number, delta: CounterDelta): Promise<void> {
  return addToCounters(tx, userId, delta);
}

/**
 * In the caller's transaction: adds to several users' counters, locking their rows in the order of their
 * ids. Two transactions that each change the same two users (two people following each other at the same
 * moment) then wait for one another instead of deadlocking.
 */
export async function adjustCountersOfUsers(tx: Db, changes: readonly [userId: number, CounterDelta][]): Promise<void> {
  for (const [userId, delta] of [...changes].sort(([a], [b]) => a - b)) await addToCounters(tx, userId, delta);
}

/** In the caller's transaction: adds to the counters of many users in one statement (an account deleted). */
export function adjustCountersOfMany(tx: Db, changes: readonly [userId: number, CounterDelta][]): Promise<void> {
  return addToCountersOfMany(tx, changes);
}

/* An account deleted (the account module, decision 032). */

export { DeletedAccounts } from './deleted-accounts.ts';

/** How long a deleted account's username cannot be registered again. */
export const USERNAME_HELD_DAYS = 30;

/**
 * In the deletion's transaction, first: locks the account's row, so that nothing new can refer to it
 * (a like, a follow, a comment by it waits, then finds it gone). Its username, password hash and picture.
 */
export function lockAccountForDeletion(tx: Db, userId: number) {
  return lockAccount(tx, userId);
}

/** In the deletion's transaction, last: deletes the account's row and holds its username for 30 days. */
export function deleteAccountHoldingUsername(tx: Db, userId: number, username: string): Promise<void> {
  const at = clock.now();
  return deleteAccountRow(tx, userId, username, new Date(at), new Date(at + USERNAME_HELD_DAYS * 86_400_000));
}

/** After the deletion's commit: the account's picture file goes. */
export function discardAccountPicture(ctx: UsersContext, url: string | null): Promise<void> {
  return discardAvatar(ctx, url);
}

export function demoCommunityExists(ctx: ServiceContext): Promise<boolean> {
  return selectDemoUserExists(ctx.db);
}

export interface UsersContext extends ServiceContext {
  mediaDir: string;
  log: FastifyBaseLogger;
}

/** A file left behind costs disk space only, so a failed delete is logged rather than failing the request. */
async function discardAvatar(ctx: UsersContext, url: string | null) {
  await deleteAvatar(ctx.mediaDir, url).catch((err: unknown) => ctx.log.warn({ err, url }, 'could not delete avatar'));
}

/**
 * PATCH /users/me/. A new name must not read as another member's @username (a name sent again unchanged
 * is not checked, so a form that sends every field still saves). A change of privacy is announced
 * (`user.privacy_changed`): the follows module then accepts pending requests of an account that went
 * public. A changed name or a removed picture changes the user's card (`user.card_changed`), as a new
 * account or avatar does; a form sent again unchanged does not. A changed spoiler shield is announced
 * (`spoilers.changed`): the reader's kept review pages go.
 */
export async function updateMe(ctx: UsersContext, userId: number, body: UpdateMeBody): Promise<CurrentUser> {
  const before = await inTransaction(ctx.db, async (tx) => {
    const locked = await lockProfile(tx, userId);
    if (!locked) return null;
    if (
      body.name !== undefined &&
      body.name !== locked.name &&
      (await isOthersUsername(tx, body.name, locked.username))
    ) {
      throw fieldErrors({ name: [NAME_IS_USERNAME] });
    }
    await updateProfileFields(tx, userId, {
      name: body.name,
      bio: body.bio,
      isPrivate: body.is_private,
      spoilerShield: body.spoiler_shield,
      ...(body.profile_picture === null ? { profilePicture: null } : {}),
    });
    return locked;
  });
  if (!before) throw userNotFound();
  if (body.profile_picture === null) await discardAvatar(ctx, before.profilePicture);
  if (body.is_private !== undefined && body.is_private !== before.isPrivate) {
    await ctx.events.emit('user.privacy_changed', { userId, isPrivate: body.is_private });
  }
  // What the spoiler shield hides from the account changed: its kept pages go (decision 033).
  if (body.spoiler_shield !== undefined && body.spoiler_shield !== before.spoilerShield) {
    await ctx.events.emit('spoilers.changed', { userId });
  }
  const pictureRemoved = body.profile_picture === null && before.profilePicture !== null;
  if ((body.name !== undefined && body.name !== before.name) || pictureRemoved) {
    await ctx.events.emit('user.card_changed', { userId });
  }
  return getCurrentUser(ctx, userId);
}

/** Stores a new (re-encoded) avatar and deletes the one it replaces. */
export async function setAvatar(ctx: UsersContext, userId: number, webp: Buffer): Promise<string> {
  const url = await storeAvatar(ctx.mediaDir, webp);
  let previous: { profilePicture: string | null } | null;
  try {
    previous = await inTransaction(ctx.db, async (tx) => {
      const locked = await lockProfile(tx, userId);
      if (locked) await updateProfileFields(tx, userId, { profilePicture: url });
      return locked;
    });
  } catch (err) {
    await discardAvatar(ctx, url);
    throw err;
  }
  if (!previous) {
    await discardAvatar(ctx, url);
    throw userNotFound();
  }
  await discardAvatar(ctx, previous.profilePicture);
  await ctx.events.emit('user.card_changed', { userId });
  return url;
}

/** Whether the account is staff: read on each request, so a revocation holds at once. */
export function isStaff(db: Db, userId: number): Promise<boolean> {
  return selectIsStaff(db, userId);
}

/** `npm run users:staff`: grants or takes back staff; whether there is such an account. */
export function setStaff(db: Db, username: string, staff: boolean): Promise<boolean> {
  return updateStaffByUsername(db, username, staff);
}

/** For the staff's queue (decision 031): reported accounts, by id. */
export async function usersForModeration(db: Db, ids: readonly number[]): Promise<Map<number, ReportedContent>> {
  return byId(await selectUsersForModeration(db, ids));
}
