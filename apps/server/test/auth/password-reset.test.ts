import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../src/lib/clock.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { login, mailText, registerUser, resetLinkIn, type RegisteredUser } from '../support/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_URL: 'https://paddock.example',
    REGISTER_RATE_LIMIT: 1000,
    PASSWORD_RESET_IP_RATE_LIMIT: 1000,
  });
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const SENT = { detail: 'If an account exists for that email, a password reset link has been sent.' };
const INVALID_LINK = { detail: 'The reset link is invalid or has expired.' };

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password/', payload: { email } });
const reset = (payload: { uid: string; token: string; password: string }) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password/', payload });

/** Asks for a reset link and returns it from the mail, which is sent after the response. */
async function requestLink(user: RegisteredUser) {
  const before = t.outbox().length;
  const res = await forgot(user.email.toUpperCase());
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual(SENT);
  const mail = await vi.waitFor(() => {
    const mails = t.outbox();
    expect(mails.length).toBe(before + 1);
    return mails[mails.length - 1] ?? '';
  });
  expect(mailText(mail)).toContain(`To: ${user.email}`);
  return resetLinkIn(mail, t.config.PUBLIC_URL);
}

describe('forgotten passwords', () => {
  it('mails a reset link to the account and answers the same for an unknown email', async () => {
    const user = await registerUser(t);
    const unknown = await forgot('nobody@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(SENT);

    const link = await requestLink(user);
    expect(link.url.startsWith('https://paddock.example/reset-password/')).toBe(true);
    // Only the real account got a mail.
    expect(t.outbox().filter((m) => m.includes('nobody@example.com'))).toEqual([]);
  });

  it('sets a new password from the link and signs the account out everywhere', async () => {
    const user = await registerUser(t);
    const link = await requestLink(user);
    const res = await reset({ uid: link.uid, token: link.token, password: 'new tyres new pace' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Your password has been reset.' });

    expect((await login(t, user.username, user.password)).statusCode).toBe(401);
    expect((await login(t, user.username, 'new tyres new pace')).statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token-refresh/',
      payload: { refresh: user.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('accepts a link only once', async () => {
    const user = await registerUser(t);
    const link = await requestLink(user);
    expect((await reset({ ...link, password: 'first new password' })).statusCode).toBe(200);
    const again = await reset({ ...link, password: 'second new password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
    expect((await login(t, user.username, 'first new password')).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link succeed', async () => {
    const user = await registerUser(t);
    const link = await requestLink(user);
    const results = await Promise.all([
      reset({ ...link, password: 'parallel one wins' }),
      reset({ ...link, password: 'parallel two wins' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('accepts a link shortly before it expires and refuses it after PASSWORD_RESET_MINUTES', async () => {
    const user = await registerUser(t);
    const link = await requestLink(user);
    const issued = Date.now();

    vi.spyOn(clock, 'now').mockReturnValue(issued + 61 * 60_000);
    const late = await reset({ ...link, password: 'too late for this' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(INVALID_LINK);

    vi.spyOn(clock, 'now').mockReturnValue(issued + 59 * 60_000);
    expect((await reset({ ...link, password: 'just in time here' })).statusCode).toBe(200);
  });

  it('refuses a tampered token or uid', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const link = await requestLink(user);
    const flipped = link.token.slice(0, -1) + (link.token.endsWith('A') ? 'B' : 'A');
    const otherUid = Buffer.from(String(other.user.id)).toString('base64url');
    for (const attempt of [
      { uid: link.uid, token: flipped },
      { uid: otherUid, token: link.token },
      { uid: 'not-a-uid!', token: link.token },
      { uid: link.uid, token: 'garbage' },
    ]) {
      const res = await reset({ ...attempt, password: 'hopeful new password' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID_LINK);
    }
    expect((await reset({ ...link, password: 'the real new password' })).statusCode).toBe(200);
  });

  it('holds the new password to the registration rules and keeps the link usable', async () => {
    const user = await registerUser(t, { username: 'george_r' });
    const link = await requestLink(user);
    const common = await reset({ ...link, password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ password: ['This password is too common.'] });

    const similar = await reset({ ...link, password: 'george_r_63' });
    expect(similar.json()).toEqual({ password: ['The password is too similar to the username.'] });

    const short = await reset({ ...link, password: 'short' });
    expect(short.json()).toEqual({ password: ['This password is too short. It must contain at least 8 characters.'] });

    expect((await reset({ ...link, password: 'mercedes silver arrow' })).statusCode).toBe(200);
  });

  it('asks for a valid email', async () => {
    const res = await forgot('not an email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Enter a valid email address.'] });
  });
});
