import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, users } from '../../db/schema/index.ts';

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
}

// Qualified by hand: inside a subquery drizzle renders a column without its table, and a bare "id"
// would resolve to follows.id.
const outerUserId = sql`${users}.${sql.identifier(users.id.name)}`;

/** A user with their follow counts (accepted rows only), in one round trip. */
export async function selectProfile(db: Db, userId: number): Promise<ProfileRow | null> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      name: users.name,
      bio: users.bio,
      profilePicture: users.profilePicture,
      isPrivate: users.isPrivate,
      createdAt: users.createdAt,
      followingCount: sql<number>`(select count(*)::int from ${follows} where ${follows.followerId} = ${outerUserId} and ${follows.status} = 'accepted')`,
      followersCount: sql<number>`(select count(*)::int from ${follows} where ${follows.followingId} = ${outerUserId} and ${follows.status} = 'accepted')`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * total_reviews of a profile. There is no reviews table yet: the reviews capability
 * (modules/reviews) turns this into a count of the user's reviews when it adds one.
 */
export async function countReviews(_db: Db, _userId: number): Promise<number> {
  return 0;
}

export interface ProfilePatch {
  name?: string;
  bio?: string;
  isPrivate?: boolean;
  profilePicture?: null;
}

/** Applies a profile change; returns the picture the user had before, or undefined if no user. */
export async function updateProfile(
  db: Db,
  userId: number,
  patch: ProfilePatch,
): Promise<{ previousPicture: string | null; wasPrivate: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ profilePicture: users.profilePicture, isPrivate: users.isPrivate })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) return undefined;
    await tx
      .update(users)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    if (patch.isPrivate === false && before.isPrivate) {
      await tx
        .update(follows)
        .set({ status: 'accepted' })
        .where(and(eq(follows.followingId, userId), eq(follows.status, 'pending')));
    }
    return { previousPicture: before.profilePicture, wasPrivate: before.isPrivate };
  });
}

/** Points the user at a new picture; returns the one it replaced, or undefined if no user. */
export async function replaceProfilePicture(
  db: Db,
  userId: number,
  picture: string,
): Promise<{ previousPicture: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ profilePicture: users.profilePicture })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) return undefined;
    await tx
      .update(users)
      .set({ profilePicture: picture, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    return { previousPicture: before.profilePicture };
  });
}
