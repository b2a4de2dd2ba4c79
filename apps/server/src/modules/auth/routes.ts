import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints } from '@paddock/contract';
import { errorBody } from '../../lib/openapi.ts';
import { route } from '../../lib/route.ts';
import {
  createAuthContext,
  drainMail,
  forgotPassword,
  login,
  logout,
  refresh,
  register,
  resetPassword,
  RESET_MAIL_SENT,
} from './service.ts';

const tags = ['auth'];
const badInput = errorBody('Field errors `{"field": ["message"]}` or `{"detail": "..."}` for a malformed body.');
const throttledBody = errorBody(
  'Throttled: `{"detail": "Request was throttled. Expected available in N seconds."}` with a Retry-After header.',
);
const tokenError = errorBody('`{"detail": "...", "code": "token_not_valid"}`');

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // In memory for one instance, in Redis (REDIS_URL) when several share the limits.
  const ctx = createAuthContext({
    db: app.database.db,
    events: app.events,
    config: app.config,
    tokens: app.tokens,
    mailer: app.mailer,
    log: app.log,
    counters: app.counters,
  });
  app.addHook('onClose', async () => drainMail(ctx));

  route(
    app,
    authEndpoints.register,
    {
      tags,
      summary: 'Create an account',
      description:
        'Creates an account and signs it in. username: 3-30 letters, digits, `_` or `.`, unique ignoring case; email unique ignoring case; password 8-128 characters, not entirely numeric, not a common password, not similar to the username. name (optional): no invisible formatting characters, stored trimmed with whitespace runs as one space, at most 100 characters, and not another member\'s username ignoring case and a leading "@" (the username being registered is fine). A username that is another member\'s display name is accepted. Throttled per client IP (REGISTER_RATE_LIMIT attempts per hour).',
      errors: { 400: badInput, 429: throttledBody },
    },
    async (request, reply) => reply.code(201).send(await register(ctx, request.ip, request.body)),
  );

  route(
    app,
    authEndpoints.login,
    {
      tags,
      summary: 'Sign in',
      description:
        '`username` may be the username or the email, both ignoring case. Returns an access token (ACCESS_TOKEN_MINUTES) and a refresh token (REFRESH_TOKEN_DAYS). Throttled per client IP (LOGIN_IP_RATE_LIMIT attempts per 15 minutes); per account and client IP (LOGIN_RATE_LIMIT attempts per 15 minutes, a success clears them; past it even the right password gets 429 from that IP until the window ends); and per account from IPs it has not signed in from in 30 days (past LOGIN_ACCOUNT_RATE_LIMIT attempts per 15 minutes, those IPs share one attempt per LOGIN_SLOW_SECONDS). Nobody else can lock an owner out of their account.',
      errors: {
        400: badInput,
        401: errorBody('`{"detail": "No active account found with the given credentials"}`'),
        429: throttledBody,
      },
    },
    async (request) => login(ctx, request.ip, request.body),
  );

  route(
    app,
    authEndpoints.refreshToken,
    {
      tags,
      summary: 'Exchange a refresh token for a new pair',
      description:
        'Refresh tokens rotate: the presented one is revoked and a new access and refresh token are returned. Presenting a revoked refresh token again (`Token is blacklisted`) revokes every refresh token of its user.',
      errors: { 400: badInput, 401: tokenError },
    },
    async (request) => refresh(ctx, request.body.refresh),
  );

  route(
    app,
    authEndpoints.logout,
    {
      tags,
      summary: 'Sign out',
      description: 'Revokes the given refresh token. Signing out with a token that is already revoked also succeeds.',
      errors: { 400: badInput, 401: tokenError },
    },
    async (request) => {
      await logout(ctx, request.body.refresh);
      return { detail: 'Successfully logged out.' };
    },
  );

  route(
    app,
    authEndpoints.forgotPassword,
    {
      tags,
      summary: 'Mail a password reset link',
      description: `Answers the same whether or not an account has that email; if one does, mails \`{PUBLIC_URL}/reset-password/{uid}/{token}\`. The link expires after PASSWORD_RESET_MINUTES and works once. Throttled per email (PASSWORD_RESET_RATE_LIMIT per hour) and per client IP (PASSWORD_RESET_IP_RATE_LIMIT forgot and reset requests per hour).`,
      errors: { 400: badInput, 429: throttledBody },
    },
    async (request) => {
      await forgotPassword(ctx, request.ip, request.body.email);
      return { detail: RESET_MAIL_SENT };
    },
  );

  route(
    app,
    authEndpoints.resetPassword,
    {
      tags,
      summary: 'Set a new password from a reset link',
      description:
        'Takes uid and token from the mailed link. A bad, used or expired link is a 400 `{"detail": "The reset link is invalid or has expired."}`; the new password follows the registration rules (field errors on `password`). Signs the account out everywhere (all refresh tokens revoked). Shares the per-IP limit with forgot-password.',
      errors: { 400: badInput, 429: throttledBody },
    },
    async (request) => {
      await resetPassword(ctx, request.ip, request.body);
      return { detail: 'Your password has been reset.' };
    },
  );
};
