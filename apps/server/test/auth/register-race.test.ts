import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/lib/errors.ts';
import { createAccount } from '../../src/modules/users/service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Two sign-ups can both pass the "is it taken?" lookup before either inserts (the password hash is
 * computed between the two). Then the unique indexes are the only guard, and the slower of the two
 * must get the usual field error, not a server error.
 */

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

/** What inserting an account answers once the lookup has been passed (the race's second sign-up). */
async function insertAfterLookup(username: string, email: string): Promise<unknown> {
  try {
    await createAccount(
      { db: t.database.db, events: t.app.events },
      { username, email, name: '', passwordHash: 'not a real hash' },
    );
    return 'inserted';
  } catch (error) {
    return error instanceof HttpError ? { status: error.statusCode, body: error.body } : error;
  }
}

describe('a sign-up that loses a race for its name', () => {
  it('gets the usual field error for the username, not a server error', async () => {
    expect((await register('photo_finish', 'first@example.com')).statusCode).toBe(201);
    expect(await insertAfterLookup('PHOTO_FINISH', 'second@example.com')).toEqual({
      status: 400,
      body: { username: ['A user with that username already exists.'] },
    });
  });

  it('gets the usual field error for the email, not a server error', async () => {
    expect(await insertAfterLookup('another_name', 'First@Example.com')).toEqual({
      status: 400,
      body: { email: ['A user with that email already exists.'] },
    });
  });

  it('answers two sign-ups sent at once for one name with one account and one field error', async () => {
    const answers = await Promise.all([register('pit_wall', 'a@example.com'), register('Pit_Wall', 'b@example.com')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.statusCode === 400)?.json()).toEqual({
      username: ['A user with that username already exists.'],
    });
  });
});
