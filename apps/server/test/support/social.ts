import type { Db } from '../../src/db/client.ts';
import { createRace, DAY } from './factories/f1.ts';
import { signedIn, type TestUser } from './factories/users.ts';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

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
      delete: <T = unknown>(url: string, payload?: object) => send<T>('DELETE', url, payload),
    };
  };
}

/** A race that ran `daysAgo` days ago (completed by the start-time rule). */
export function pastRace(db: Db, daysAgo = 7) {
  return createRace(db, { startsAt: new Date(Math.floor((Date.now() - daysAgo * DAY) / 3_600_000) * 3_600_000) });
}

/**
 * The real app for the file or `describe` block that calls this (built before its tests, closed after
 * them), and `as(user)` to call it as someone: `const { t, as } = appForTests();`.
 */
export function appForTests(): { t: TestApp; as: ReturnType<typeof caller> } {
  let current: { t: TestApp; as: ReturnType<typeof caller> } | null = null;
  beforeAll(async () => {
    const t = await createTestApp();
    current = { t, as: caller(t) };
  });
  afterAll(() => current?.t.close());
  const built = () => {
    if (!current) throw new Error('the test app is built before the tests (beforeAll)');
    return current;
  };
  const t: TestApp = {
    get app() {
      return built().t.app;
    },
    get database() {
      return built().t.database;
    },
    get config() {
      return built().t.config;
    },
    outbox: () => built().t.outbox(),
    close: () => built().t.close(),
  };
  return { t, as: (user) => built().as(user) };
}
