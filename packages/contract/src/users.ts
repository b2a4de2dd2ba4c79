import { z } from 'zod';
import { lineTextSchema, paragraphsTextSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { spoilerShieldSchema } from './spoiler-shield.ts';

import { BIO_MAX, NAME_MAX } from './limits.ts';

export { AVATAR_MAX_BYTES, AVATAR_TYPES, BIO_MAX, NAME_MAX } from './limits.ts';

/**
 * A display name: no invisible characters, whitespace collapsed, trimmed, at most NAME_MAX characters
 * after that (decision 021). Blank means none (the username is shown). That it is no other member's
 * @username is checked by the server when it is set.
 */
export const displayNameSchema = lineTextSchema(NAME_MAX);

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
  /** Moderates reports (decision 030): the web shows the moderation page to staff only. */
  is_staff: z.boolean(),
  /** Which races' spoilers the API withholds from this account (decision 033): off, recent or unwatched. */
  spoiler_shield: spoilerShieldSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const updateMeBodySchema = z.object({
  name: displayNameSchema.optional(),
  /** Lines kept, spaces collapsed, at most one blank line in a row (decision 021); BIO_MAX counts the result. */
  bio: paragraphsTextSchema(BIO_MAX).optional(),
  is_private: z.boolean().optional(),
  profile_picture: z.null().optional(),
  spoiler_shield: spoilerShieldSchema.optional(),
});
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

export const avatarResponseSchema = z.object({ profile_picture: z.string() });

/**
 * The avatar upload's multipart/form-data body, for the documentation only: the server reads the file
 * itself, so validation must pass the body through.
 */
export const avatarUploadBodySchema = z.any().meta({
  type: 'object',
  required: ['avatar'],
  properties: { avatar: { type: 'string', format: 'binary', description: 'The image file.' } },
});

/** A user as shown beside their content (spec §3 Review.user). */
export const userRefSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  profile_picture: z.string().nullable(),
});
export type UserRef = z.infer<typeof userRefSchema>;

export const usersEndpoints = {
  getMe: endpoint(routes.getMe, { response: currentUserSchema }),
  updateMe: endpoint(routes.updateMe, { body: updateMeBodySchema, response: currentUserSchema }),
  uploadAvatar: endpoint(routes.uploadAvatar, {
    multipart: true,
    body: avatarUploadBodySchema,
    response: avatarResponseSchema,
  }),
};
