import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../src/lib/clock.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { login, resetLinkIn } from '../support/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    REGISTER_RATE_LIMIT: 2,
    LOGIN_RATE_LIMIT: 2,
    LOGIN_ACCOUNT_RATE_LIMIT: 3,
    LOGIN_SLOW_SECONDS: 10,
    LOGIN_IP_RATE_LIMIT: 4,
    PASSWORD_RESET_RATE_LIMIT: 2,
    PASSWORD_RESET_IP_RATE_LIMIT: 3,
  });
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

// Each test speaks from its own address so the per-IP windows of one do not leak into another.
let lastOctet = 10;
const newIp = () => `203.0.113.${lastOctet++}`;

/** A registered account, created from an address of its own so the register limit stays untouched. */
async function account() {
  const ip = newIp();
  const username = `driver_${ip.split('.').pop()}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    remoteAddress: ip,
    payload: { username, email: `${username}@example.com`, password: 'hairpin at the loews' },
  });
  expect(res.statusCode).toBe(201);
  return { username, email: `${username}@example.com`, password: 'hairpin at the loews' };
}

function expectThrottled(res: LightMyRequestResponse, windowSeconds: number) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(windowSeconds - 60);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(res.json()).toEqual({ detail: `Request was throttled. Expected available in ${retryAfter} seconds.` });
}

const forgot = (email: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password/', remoteAddress: ip, payload: { email } });

describe('registration throttling (REGISTER_RATE_LIMIT per IP per hour)', () => {
  it('refuses a third sign-up from one address within the hour, but not from another', async () => {
    const ip = newIp();
    const signUp = (n: number, from = ip) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register/',
        remoteAddress: from,
        payload: { username: `grid_${n}`, email: `grid_${n}@example.com`, password: 'formation lap now' },
      });
    expect((await signUp(1)).statusCode).toBe(201);
    expect((await signUp(2)).statusCode).toBe(201);
    expectThrottled(await signUp(3), 3600);
    expect((await signUp(4, newIp())).statusCode).toBe(201);

    vi.spyOn(clock, 'now').mockReturnValue(Date.now() + 3600_000);
    expect((await signUp(5)).statusCode).toBe(201);
  });
});

describe('login throttling per account and address (LOGIN_RATE_LIMIT per 15 minutes)', () => {
  it('refuses even the right password from an address with too many failures, until the window passes', async () => {
    const user = await account();
    const ip = newIp();
    expect((await login(t, user.username, 'wrong guess one', ip)).statusCode).toBe(401);
    expect((await login(t, user.email, 'wrong guess two', ip)).statusCode).toBe(401);
    expectThrottled(await login(t, user.username, user.password, ip), 900);

    vi.spyOn(clock, 'now').mockReturnValue(Date.now() + 15 * 60_000);
    expect((await login(t, user.username, user.password, ip)).statusCode).toBe(200);
  });

  it('does not let a stranger lock the owner out: the owner signs in from their own address', async () => {
    const user = await account();
    const stranger = newIp();
    for (const guess of ['monaco', 'silverstone', 'suzuka']) await login(t, user.username, guess, stranger);
    expect((await login(t, user.username, user.password, stranger)).statusCode).toBe(429);
    expect((await login(t, user.username, user.password, newIp())).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const user = await account();
    const ip = newIp();
    for (let round = 0; round < 2; round++) {
      expect((await login(t, user.username, 'typo in password', ip)).statusCode).toBe(401);
      expect((await login(t, user.username, user.password, ip)).statusCode).toBe(200);
    }
  });

  it('throttles unknown names the same way, so a 429 does not reveal an account', async () => {
    const ip = newIp();
    expect((await login(t, 'ghost_driver', 'anything at all', ip)).statusCode).toBe(401);
    expect((await login(t, 'ghost_driver', 'anything at all', ip)).statusCode).toBe(401);
    expectThrottled(await login(t, 'GHOST_DRIVER', 'anything at all', ip), 900);
  });

  it('lets a password reset unlock the address at once', async () => {
    const user = await account();
    const ip = newIp();
    await login(t, user.username, 'wrong guess one', ip);
    await login(t, user.username, 'wrong guess two', ip);
    expect((await login(t, user.username, user.password, ip)).statusCode).toBe(429);

    const before = t.outbox().length;
    expect((await forgot(user.email, newIp())).statusCode).toBe(200);
    const mail = await vi.waitFor(() => {
      expect(t.outbox().length).toBe(before + 1);
      return t.outbox()[before] ?? '';
    });
    const link = resetLinkIn(mail, t.config.PUBLIC_URL);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/',
      remoteAddress: ip,
      payload: { uid: link.uid, token: link.token, password: 'fresh start again' },
    });
    expect(res.statusCode).toBe(200);
    expect((await login(t, user.username, 'fresh start again', ip)).statusCode).toBe(200);
  });
});

describe('login throttling per account from many addresses (LOGIN_ACCOUNT_RATE_LIMIT per 15 minutes)', () => {
  it('slows guesses from unfamiliar addresses past the ceiling to one per LOGIN_SLOW_SECONDS, without locking out', async () => {
    const user = await account();
    const start = Date.now();
    for (let i = 0; i < 3; i++) expect((await login(t, user.username, `guess ${i}`, newIp())).statusCode).toBe(401);

    // Past the ceiling, one attempt goes through, the next waits for the slow window.
    expect((await login(t, user.username, 'guess 4', newIp())).statusCode).toBe(401);
    const slowed = await login(t, user.username, user.password, newIp());
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(10);

    vi.spyOn(clock, 'now').mockReturnValue(start + 11_000);
    expect((await login(t, user.username, user.password, newIp())).statusCode).toBe(200);
  });

  it('never slows an address the owner signed in from before', async () => {
    const user = await account();
    const home = newIp();
    expect((await login(t, user.username, user.password, home)).statusCode).toBe(200);
    for (let i = 0; i < 6; i++) await login(t, user.username, `botnet guess ${i}`, newIp());
    expect((await login(t, user.username, user.password, newIp())).statusCode).toBe(429);

    expect((await login(t, user.username, user.password, home)).statusCode).toBe(200);
    expect((await login(t, user.username, 'owner typo', home)).statusCode).toBe(401);
    expect((await login(t, user.username, user.password, home)).statusCode).toBe(200);
  });
});

describe('login throttling per address (LOGIN_IP_RATE_LIMIT attempts per 15 minutes)', () => {
  it('refuses a fifth attempt from one address, whichever accounts it tries', async () => {
    const user = await account();
    const ip = newIp();
    expect((await login(t, 'someone_a', 'guess', ip)).statusCode).toBe(401);
    expect((await login(t, 'someone_b', 'guess', ip)).statusCode).toBe(401);
    expect((await login(t, user.username, user.password, ip)).statusCode).toBe(200);
    expect((await login(t, 'someone_c', 'guess', ip)).statusCode).toBe(401);
    expectThrottled(await login(t, user.username, user.password, ip), 900);
    expect((await login(t, user.username, user.password, newIp())).statusCode).toBe(200);
  });
});

describe('password reset throttling', () => {
  it('sends at most PASSWORD_RESET_RATE_LIMIT mails per address per hour, even from many IPs', async () => {
    const user = await account();
    const before = t.outbox().length;
    expect((await forgot(user.email, newIp())).statusCode).toBe(200);
    expect((await forgot(user.email.toUpperCase(), newIp())).statusCode).toBe(200);
    expectThrottled(await forgot(user.email, newIp()), 3600);
    await vi.waitFor(() => expect(t.outbox().length).toBe(before + 2));
  });

  it('answers an unknown email with the same 429 once its limit is reached', async () => {
    expect((await forgot('nobody.home@example.com', newIp())).statusCode).toBe(200);
    expect((await forgot('nobody.home@example.com', newIp())).statusCode).toBe(200);
    expectThrottled(await forgot('nobody.home@example.com', newIp()), 3600);
  });

  it('counts forgot and reset requests together per IP (PASSWORD_RESET_IP_RATE_LIMIT)', async () => {
    const ip = newIp();
    expect((await forgot('first@example.com', ip)).statusCode).toBe(200);
    expect((await forgot('second@example.com', ip)).statusCode).toBe(200);
    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/',
        remoteAddress: ip,
        payload: { uid: 'MQ', token: 'abc-def', password: 'guessing tokens' },
      });
    expect((await reset()).statusCode).toBe(400);
    expectThrottled(await reset(), 3600);
    expectThrottled(await forgot('third@example.com', ip), 3600);
  });
});
