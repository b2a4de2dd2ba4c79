import type { Db } from '../../src/db/client.ts';
import { createRace, DAY } from './factories/f1.ts';
import { signedIn, type TestUser } from './factories/users.ts';
import type { TestApp } from './test-app.ts';

/*
 * Calls to the social API as a given user (or a guest), for the reviews, comments, likes, follows and
 * feed tests: `const as = caller(t); await as(lena).post('/api/core/reviews/', {...})`.
 */

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function caller(t: TestApp) {
  const headers = new Map<number, { authorization: string }>();
  const headerOf = async (user: TestUser | null) => {
    if (user === null) return {};
    if (!headers.has(user.id)) headers.set(user.id, await signedIn(t, user));
    return headers.get(user.id)!;
  };
  return (user: TestUser | null) => {
    const send = async <T>(method: Method, url: string, payload?: object): Promise<Answer<T>> => {
      const res = await t.app.inject({ method, url, headers: await headerOf(user), ...(payload ? { payload } : {}) });
      return { status: res.statusCode, body: (res.body ? res.json() : null) as T };
    };
    return {
      get: <T = unknown>(url: string) => send<T>('GET', url),
      post: <T = unknown>(url: string, payload: object) => send<T>('POST', url, payload),
      patch: <T = unknown>(url: string, payload: object) => send<T>('PATCH', url, payload),
      delete: <T = unknown>(url: string) => send<T>('DELETE', url),
    };
  };
}

/** A race that ran `daysAgo` days ago (completed by the start-time rule). */
export function pastRace(db: Db, daysAgo = 7) {
  return createRace(db, { startsAt: new Date(Math.floor((Date.now() - daysAgo * DAY) / 3_600_000) * 3_600_000) });
}
