import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as AuthQueries from '../../src/modules/auth/queries.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Two sign-ups can both pass the "is it taken?" lookup before either inserts. Skipping the lookup
// here makes the unique indexes the only guard, as they are for the slower of two such requests.
vi.mock('../../src/modules/auth/queries.ts', async (importOriginal) => {
  const original = await importOriginal<typeof AuthQueries>();
  return { ...original, takenIdentifiers: async () => ({ username: false, email: false }) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (username: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    payload: { username, email, password: 'safety car deployed' },
  });

describe('a sign-up that loses a race for its name', () => {
  it('gets the usual field error for the username, not a server error', async () => {
    expect((await register('photo_finish', 'first@example.com')).statusCode).toBe(201);
    const res = await register('PHOTO_FINISH', 'second@example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: ['A user with that username already exists.'] });
  });

  it('gets the usual field error for the email, not a server error', async () => {
    const res = await register('another_name', 'First@Example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['A user with that email already exists.'] });
  });
});
