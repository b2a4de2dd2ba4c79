import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/auth.ts';

/* The refresh_tokens table; accounts themselves belong to the users module. */

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
