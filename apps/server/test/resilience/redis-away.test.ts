import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded-postgres.ts';
import { startSilentServer, timed } from '../support/servers.ts';
import { REDIS_COMMAND_TIMEOUT_MS } from '../../src/lib/redis.ts';
import { createUser, signedIn } from '../support/factories/users.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * REDIS_URL set, Redis away (decision 019): a request never waits for it. Before, every request waited
 * about 4 s (rate-limit commands queued through ioredis's reconnects) and a sign-in 8 s for its 503.
 * Now commands fail at once: the general limit lets requests through, the sign-in throttle answers its
 * 503 at once, readiness reports Redis without failing. Both outages: nothing listens, and a server
 * that takes connections and never answers.
 */

/** Well under a reconnect wait, and under the command timeout: nothing waited for Redis. */
const FAST_MS = REDIS_COMMAND_TIMEOUT_MS;

describe.each([
  ['down (nothing listens)', async () => ({ port: await freePort(), close: async () => undefined })],
  ['hung (accepts, never answers)', startSilentServer],
])('a Redis that is %s', (_name, unreachable) => {
  let t: TestApp;
  let redis: { port: number; close(): Promise<void> };
  beforeAll(async () => {
    redis = await unreachable();
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${redis.port}` });
  });
  afterAll(async () => {
    await t.close();
    await redis.close();
  });

  it('does not slow down requests: the general limit lets them through at once', async () => {
    for (let i = 0; i < 5; i++) {
      const { value, ms } = await timed(() => t.app.inject({ method: 'GET', url: '/api/health/' }));
      expect(value.statusCode).toBe(200);
      expect(ms).toBeLessThan(FAST_MS);
    }
    const fan = await createUser(t.database.db);
    const headers = await signedIn(t, fan);
    const { value, ms } = await timed(() =>
      t.app.inject({ method: 'PATCH', url: '/api/social/users/me/', headers, payload: { bio: 'Box, box.' } }),
    );
    expect(value.statusCode).toBe(200);
    expect(ms).toBeLessThan(FAST_MS);
  });

  it('answers a sign-in its 503 at once rather than guess past the throttle', async () => {
    const { value, ms } = await timed(() =>
      t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: 'fan', password: 'whatever' } }),
    );
    expect(ms).toBeLessThan(FAST_MS);
    expect(value.statusCode).toBe(503);
    expect(value.headers['retry-after']).toBeDefined();
    expect(value.json()).toEqual({ detail: 'Service temporarily unavailable. Please try again shortly.' });
  });

  it('stays ready, and says Redis is unreachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', redis: 'unreachable' });
  });
});
