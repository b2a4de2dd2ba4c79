import { and, eq, or, sql } from 'drizzle-orm';
import { nowDate } from '../../lib/clock.ts';
import type { Db } from '../../db/client.ts';
import { heldUsernames, users } from '../../db/schema/users.ts';
import { run, selectRows } from '../../lib/sql.ts';
import { userRefJson } from './sql.ts';
import type { ReportedContent, SpoilerShield } from '@paddock/contract';

/* Every read and write of the users table. */

const profileColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  name: users.name,
  bio: users.bio,
  profilePicture: users.profilePicture,
  isPrivate: users.isPrivate,
  createdAt: users.createdAt,
  followingCount: users.followingCount,
  followersCount: users.followersCount,
  reviewsCount: users.reviewsCount,
  isStaff: users.isStaff,
  spoilerShield: users.spoilerShield,
};

export interface ProfileRow {
  id: number;
  username: string;
  email: string;
  name: string;
  bio: string;
  profilePicture: string | null;
  isPrivate: boolean;
  createdAt: Date;
  followingCount: number;
  followersCount: number;
  reviewsCount: number;
  isStaff: boolean;
  spoilerShield: SpoilerShield;
}

export async function selectProfile(db: Db, userId: number): Promise<ProfileRow | null> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Usernames compare ignoring case. */
export async function selectProfileByUsername(db: Db, username: string): Promise<ProfileRow | null> {
  const [row] = await db
    .select(profileColumns)
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row ?? null;
}

export interface Credentials {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
}

const credentialColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  passwordHash: users.passwordHash,
};

/** Usernames cannot contain '@', so an identifier with one is an email. Both compare case-insensitively. */
export async function selectCredentialsByLogin(db: Db, identifier: string): Promise<Credentials | null> {
  const column = identifier.includes('@') ? users.email : users.username;
  const [row] = await db
    .select(credentialColumns)
    .from(users)
    .where(sql`lower(${column}) = lower(${identifier})`);
  return row ?? null;
}

export async function selectCredentialsByEmail(db: Db, email: string): Promise<Credentials | null> {
  const [row] = await db
    .select(credentialColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row ?? null;
}

export async function selectCredentialsById(db: Db, id: number): Promise<Credentials | null> {
  const [row] = await db.select(credentialColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/**
 * Which of a username and an email are taken already (case-insensitively). A deleted account's username
 * is taken while it is held.
 */
export async function selectTakenIdentifiers(db: Db, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${username})`, sql`lower(${users.email}) = lower(${email})`));
  const [held] = await db
    .select({ username: heldUsernames.username })
    .from(heldUsernames)
    .where(
      sql`${heldUsernames.username} = lower(${username}) and ${heldUsernames.heldUntil} > ${nowDate().toISOString()}::timestamptz`,
    );
  return {
    username: held !== undefined || rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

/** The account about to be deleted, locked: nothing can refer to it any more until the transaction ends. */
export async function lockAccount(tx: Db, userId: number) {
  const [row] = await tx
    .select({ username: users.username, passwordHash: users.passwordHash, profilePicture: users.profilePicture })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

/**
 * Deletes the account's row (what refers to it goes too) and holds its username until `heldUntil`,
 * remembering which account it was and when it went.
 */
export async function deleteAccountRow(
  tx: Db,
  userId: number,
  username: string,
  at: Date,
  heldUntil: Date,
): Promise<void> {
  const held = { heldUntil, deletedUserId: userId, deletedAt: at };
  await tx
    .insert(heldUsernames)
    .values({ username: username.toLowerCase(), ...held })
    .onConflictDoUpdate({ target: heldUsernames.username, set: held });
  await tx.delete(users).where(eq(users.id, userId));
}

/** The ids of the accounts deleted since `since`. */
export async function selectAccountsDeletedSince(db: Db, since: Date): Promise<number[]> {
  const rows = await db
    .select({ id: heldUsernames.deletedUserId })
    .from(heldUsernames)
    .where(sql`${heldUsernames.deletedAt} >= ${since.toISOString()}::timestamptz`);
  return rows.map((r) => r.id);
}

/** Whether the account exists (a signed-in request's, checked on each). */
export async function selectAccountExists(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/** Whether an account has this username; `lowered` is already lower-cased (the unique index's form). */
export async function selectUsernameExists(db: Db, lowered: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${lowered}`)
    .limit(1);
  return row !== undefined;
}

export interface NewUser {
  username: string;
  email: string;
  name: string;
  passwordHash: string;
  bio?: string;
  isPrivate?: boolean;
  isDemo?: boolean;
}

export async function insertUser(db: Db, values: NewUser): Promise<number> {
  const at = nowDate();
  const [row] = await db
    .insert(users)
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Sets a new password only if the hash is still the one the reset link was made for, so two
 * requests with the same link cannot both succeed. Returns whether it changed.
 */
export async function replacePasswordHash(db: Db, userId: number, expectedHash: string, newHash: string) {
  const rows = await db
    .update(users)
    .set({ passwordHash: newHash, updatedAt: nowDate() })
    .where(and(eq(users.id, userId), eq(users.passwordHash, expectedHash)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** The fields a profile change compares against, locked until the transaction ends. */
export async function lockProfile(tx: Db, userId: number) {
  const [row] = await tx
    .select({
      username: users.username,
      name: users.name,
      profilePicture: users.profilePicture,
      isPrivate: users.isPrivate,
      spoilerShield: users.spoilerShield,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export interface ProfilePatch {
  name?: string;
  bio?: string;
  isPrivate?: boolean;
  profilePicture?: string | null;
  spoilerShield?: SpoilerShield;
}

export async function updateProfileFields(db: Db, userId: number, patch: ProfilePatch): Promise<void> {
  await db
    .update(users)
    .set({ ...patch, updatedAt: nowDate() })
    .where(eq(users.id, userId));
}

export interface CounterDelta {
  followers?: number;
  following?: number;
  reviews?: number;
}

/** Adds to a user's counters in one statement, so concurrent changes add up. */
export async function addToCounters(db: Db, userId: number, d: CounterDelta): Promise<void> {
  await db
    .update(users)
    .set({
      followersCount: sql`${users.followersCount} + ${d.followers ?? 0}`,
      followingCount: sql`${users.followingCount} + ${d.following ?? 0}`,
      reviewsCount: sql`${users.reviewsCount} + ${d.reviews ?? 0}`,
    })
    .where(eq(users.id, userId));
}

/** Adds to the counters of several users in one statement. */
export async function addToCountersOfMany(db: Db, changes: readonly [userId: number, CounterDelta][]): Promise<void> {
  if (changes.length === 0) return;
  // One row per user: an UPDATE … FROM applies only one of several rows matching the same user.
  const merged = new Map<number, Required<CounterDelta>>();
  for (const [id, d] of changes) {
    const m = merged.get(id) ?? { followers: 0, following: 0, reviews: 0 };
    merged.set(id, {
      followers: m.followers + (d.followers ?? 0),
      following: m.following + (d.following ?? 0),
      reviews: m.reviews + (d.reviews ?? 0),
    });
  }
  const rows = [...merged];
  const column = (pick: (d: Required<CounterDelta>) => number) => sql.param(rows.map(([, d]) => pick(d)));
  await run(
    db,
    sql`update users u set followers_count = u.followers_count + x.followers,
          following_count = u.following_count + x.following, reviews_count = u.reviews_count + x.reviews
        from unnest(${sql.param(rows.map(([id]) => id))}::int[], ${column((d) => d.followers)}::int[],
          ${column((d) => d.following)}::int[], ${column((d) => d.reviews)}::int[]) x(id, followers, following, reviews)
        where u.id = x.id`,
  );
}

export interface UserBrief {
  id: number;
  username: string;
  isPrivate: boolean;
  followersCount: number;
}

export async function selectUserBrief(db: Db, userId: number): Promise<UserBrief | null> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      isPrivate: users.isPrivate,
      followersCount: users.followersCount,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function selectDemoUserExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.isDemo, true)).limit(1);
  return row !== undefined;
}

/** Whether the account is staff (false when there is none). */
export async function selectIsStaff(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ isStaff: users.isStaff }).from(users).where(eq(users.id, userId));
  return row?.isStaff ?? false;
}

/** Grants or takes back staff by username (ignoring case); whether there is such an account. */
export async function updateStaffByUsername(db: Db, username: string, isStaff: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isStaff })
    .where(sql`lower(${users.username}) = lower(${username})`)
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Reported accounts as staff see them in the queue (decision 031): the account, and its bio as the text. */
export function selectUsersForModeration(db: Db, ids: readonly number[]) {
  return selectRows<ReportedContent & { id: number }>(
    db,
    sql`select u.id, ${userRefJson('u')} as author, u.bio as text, null::int as rating, null::int as race_id,
          null::text as race_name, null::int as review_id, null::int as thought_id, false as is_hidden
        from users u where u.id = any(${sql.param([...ids])}::int[])`,
  );
}
