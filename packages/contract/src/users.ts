import { z } from 'zod';
import { displayNameSchema } from './auth.ts';
import { paragraphsTextSchema } from './common.ts';

export const BIO_MAX = 300;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The spec's Current user, plus email and bio (api-decisions "Users and follows"). */
export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  bio: z.string(),
  profile_picture: z.string().nullable(),
  is_private: z.boolean(),
  created_at: z.string(),
  total_reviews: z.number().int(),
  following_count: z.number().int(),
  followers_count: z.number().int(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const updateMeBodySchema = z.object({
  name: displayNameSchema.optional(),
  /** Lines kept, spaces collapsed, at most one blank line in a row (decision 021); BIO_MAX counts the result. */
  bio: paragraphsTextSchema(BIO_MAX).optional(),
  is_private: z.boolean().optional(),
  profile_picture: z.null().optional(),
});
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

export const avatarResponseSchema = z.object({ profile_picture: z.string() });

export const authResponseSchema = z.object({
  access: z.string(),
  refresh: z.string(),
  user: currentUserSchema,
});

/** A user as shown beside their content (spec §3 Review.user). */
export const userRefSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  profile_picture: z.string().nullable(),
});
export type UserRef = z.infer<typeof userRefSchema>;

export const usersEndpoints = {};
