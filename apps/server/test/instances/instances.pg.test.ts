import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { migrateDatabase, migrationsFolder, withStartupLock } from '../../src/db/migrate.ts';
import { users } from '../../src/db/schema/index.ts';
import { startCluster, type Cluster } from './cluster.ts';

/*
 * Two instances on one PostgreSQL database and one Redis, as README "Running in production" runs
 * them behind a proxy. Each test speaks from addresses of its own (X-Forwarded-For, TRUST_PROXY)
 * so that the shared counters of one test, or of an earlier run, cannot touch another's.
 */

let cluster: Cluster;
let a: string;
let b: string;
beforeAll(async () => {
  cluster = await startCluster(2, {
    TRUST_PROXY: true,
    LOGIN_RATE_LIMIT: 2,
    API_RATE_LIMIT: 6,
    REGISTER_RATE_LIMIT: 1000,
  });
  [a, b] = cluster.instances.map((i) => i.url) as [string, string];
});
afterAll(() => cluster.close());

const randomIp = () => `10.${[...randomBytes(3)].join('.')}`;
const uniqueName = () => `fan_${randomBytes(5).toString('hex')}`;
const PASSWORD = 'late braking into the chicane';

function post(base: string, path: string, ip: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
    body: JSON.stringify(body),
  });
}

async function register(base: string, ip = randomIp()) {
  const username = uniqueName();
  const res = await post(base, '/api/auth/register/', ip, {
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
  });
  expect(res.status).toBe(201);
  const { access } = (await res.json()) as { access: string };
  return { username, access, ip };
}

describe('several instances share their limits through Redis', () => {
  it('counts failed sign-ins on one instance against the next attempt on the other', async () => {
    const { username, ip } = await register(a);
    for (let i = 0; i < 2; i++) {
      const wrong = await post(a, '/api/auth/login/', ip, { username, password: 'not the password' });
      expect(wrong.status).toBe(401);
    }
    // LOGIN_RATE_LIMIT is 2: the third attempt from that address is refused, here on instance B,
    // even with the right password.
    const third = await post(b, '/api/auth/login/', ip, { username, password: PASSWORD });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await third.json()) as { detail: string };
    expect(body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
  });

  it('counts API requests of one client on both instances in one window', async () => {
    const ip = randomIp();
    const health = (base: string) => fetch(`${base}/api/health/`, { headers: { 'x-forwarded-for': ip } });
    const answers: number[] = [];
    // API_RATE_LIMIT is 6 per minute: three on each instance use it up.
    for (const base of [a, b, a, b, a, b]) answers.push((await health(base)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    const seventh = await health(a);
    expect(seventh.status).toBe(429);
    expect(seventh.headers.get('retry-after')).toBeTruthy();
    // Another client is not affected.
    expect((await fetch(`${b}/api/health/`, { headers: { 'x-forwarded-for': randomIp() } })).status).toBe(200);
  });
});

describe('a deleted account, on several instances', () => {
  it('has its token refused by the other instance as soon as the deletion answered there', async () => {
    const { access } = await register(a);
    const me = (base: string) =>
      fetch(`${base}/api/social/users/me/`, {
        headers: { authorization: `Bearer ${access}`, 'x-forwarded-for': randomIp() },
      });
    expect((await me(b)).status).toBe(200);
    const deleted = await fetch(`${a}/api/social/users/me/`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access}`, 'x-forwarded-for': randomIp() },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(deleted.status).toBe(204);
    expect((await me(a)).status).toBe(401);
    // Instance B hears the doorbell over Redis within moments; until then it would answer from its list.
    let status = 0;
    for (let i = 0; i < 20 && status !== 401; i++) {
      status = (await me(b)).status;
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status).toBe(401);
    expect(await (await me(b)).json()).toEqual({ detail: 'User not found', code: 'user_not_found' });
  });
});

describe('several instances share uploaded media', () => {
  it('serves from instance B an avatar uploaded through instance A', async () => {
    const { access, ip } = await register(a);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e10600' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('avatar', new Blob([png], { type: 'image/png' }), 'me.png');
    const upload = await fetch(`${a}/api/social/users/me/avatar/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'x-forwarded-for': ip },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { profile_picture } = (await upload.json()) as { profile_picture: string };
    const served = await fetch(`${b}${new URL(profile_picture, b).pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});

describe('stopping an instance under load', () => {
  it('loses no write it acknowledged: every 201 of the stopped instance is there on the other', async () => {
    const [first, second] = cluster.instances as [(typeof cluster.instances)[0], (typeof cluster.instances)[0]];
    const names = Array.from({ length: 30 }, uniqueName);
    let answered = 0;
    const stopping: Promise<void>[] = [];
    const attempts = names.map(async (username) => {
      try {
        const res = await post(first.url, '/api/auth/register/', randomIp(), {
          username,
          email: `${username}@example.com`,
          password: PASSWORD,
        });
        answered += 1;
        // Stop the instance while most sign-ups are still being hashed and written.
        if (answered === 3) stopping.push(first.stop());
        return { username, status: res.status };
      } catch {
        return { username, status: 0 }; // refused or cut off: never acknowledged
      }
    });
    const results = await Promise.all(attempts);
    await Promise.all(stopping);

    const acknowledged = results.filter((r) => r.status === 201).map((r) => r.username);
    expect(acknowledged.length).toBeGreaterThanOrEqual(3);
    expect(results.every((r) => r.status === 201 || r.status === 0 || r.status === 503)).toBe(true);
    const stored = await second.database.db
      .select({ username: users.username })
      .from(users)
      .where(inArray(users.username, names));
    const storedNames = new Set(stored.map((r) => r.username));
    for (const username of acknowledged) expect(storedNames.has(username), username).toBe(true);

    // And the surviving instance signs them in.
    const one = acknowledged[0]!;
    const login = await post(second.url, '/api/auth/login/', randomIp(), { username: one, password: PASSWORD });
    expect(login.status).toBe(200);
  });
});

describe('instances starting together', () => {
  it('migrate an empty database one after the other, each finding it ready', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `paddock_start_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const first = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
    const second = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
    try {
      const order: string[] = [];
      const start = (db: Database, label: string) =>
        withStartupLock(db, async () => {
          order.push(`${label} in`);
          await migrateDatabase(db);
          order.push(`${label} out`);
        });
      await Promise.all([start(first, 'a'), start(second, 'b')]);
      // One after the other, never interleaved.
      expect([order[0]?.slice(2), order[1]?.slice(2), order[2]?.slice(2), order[3]?.slice(2)]).toEqual([
        'in',
        'out',
        'in',
        'out',
      ]);
      expect(order[0]?.[0]).toBe(order[1]?.[0]);
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      await check.end();
      const journal = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
      expect(applied.rows[0]?.n).toBe(journal.length);
    } finally {
      await first.close();
      await second.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
