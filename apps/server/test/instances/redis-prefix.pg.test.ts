import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from './cluster.ts';

/*
 * Two deployments sharing one Redis (decision 019): REDIS_KEY_PREFIX keeps their counters apart. The
 * throttle keys are built from numeric user ids, so without it a second site's user 1 was throttled by
 * the first site's user 1. Each site here has its own database, so each one's first account is user 1.
 */

const prefix = () => `site-${randomBytes(4).toString('hex')}:`;
const sharedPrefix = prefix();
const sites: Cluster[] = [];
let first: string;
let samePrefix: string;
let otherPrefix: string;
beforeAll(async () => {
  const settings = { TRUST_PROXY: true, LOGIN_RATE_LIMIT: 2, REGISTER_RATE_LIMIT: 1000 };
  for (const REDIS_KEY_PREFIX of [sharedPrefix, sharedPrefix, prefix()]) {
    sites.push(await startCluster(1, { ...settings, REDIS_KEY_PREFIX }));
  }
  [first, samePrefix, otherPrefix] = sites.map((s) => s.instances[0]!.url) as [string, string, string];
});
afterAll(async () => {
  for (const site of sites) await site.close();
});

const ip = `10.${[...randomBytes(3)].join('.')}`;
const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
const PASSWORD = 'late braking into the chicane';

async function firstAccount(base: string): Promise<string> {
  const username = `fan_${randomBytes(4).toString('hex')}`;
  const res = await post(base, '/api/auth/register/', {
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
  });
  expect(res.status).toBe(201);
  expect(((await res.json()) as { user: { id: number } }).user.id).toBe(1);
  return username;
}

describe('deployments sharing one Redis', () => {
  it('keep their sign-in throttles apart with different key prefixes', async () => {
    const [a, c, b] = [await firstAccount(first), await firstAccount(samePrefix), await firstAccount(otherPrefix)];
    for (let i = 0; i < 2; i++) {
      expect((await post(first, '/api/auth/login/', { username: a, password: 'not the password' })).status).toBe(401);
    }
    expect((await post(first, '/api/auth/login/', { username: a, password: PASSWORD })).status).toBe(429);
    // The same prefix: the other site's user 1 is throttled by the first site's failures.
    expect((await post(samePrefix, '/api/auth/login/', { username: c, password: PASSWORD })).status).toBe(429);
    // Its own prefix: its user 1 signs in.
    expect((await post(otherPrefix, '/api/auth/login/', { username: b, password: PASSWORD })).status).toBe(200);
  });
});
