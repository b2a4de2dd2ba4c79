import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '@paddock/contract';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { bearer, registerUser } from '../support/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REGISTER_RATE_LIMIT: 1000 });
});
afterAll(() => t.close());

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register/', payload: payload as object });

describe('registration', () => {
  it('creates an account, signs it in and returns the new user', async () => {
    const res = await register({
      username: 'Lewis_Fan',
      email: 'lewis@example.com',
      password: 'seven world titles',
      name: ' Lewis Fan ',
    });
    expect(res.statusCode).toBe(201);
    const body = authResponseSchema.parse(res.json());
    expect(body.user).toMatchObject({
      username: 'Lewis_Fan',
      email: 'lewis@example.com',
      name: 'Lewis Fan',
      bio: '',
      profile_picture: null,
      is_private: false,
      total_reviews: 0,
      following_count: 0,
      followers_count: 0,
    });
    expect(new Date(body.user.created_at).toISOString()).toBe(body.user.created_at);

    const me = await t.app.inject({ method: 'GET', url: '/api/social/users/me/', headers: bearer(body.access) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.user);
  });

  it('refuses a username that exists in another letter case', async () => {
    await registerUser(t, { username: 'MaxFan33' });
    const res = await register({ username: 'maxfan33', email: 'other@example.com', password: 'orange army roar' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: ['A user with that username already exists.'] });
  });

  it('refuses an email that exists in another letter case', async () => {
    await registerUser(t, { email: 'Charles@Example.com' });
    const res = await register({
      username: 'charles_fan',
      email: 'charles@example.COM',
      password: 'forza ferrari always',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['A user with that email already exists.'] });
  });

  it('lists every problem of the form at once', async () => {
    const first = await registerUser(t);
    const res = await register({ username: first.username, email: first.email, password: 'password123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      username: ['A user with that username already exists.'],
      email: ['A user with that email already exists.'],
      password: ['This password is too common.'],
    });
  });

  it('refuses common passwords whatever their letter case', async () => {
    for (const password of ['Password1', 'QWERTY123', 'formula1', 'iloveyou']) {
      const res = await register({ username: 'common_pw', email: 'common@example.com', password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual({ password: ['This password is too common.'] });
    }
  });

  it('refuses a password that is the username in disguise', async () => {
    for (const password of ['kimi_iceman', 'KIMI_ICEMAN2007', 'kimi.iceman!', 'the kimi_iceman']) {
      const res = await register({ username: 'kimi_iceman', email: 'kimi@example.com', password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual({ password: ['The password is too similar to the username.'] });
    }
  });

  it('explains the shape rules of each field', async () => {
    const res = await register({ username: 'ab', email: 'not-an-email', password: '1234567890' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      username: ['Username must be at least 3 characters.'],
      email: ['Enter a valid email address.'],
      password: ['This password is entirely numeric.'],
    });

    const symbols = await register({ username: 'no-dashes', email: 'a@example.com', password: 'short' });
    expect(symbols.json()).toEqual({
      username: ['Username may contain only letters, digits, _ and .'],
      password: ['This password is too short. It must contain at least 8 characters.'],
    });
  });

  it('asks for the missing fields', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      username: ['This field is required.'],
      email: ['This field is required.'],
      password: ['This field is required.'],
    });
  });

  it('answers malformed JSON with 400, not a server error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "broken",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'JSON parse error - the request body is not valid JSON.' });
  });

  it('refuses a body that is not JSON', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      headers: { 'content-type': 'application/xml' },
      payload: '<username>someone</username>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ detail: 'Unsupported media type "application/xml" in request.' });

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=someone',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });
  });

  it('lets only one of two simultaneous sign-ups take a username', async () => {
    const attempt = (email: string) => register({ username: 'same_time', email, password: 'lights out and away' });
    const results = await Promise.all([attempt('one@example.com'), attempt('two@example.com')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)?.json()).toEqual({
      username: ['A user with that username already exists.'],
    });
  });

  it('answers without the trailing slash too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'no_slash', email: 'no_slash@example.com', password: 'drs zone open' },
    });
    expect(res.statusCode).toBe(201);
  });
});
