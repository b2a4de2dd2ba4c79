import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenPairSchema, type TokenPair } from '@paddock/contract';
import { refreshTokens } from '../../src/db/schema/index.ts';
import { clock, startClockAt } from '../../src/lib/clock.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { bearer, login, registerUser, type RegisteredUser } from '../support/auth.ts';

let t: TestApp;
let lena: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp({ REGISTER_RATE_LIMIT: 1000 });
  lena = await registerUser(t, {
    username: 'Lena_F',
    email: 'Lena.Fischer@example.com',
    password: 'monza temple of speed',
  });
});
afterAll(() => t.close());

const NO_ACCOUNT = { detail: 'No active account found with the given credentials' };

describe('signing in', () => {
  it('works with the username in any letter case and returns a token pair', async () => {
    const res = await login(t, 'lena_f', lena.password);
    expect(res.statusCode).toBe(200);
    const pair = tokenPairSchema.strict().parse(res.json());
    const me = await t.app.inject({ method: 'GET', url: '/api/social/users/me/', headers: bearer(pair.access) });
    expect(me.json<{ username: string }>().username).toBe('Lena_F');
  });

  it('works with the email in any letter case', async () => {
    const res = await login(t, 'LENA.FISCHER@example.COM', lena.password);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password with the same message as an unknown account', async () => {
    const wrong = await login(t, 'Lena_F', 'monza temple of speeed');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(NO_ACCOUNT);

    const unknown = await login(t, 'nobody_here', lena.password);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(NO_ACCOUNT);

    const unknownEmail = await login(t, 'nobody@example.com', lena.password);
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json()).toEqual(NO_ACCOUNT);
  });

  it('takes about as long for an unknown account as for a wrong password', async () => {
    const time = async (username: string) => {
      const start = performance.now();
      await login(t, username, 'not the password at all');
      return performance.now() - start;
    };
    await time('nobody_warmup');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await time('Lena_F'));
      unknown.push(await time(`nobody_${i}`));
    }
    // The fastest of each: a busy machine only ever adds time, so the minimum is what the work costs.
    // Without the dummy Argon2 run an unknown name answers in a fraction of the time.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.5);
  });

  it('asks for both fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { username: '', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      username: ['This field may not be blank.'],
      password: ['This field may not be blank.'],
    });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{username: lena}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'JSON parse error - the request body is not valid JSON.' });
  });

  it('does not accept a refresh token as an access token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/social/users/me/', headers: bearer(lena.refresh) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Given token not valid for any token type', code: 'token_not_valid' });
  });
});

const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/token-refresh/', payload: { refresh: token } });
const logout = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout/', payload: { refresh: token } });
const me = (access: string) => t.app.inject({ method: 'GET', url: '/api/social/users/me/', headers: bearer(access) });

const BLACKLISTED = { detail: 'Token is blacklisted', code: 'token_not_valid' };
const INVALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };

async function freshPair(user: RegisteredUser): Promise<TokenPair> {
  const res = await login(t, user.username, user.password);
  return tokenPairSchema.parse(res.json());
}

describe('a site clock moved by CLOCK_START', () => {
  it('issues tokens on the real time, so they live exactly their lifetime', async () => {
    const realNow = clock.now;
    startClockAt(Date.now() + 4 * 24 * 3600_000);
    try {
      const res = await login(t, 'Lena_F', lena.password);
      expect(res.statusCode).toBe(200);
      const pair = tokenPairSchema.parse(res.json());
      const access = decodeJwt(pair.access);
      const refreshToken = decodeJwt(pair.refresh);
      const now = Math.floor(Date.now() / 1000);
      expect(Math.abs(access.iat! - now)).toBeLessThanOrEqual(5);
      expect(access.exp! - access.iat!).toBe(t.config.ACCESS_TOKEN_MINUTES * 60);
      expect(refreshToken.exp! - now).toBeLessThanOrEqual(t.config.REFRESH_TOKEN_DAYS * 24 * 3600 + 5);
      expect((await refresh(pair.refresh)).statusCode).toBe(200);
    } finally {
      clock.now = realNow;
    }
  });
});

describe('refreshing the session', () => {
  it('gives a new working pair for a refresh token', async () => {
    const user = await registerUser(t);
    const res = await refresh(user.refresh);
    expect(res.statusCode).toBe(200);
    const pair = tokenPairSchema.strict().parse(res.json());
    expect(pair.refresh).not.toBe(user.refresh);
    expect((await me(pair.access)).statusCode).toBe(200);
    expect((await refresh(pair.refresh)).statusCode).toBe(200);
  });

  it('refuses a refresh token once it has been exchanged', async () => {
    const user = await registerUser(t);
    expect((await refresh(user.refresh)).statusCode).toBe(200);
    const again = await refresh(user.refresh);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(BLACKLISTED);
  });

  it('ends every session of a user whose old refresh token is presented again', async () => {
    const user = await registerUser(t);
    const otherDevice = await freshPair(user);
    const rotated = tokenPairSchema.parse((await refresh(user.refresh)).json());

    // Someone replays the stolen, already rotated token.
    expect((await refresh(user.refresh)).json()).toEqual(BLACKLISTED);

    expect((await refresh(rotated.refresh)).json()).toEqual(BLACKLISTED);
    expect((await refresh(otherDevice.refresh)).json()).toEqual(BLACKLISTED);
    // Signing in again still works.
    expect((await login(t, user.username, user.password)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous refreshes with the same token succeed', async () => {
    const user = await registerUser(t);
    const results = await Promise.all([refresh(user.refresh), refresh(user.refresh)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses garbage, an access token and a token signed with another key', async () => {
    const user = await registerUser(t);
    for (const token of ['not-a-jwt', user.access]) {
      const res = await refresh(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID);
    }
    const forged = await new SignJWT({ token_type: 'refresh', user_id: user.user.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.user.id))
      .setJti('forged')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another key that is long enough to be used here'));
    expect((await refresh(forged)).json()).toEqual(INVALID);
  });

  it('refuses an access token from the second it expires, though it was accepted just before', async () => {
    const user = await registerUser(t);
    // Signed so that it expires at the next whole second but one.
    const lifetime = 30 * 60_000;
    const expiresAt = (Math.floor(Date.now() / 1000) + 2) * 1000;
    const access = await t.app.tokens.sign(user.user.id, 'access', expiresAt - lifetime);
    const me = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/social/users/me/',
        headers: { authorization: `Bearer ${access.token}` },
      });
    expect((await me()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt - Date.now()));
    const late = await me();
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('refuses an expired refresh token', async () => {
    const user = await registerUser(t);
    const eightDaysAgo = Date.now() - 8 * 24 * 3600 * 1000;
    const old = await t.app.tokens.sign(user.user.id, 'refresh', eightDaysAgo);
    await t.database.db.insert(refreshTokens).values({ jti: old.jti, userId: user.user.id, expiresAt: old.expiresAt });
    const res = await refresh(old.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });

  it('refuses a well-signed refresh token the server never issued', async () => {
    const user = await registerUser(t);
    const unknown = await t.app.tokens.sign(user.user.id, 'refresh');
    expect((await refresh(unknown.token)).json()).toEqual(INVALID);
  });

  it('drops long-expired tokens of the user as the session goes on', async () => {
    const user = await registerUser(t);
    const longAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    await t.database.db
      .insert(refreshTokens)
      .values({ jti: `old-${user.user.id}`, userId: user.user.id, expiresAt: longAgo });
    expect((await refresh(user.refresh)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.user.id));
    expect(rows.map((r) => r.jti)).not.toContain(`old-${user.user.id}`);
    expect(rows).toHaveLength(2);
  });

  it('asks for the refresh token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/token-refresh/', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ refresh: ['This field is required.'] });
  });
});

describe('signing out', () => {
  it('revokes the refresh token it is given and no other', async () => {
    const user = await registerUser(t);
    const otherDevice = await freshPair(user);
    const res = await logout(user.refresh);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Successfully logged out.' });

    const [row] = await t.database.db
      .select({ revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.jti, decodeJwt(user.refresh).jti ?? ''));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect((await refresh(otherDevice.refresh)).statusCode).toBe(200);
  });

  it('makes the signed-out refresh token useless', async () => {
    const user = await registerUser(t);
    await logout(user.refresh);
    const res = await refresh(user.refresh);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(BLACKLISTED);
  });

  it('succeeds again for a token already signed out', async () => {
    const user = await registerUser(t);
    expect((await logout(user.refresh)).statusCode).toBe(200);
    expect((await logout(user.refresh)).statusCode).toBe(200);
  });

  it('refuses a token that is not a refresh token', async () => {
    const res = await logout('garbage');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });
});
