import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NULL_CHARACTER, UNPAIRED_SURROGATE } from '../../src/lib/text-input.ts';
import { bearer, registerUser } from '../support/auth.ts';
import { createDriver, createTeam } from '../support/factories/f1.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REGISTER_RATE_LIMIT: 1000 });
  await createDriver(t.database.db, { id: 'max-verstappen', firstName: 'Max', lastName: 'Verstappen' });
  await createTeam(t.database.db, { id: 'red-bull', name: 'Red Bull' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL character in query values and path parameters with a field error, without signing in', async () => {
    const cases: Array<[string, string]> = [
      ['/api/core/search/?q=a%00b', 'q'],
      ['/api/f1/races/?search=a%00b', 'search'],
      ['/api/f1/drivers/max%00verstappen/', 'id'],
      ['/api/f1/teams/red%00bull/', 'id'],
    ];
    for (const [url, field] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ [field]: [NULL_CHARACTER] });
    }
    // The same routes still answer for clean input.
    expect((await get('/api/f1/drivers/max-verstappen/')).statusCode).toBe(200);
    expect((await get('/api/core/search/?q=verstappen')).statusCode).toBe(200);
  });

  it('refuses a NUL character in sign-in and sign-up fields', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { username: 'a\u0000b', password: 'whatever it is' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ username: [NULL_CHARACTER] });

    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      payload: {
        username: 'nul_name',
        email: 'nul@example.com',
        password: 'slipstream into turn one',
        name: 'A\u0000B',
      },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toEqual({ name: [NULL_CHARACTER] });
    // Nothing was created: the username is still free.
    await registerUser(t, { username: 'nul_name' });
  });

  it('refuses NUL characters and unpaired surrogates in a profile edit and keeps the profile as it was', async () => {
    const user = await registerUser(t, { name: 'Lando' });
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/social/users/me/', headers: bearer(user.access), payload });
    expect((await patch({ bio: 'Papaya rules' })).statusCode).toBe(200);

    const nulBio = await patch({ bio: 'Papaya\u0000rules' });
    expect(nulBio.statusCode).toBe(400);
    expect(nulBio.json()).toEqual({ bio: [NULL_CHARACTER] });

    const nulName = await patch({ name: 'La\u0000ndo', bio: 'new bio' });
    expect(nulName.statusCode).toBe(400);
    expect(nulName.json()).toEqual({ name: [NULL_CHARACTER] });

    // JSON.stringify would escape a lone surrogate as \ud83c, which JSON.parse turns back into one.
    const surrogate = await t.app.inject({
      method: 'PATCH',
      url: '/api/social/users/me/',
      headers: { ...bearer(user.access), 'content-type': 'application/json' },
      payload: '{"bio": "flag \\ud83c"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toEqual({ bio: [UNPAIRED_SURROGATE] });

    const me = await t.app.inject({ method: 'GET', url: '/api/social/users/me/', headers: bearer(user.access) });
    expect(me.json()).toMatchObject({ name: 'Lando', bio: 'Papaya rules' });
  });

  it('accepts emoji and other well-formed Unicode as it is', async () => {
    const user = await registerUser(t);
    // Invisible formatting characters such as U+202E are refused in bios (decision 021), not here.
    const bio = 'Forza 🇮🇹 — Ferrari ❤️ Ünïcødé';
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/social/users/me/',
      headers: bearer(user.access),
      payload: { bio },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bio: bio.trim() });
  });

  it('refuses a NUL character hidden in a key or deep inside a body', async () => {
    const user = await registerUser(t);
    const deep = await t.app.inject({
      method: 'PATCH',
      url: '/api/social/users/me/',
      headers: bearer(user.access),
      payload: { bio: 'fine', extra: [{ nested: ['x\u0000'] }] },
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ extra: [NULL_CHARACTER] });

    const key = await t.app.inject({
      method: 'PATCH',
      url: '/api/social/users/me/',
      headers: bearer(user.access),
      payload: { 'bi\u0000o': 'x' },
    });
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual({ non_field_errors: [NULL_CHARACTER] });
  });

  it('answers a body nested thousands of levels deep with a 400, not a crash', async () => {
    const payload = `{"username": ${'['.repeat(5000)}${']'.repeat(5000)}, "password": "x"}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<object>())).toEqual(['username']);
  });
});

describe('bodies', () => {
  it('takes valid JSON with a "__proto__" key as the JSON it is, without that key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"is_admin": true}, "username": "nobody_here", "password": "wrong password"}',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'No active account found with the given credentials' });
  });

  it('answers a body over the size limit with a DRF-shaped 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Request body is too large.' });
  });
});

describe('methods', () => {
  it('answers a method a path does not take with 405 and the methods it does take', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/api/f1/races/' });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD');
    expect(put.json()).toEqual({ detail: 'Method "PUT" not allowed.' });

    const getLogin = await get('/api/auth/login/');
    expect(getLogin.statusCode).toBe(405);
    expect(getLogin.headers.allow).toBe('POST');
    expect(getLogin.json()).toEqual({ detail: 'Method "GET" not allowed.' });

    const putMe = await t.app.inject({ method: 'PUT', url: '/api/social/users/me' });
    expect(putMe.statusCode).toBe(405);
    expect(putMe.headers.allow).toBe('GET, HEAD, PATCH, DELETE');
  });

  it('still answers a path no route has with 404', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/f1/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers 404, not 405, when a route of the right method finds nothing', async () => {
    const res = await get('/api/docs/static/no-such-file.js');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('malformed URLs', () => {
  it('answers a path that is not valid UTF-8 in the DRF shape', async () => {
    const res = await get('/api/f1/drivers/%ff%fe/');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed URL: the path is not valid percent-encoded UTF-8.' });
  });

  it('answers a path parameter of 5,000 characters in the DRF shape', async () => {
    const res = await get(`/api/f1/drivers/${'a'.repeat(5000)}/`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ detail: 'Request-URI too long.' });
  });
});
