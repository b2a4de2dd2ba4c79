import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser, UpdateMeBody } from '@paddock/contract';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { deleteAvatar, storeAvatar } from './avatars.ts';
import { countReviews, replaceProfilePicture, selectProfile, updateProfile } from './queries.ts';

/** A valid access token whose account was deleted since: simplejwt's answer. */
const userNotFound = () => new HttpError(401, { detail: 'User not found', code: 'user_not_found' });

/** The signed-in user as the contract's Current user. */
export async function getCurrentUser(db: Db, userId: number): Promise<CurrentUser> {
  const [row, totalReviews] = await Promise.all([selectProfile(db, userId), countReviews(db, userId)]);
  if (!row) throw userNotFound();
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    bio: row.bio,
    profile_picture: row.profilePicture,
    is_private: row.isPrivate,
    created_at: row.createdAt.toISOString(),
    total_reviews: totalReviews,
    following_count: row.followingCount,
    followers_count: row.followersCount,
  };
}

interface FileContext {
  db: Db;
  dataDir: string;
  log: FastifyBaseLogger;
}

/** A file left behind costs disk space only, so a failed delete is logged rather than failing the request. */
async function discardAvatar(ctx: FileContext, url: string | null) {
  await deleteAvatar(ctx.dataDir, url).catch((err: unknown) => ctx.log.warn({ err, url }, 'could not delete avatar'));
}

/** PATCH /users/me/. Turning an account public accepts its pending follow requests. */
export async function updateMe(ctx: FileContext, userId: number, body: UpdateMeBody): Promise<CurrentUser> {
  const result = await updateProfile(ctx.db, userId, {
    name: body.name,
    bio: body.bio,
    isPrivate: body.is_private,
    profilePicture: body.profile_picture,
  });
  if (!result) throw userNotFound();
  if (body.profile_picture === null) await discardAvatar(ctx, result.previousPicture);
  return getCurrentUser(ctx.db, userId);
}

/** Stores a new (re-encoded) avatar and deletes the one it replaces. */
export async function setAvatar(ctx: FileContext, userId: number, webp: Buffer): Promise<string> {
  const url = await storeAvatar(ctx.dataDir, webp);
  let result: Awaited<ReturnType<typeof replaceProfilePicture>>;
  try {
    result = await replaceProfilePicture(ctx.db, userId, url);
  } catch (err) {
    await discardAvatar(ctx, url);
    throw err;
  }
  if (!result) {
    await discardAvatar(ctx, url);
    throw userNotFound();
  }
  await discardAvatar(ctx, result.previousPicture);
  return url;
}
