import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser, LoginBody, RegisterBody, ResetPasswordBody, TokenPair } from '@paddock/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { clock, realNow } from '../../lib/clock.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { badRequest, fieldErrors, HttpError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { FixedWindowLimit, type CounterStore } from '../../lib/throttle.ts';
import { InvalidTokenError, type TokenService } from '../../lib/tokens.ts';
import {
  createAccount,
  findCredentials,
  getCurrentUser,
  swapPasswordHash,
  takenIdentifierErrors,
  type Credentials,
} from '../users/service.ts';
import { hashPassword, isUsableHash, passwordProblems, verifyPassword } from './passwords.ts';
import {
  deleteExpiredRefreshTokens,
  findRefreshToken,
  insertRefreshToken,
  revokeAllRefreshTokens,
  revokeLiveRefreshToken,
} from './queries.ts';
import { checkResetToken, decodeUid, encodeUid, makeResetToken } from './reset-tokens.ts';
import { inTransaction } from '../../lib/sql.ts';

export const NO_ACTIVE_ACCOUNT = 'No active account found with the given credentials';
export const RESET_LINK_INVALID = 'The reset link is invalid or has expired.';
export const RESET_MAIL_SENT = 'If an account exists for that email, a password reset link has been sent.';

const tokenInvalid = () => new HttpError(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
const tokenBlacklisted = () => new HttpError(401, { detail: 'Token is blacklisted', code: 'token_not_valid' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** An address the account signed in from within this time is familiar: the account-wide ceiling spares it. */
const FAMILIAR_FOR_MS = 30 * 24 * HOUR;

function createLimits(counters: CounterStore, config: Config) {
  const limit = (name: string, max: number, windowMs: number) =>
    new FixedWindowLimit(counters, { name, max, windowMs }, () => clock.now());
  return {
    // REGISTER_RATE_LIMIT: registration attempts per client IP per hour. Failed attempts count as
    // well, so the "already exists" answers cannot be used to list accounts quickly.
    register: limit('register-ip', config.REGISTER_RATE_LIMIT, HOUR),
    // LOGIN_IP_RATE_LIMIT: login attempts per client IP per 15 minutes, right or wrong, against
    // password spraying across many accounts from one address.
    loginIp: limit('login-ip', config.LOGIN_IP_RATE_LIMIT, 15 * MINUTE),
    // Login failures are counted so that a stranger cannot lock the owner out (after Azure AD's smart
    // lockout): the hard limit is per account *and* client address, and the account-wide ceiling only
    // slows addresses the account has never signed in from. Unknown names are counted like accounts,
    // so a 429 does not reveal whether an account exists.
    // LOGIN_RATE_LIMIT: attempts per account per address per 15 minutes. A success clears the count;
    // past the limit even the right password is refused from that address until the window ends, so
    // the limit cannot be probed for a hit.
    loginPair: limit('login-pair', config.LOGIN_RATE_LIMIT, 15 * MINUTE),
    // LOGIN_ACCOUNT_RATE_LIMIT: attempts per account per 15 minutes from unfamiliar addresses, against
    // guessing from many addresses at once. Past it those addresses share one attempt per
    // LOGIN_SLOW_SECONDS; familiar addresses are not slowed.
    loginAccount: limit('login-account', config.LOGIN_ACCOUNT_RATE_LIMIT, 15 * MINUTE),
    loginSlow: limit('login-slow', 1, config.LOGIN_SLOW_SECONDS * 1000),
    // PASSWORD_RESET_RATE_LIMIT: reset mails requested per email address per hour, so nobody can
    // flood someone's inbox. Counted whether or not the address has an account, for the same reason.
    resetMail: limit('reset-mail', config.PASSWORD_RESET_RATE_LIMIT, HOUR),
    // PASSWORD_RESET_IP_RATE_LIMIT: forgot-password and reset-password requests together per client
    // IP per hour, against guessing reset tokens and probing addresses.
    resetIp: limit('reset-ip', config.PASSWORD_RESET_IP_RATE_LIMIT, HOUR),
  };
}

/** What the auth services need besides the database: settings, tokens, mail, and the throttles' counters. */
export interface AuthContext extends ServiceContext {
  config: Config;
  tokens: TokenService;
  mailer: Mailer;
  log: FastifyBaseLogger;
  counters: CounterStore;
  limits: ReturnType<typeof createLimits>;
  /** Reset mails on their way, so shutdown can wait for them. */
  pendingMails: Set<Promise<void>>;
}

export function createAuthContext(base: Omit<AuthContext, 'limits' | 'pendingMails'>): AuthContext {
  return { ...base, limits: createLimits(base.counters, base.config), pendingMails: new Set() };
}

// Addresses each account signed in from lately, kept in the same counter store as the limits.
const familiarKey = (userId: number, ip: string) => `login-familiar:${userId}@${ip}`;
const isFamiliar = async (ctx: AuthContext, userId: number, ip: string) =>
  (await ctx.counters.get(familiarKey(userId, ip))) !== null;
async function rememberAddress(ctx: AuthContext, userId: number, ip: string) {
  // Cleared first so the 30 days run from the latest sign-in, not the first.
  await ctx.counters.clear(familiarKey(userId, ip));
  await ctx.counters.increment(familiarKey(userId, ip), FAMILIAR_FOR_MS);
}

async function issuePair(ctx: AuthContext, userId: number, tx: Db = ctx.db): Promise<TokenPair> {
  // Real time, not the site's clock (which CLOCK_START may move): tokens are verified against the real
  // time (jose, and the database's now() for refresh tokens), so they must be issued on it too.
  const at = realNow();
  const [access, refresh] = await Promise.all([
    ctx.tokens.sign(userId, 'access', at),
    ctx.tokens.sign(userId, 'refresh', at),
  ]);
  await insertRefreshToken(tx, refresh.jti, userId, refresh.expiresAt);
  return { access: access.token, refresh: refresh.token };
}

async function verifyRefresh(ctx: AuthContext, token: string) {
  try {
    return await ctx.tokens.verify(token, 'refresh');
  } catch (err) {
    if (err instanceof InvalidTokenError) throw tokenInvalid();
    throw err;
  }
}

function resetMailText(ctx: AuthContext, user: Credentials, url: string): string {
  return [
    `Hello ${user.username},`,
    '',
    'Someone, hopefully you, asked to reset the password of your Paddock account.',
    `Open this link within ${ctx.config.PASSWORD_RESET_MINUTES} minutes to choose a new password:`,
    '',
    url,
    '',
    'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
  ].join('\n');
}

/**
 * Sent after the response: waiting for SMTP would make answers for existing addresses measurably
 * slower, and a mail server failure would tell them apart by a 500.
 */
function sendResetMail(ctx: AuthContext, user: Credentials) {
  const token = makeResetToken(ctx.config.SECRET_KEY, user, clock.now());
  const url = `${ctx.config.PUBLIC_URL}/reset-password/${encodeUid(user.id)}/${token}`;
  const sending = ctx.mailer
    .send({ to: user.email, subject: 'Reset your Paddock password', text: resetMailText(ctx, user, url) })
    .catch((err: unknown) => ctx.log.error({ err, userId: user.id }, 'password reset mail failed'))
    .finally(() => ctx.pendingMails.delete(sending));
  ctx.pendingMails.add(sending);
}

/**
 * Whether `password` is the one the stored hash was made from, for an action that asks for it again
 * (deleting the account). As slow for an unusable hash (a demo account) as for a wrong password.
 */
export function isAccountPassword(storedHash: string, password: string): Promise<boolean> {
  return verifyPassword(storedHash, password);
}

/** Lets shutdown wait for reset mails still on their way. */
export async function drainMail(ctx: AuthContext): Promise<void> {
  await Promise.allSettled([...ctx.pendingMails]);
}

export async function register(
  ctx: AuthContext,
  ip: string,
  body: RegisterBody,
): Promise<TokenPair & { user: CurrentUser }> {
  await ctx.limits.register.consume(ip);
  const errors = await takenIdentifierErrors(ctx, body.username, body.email, body.name);
  const problems = passwordProblems(body.password, body.username);
  if (problems.length > 0) errors.password = problems;
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);

  const passwordHash = await hashPassword(body.password);
  const userId = await createAccount(ctx, {
    username: body.username,
    email: body.email,
    name: body.name ?? '',
    passwordHash,
  });
  const pair = await issuePair(ctx, userId);
  return { ...pair, user: await getCurrentUser(ctx, userId) };
}

export async function login(ctx: AuthContext, ip: string, body: LoginBody): Promise<TokenPair> {
  const { limits } = ctx;
  await limits.loginIp.consume(ip);
  const user = await findCredentials(ctx, { login: body.username });
  const account = user ? `user:${user.id}` : `name:${body.username.toLowerCase()}`;
  await limits.loginPair.consume(`${account}@${ip}`);
  if (!(user && (await isFamiliar(ctx, user.id, ip))) && (await limits.loginAccount.countAndCheck(account))) {
    await limits.loginSlow.consume(account);
  }
  const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !ok) throw new HttpError(401, { detail: NO_ACTIVE_ACCOUNT });
  await Promise.all([limits.loginPair.reset(`${account}@${ip}`), rememberAddress(ctx, user.id, ip)]);
  await deleteExpiredRefreshTokens(ctx.db, user.id);
  return issuePair(ctx, user.id);
}

/**
 * Rotation: the presented token is revoked and a new pair issued in one transaction. A token
 * that was already revoked means someone holds a copy: every session of that user ends.
 */
export async function refresh(ctx: AuthContext, token: string): Promise<TokenPair> {
  const claims = await verifyRefresh(ctx, token);
  const rotated = await inTransaction(ctx.db, async (tx) => {
    const live = await revokeLiveRefreshToken(tx, claims.jti);
    return live ? { userId: live.userId, pair: await issuePair(ctx, live.userId, tx) } : null;
  });
  if (rotated) {
    // A session kept alive by refreshing alone never signs in again, so its old rows go here.
    await deleteExpiredRefreshTokens(ctx.db, rotated.userId);
    return rotated.pair;
  }
  const known = await findRefreshToken(ctx.db, claims.jti);
  if (known?.revokedAt) {
    await revokeAllRefreshTokens(ctx.db, known.userId);
    ctx.log.warn({ userId: known.userId }, 'revoked refresh token presented again: all sessions revoked');
    throw tokenBlacklisted();
  }
  throw tokenInvalid();
}

/** Idempotent: signing out with a token that is already revoked is still a sign-out. */
export async function logout(ctx: AuthContext, token: string): Promise<void> {
  const claims = await verifyRefresh(ctx, token);
  await revokeLiveRefreshToken(ctx.db, claims.jti);
}

export async function forgotPassword(ctx: AuthContext, ip: string, email: string): Promise<void> {
  await ctx.limits.resetIp.consume(ip);
  await ctx.limits.resetMail.consume(email.toLowerCase());
  const user = await findCredentials(ctx, { email });
  // Accounts without a usable password (demo accounts) cannot be taken over through a reset.
  if (user && isUsableHash(user.passwordHash)) sendResetMail(ctx, user);
}

export async function resetPassword(ctx: AuthContext, ip: string, body: ResetPasswordBody): Promise<void> {
  await ctx.limits.resetIp.consume(ip);
  const userId = decodeUid(body.uid);
  const user = userId === null ? null : await findCredentials(ctx, { id: userId });
  if (
    !user ||
    !isUsableHash(user.passwordHash) ||
    !checkResetToken(ctx.config.SECRET_KEY, user, body.token, clock.now(), ctx.config.PASSWORD_RESET_MINUTES)
  ) {
    throw badRequest(RESET_LINK_INVALID);
  }
  const problems = passwordProblems(body.password, user.username);
  if (problems.length > 0) throw fieldErrors({ password: problems });
  const newHash = await hashPassword(body.password);
  const changed = await inTransaction(ctx.db, async (tx) => {
    if (!(await swapPasswordHash(tx, user.id, user.passwordHash, newHash))) return false;
    await revokeAllRefreshTokens(tx, user.id);
    return true;
  });
  if (!changed) throw badRequest(RESET_LINK_INVALID);
  // Whoever resets is likely held back by failed attempts: the new password works from here now.
  await Promise.all([ctx.limits.loginPair.reset(`user:${user.id}@${ip}`), rememberAddress(ctx, user.id, ip)]);
}
