import { z } from 'zod';
import { okSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './limits.ts';
import { routes } from './routes.ts';
import { currentUserSchema, displayNameSchema } from './users.ts';

export { displayNameSchema, NAME_MAX } from './users.ts';

/** Field rules of accounts (api-decisions "Auth"), one definition for the form and the server. */
export { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './limits.ts';
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]+$/;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters.`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters.`)
  .regex(USERNAME_PATTERN, 'Username may contain only letters, digits, _ and .');

export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX, 'Enter a valid email address.')
  .email('Enter a valid email address.');

/** Shape-only password rule; the server adds the common-password and similarity checks. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `This password is too short. It must contain at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `This password is too long. It must contain at most ${PASSWORD_MAX} characters.`)
  .refine((p) => !/^\d+$/.test(p), 'This password is entirely numeric.');

export const registerBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  name: displayNameSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  username: z.string().trim().min(1, 'This field may not be blank.').max(EMAIL_MAX),
  password: z.string().min(1, 'This field may not be blank.').max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshBodySchema = z.object({ refresh: z.string().min(1).max(2000) });

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({
  uid: z.string().min(1).max(100),
  token: z.string().min(1).max(500),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** What registering answers: the new account, signed in. */
export const authResponseSchema = z.object({
  access: z.string(),
  refresh: z.string(),
  user: currentUserSchema,
});

export const authEndpoints = {
  register: endpoint(routes.register, { body: registerBodySchema, response: authResponseSchema, statuses: [201] }),
  login: endpoint(routes.login, { body: loginBodySchema, response: tokenPairSchema }),
  refreshToken: endpoint(routes.refreshToken, { body: refreshBodySchema, response: tokenPairSchema }),
  logout: endpoint(routes.logout, { body: refreshBodySchema, response: okSchema }),
  forgotPassword: endpoint(routes.forgotPassword, { body: forgotPasswordBodySchema, response: okSchema }),
  resetPassword: endpoint(routes.resetPassword, { body: resetPasswordBodySchema, response: okSchema }),
};
