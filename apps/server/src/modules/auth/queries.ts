import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';

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
export async function findByLogin(db: Db, identifier: string): Promise<Credentials | null> {
  const column = identifier.includes('@') ? users.email : users.username;
  const [row] = await db
    .select(credentialColumns)
    .from(users)
    .where(sql`lower(${column}) = lower(${identifier})`);
  return row ?? null;
}

export async function findByEmail(db: Db, email: string): Promise<Credentials | null> {
  const [row] = await db
    .select(credentialColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row ?? null;
}

export async function findById(db: Db, id: number): Promise<Credentials | null> {
  const [row] = await db.select(credentialColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Which of a username and an email are taken already (case-insensitively). */
export async function takenIdentifiers(db: Db, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${username})`, sql`lower(${users.email}) = lower(${email})`));
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function insertUser(
  db: Db,
  values: { username: string; email: string; name: string; passwordHash: string },
): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
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
    .set({ passwordHash: newHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.passwordHash, expectedHash)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function insertRefreshToken(db: Db, jti: string, userId: number, expiresAt: Date): Promise<void> {
  await db.insert(refreshTokens).values({ jti, userId, expiresAt });
}

/**
 * Revokes one live refresh token. The WHERE revoked_at IS NULL makes it a compare-and-set: of two
 * concurrent calls with the same jti exactly one gets the row back.
 */
export async function revokeLiveRefreshToken(db: Db, jti: string): Promise<{ userId: number } | null> {
  const [row] = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.jti, jti), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, sql`now()`)))
    .returning({ userId: refreshTokens.userId });
  return row ?? null;
}

export async function findRefreshToken(db: Db, jti: string) {
  const [row] = await db
    .select({ userId: refreshTokens.userId, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.jti, jti));
  return row ?? null;
}

export async function revokeAllRefreshTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Rows of tokens that expired long ago are no use for reuse detection any more. */
export async function deleteExpiredRefreshTokens(db: Db, userId: number): Promise<void> {
  await db
    .delete(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), sql`${refreshTokens.expiresAt} < now() - interval '1 day'`));
}
