import type { Db } from '../../../src/db/client.ts';
import { createEventBus } from '../../../src/lib/events.ts';
import { hashPassword, unusablePasswordHash } from '../../../src/modules/auth/passwords.ts';
import { createAccount } from '../../../src/modules/users/service.ts';
import type { TestApp } from '../test-app.ts';

/*
 * Accounts for tests that do not exercise sign-up: createUser(db, {...}) inserts one through the users
 * service (so counters start at zero, as for a real account) and `signedIn` gives it a Bearer header.
 * Nobody can sign in to them with a password, unless one is given. No app hears of them (no `user.card_changed` reaches a
 * search cache): tests that search for a user create it before searching.
 */

let seq = 0;
const unheard = createEventBus(console);

export interface TestUser {
  id: number;
  username: string;
  isPrivate: boolean;
}

export async function createUser(
  db: Db,
  overrides: { username?: string; name?: string; isPrivate?: boolean; bio?: string; password?: string } = {},
): Promise<TestUser> {
  seq += 1;
  const username = overrides.username ?? `fan_${seq}`;
  const isPrivate = overrides.isPrivate ?? false;
  const id = await createAccount(
    { db, events: unheard },
    {
      username,
      email: `${username}@example.com`,
      name: overrides.name ?? `Fan ${seq}`,
      bio: overrides.bio ?? '',
      isPrivate,
      passwordHash: overrides.password === undefined ? unusablePasswordHash() : await hashPassword(overrides.password),
    },
  );
  return { id, username, isPrivate };
}

/** The Authorization header of a signed-in user, with a token the app itself signed. */
export async function signedIn(t: TestApp, user: { id: number }): Promise<{ authorization: string }> {
  const { token } = await t.app.tokens.sign(user.id, 'access');
  return { authorization: `Bearer ${token}` };
}
