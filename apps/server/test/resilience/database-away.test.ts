import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '@paddock/contract';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { freePort } from '../../src/db/embedded-postgres.ts';
import { startSilentServer, timed } from '../support/servers.ts';

/*
 * A site whose PostgreSQL cannot be reached (decision 019): the process keeps serving, every request
 * that needs the database answers a DRF-shaped 503 with Retry-After within 2 s, liveness stays 200 and
 * readiness says 503. Two ways to be unreachable: nothing listens (a server that is down: refused at
 * once), and a server that accepts connections but never answers (a hung machine, a partition: the
 * connect timeout decides).
 */

interface Site {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

async function siteOn(databaseUrl: string): Promise<Site> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paddock-away-'));
  const config = loadConfig(
    { LOG_LEVEL: 'silent', SEED_F1: 'false', SEED_DEMO: 'false', RESULTS_SYNC: 'off' },
    { DATA_DIR: dataDir, SECRET_KEY: randomBytes(32).toString('hex'), WEB_DIST: null, DATABASE_URL: databaseUrl },
  );
  const database = await openDatabase({ databaseUrl, dataDir, log: () => undefined });
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const register = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    payload: { username: 'fan_44', email: 'fan44@example.com', password: 'late braking into the chicane' },
  });

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toEqual({ detail: DATABASE_UNAVAILABLE });
}

describe.each([
  ['down (nothing listens)', async () => ({ port: await freePort(), close: async () => undefined })],
  ['hung (accepts, never answers)', startSilentServer],
])('a database that is %s', (_name, unreachable) => {
  let site: Site;
  let target: { port: number; close(): Promise<void> };
  beforeAll(async () => {
    target = await unreachable();
    site = await siteOn(`postgres://paddock:secret@127.0.0.1:${target.port}/paddock`);
  });
  afterAll(async () => {
    await site.close();
    await target.close();
  });

  it('leaves liveness at 200 and makes readiness 503, both within 2 s', async () => {
    const live = await timed(() => site.app.inject({ method: 'GET', url: '/api/health/' }));
    expect(live.value.statusCode).toBe(200);
    expect(live.ms).toBeLessThan(2_000);

    const ready = await timed(() => site.app.inject({ method: 'GET', url: '/api/health/ready/' }));
    expect(ready.ms).toBeLessThan(2_000);
    expect(ready.value.statusCode).toBe(503);
    expect(ready.value.headers['retry-after']).toBe('5');
    expect(ready.value.json()).toEqual({
      detail: 'The database cannot be reached.',
      status: 'unavailable',
      database: 'unreachable',
      redis: 'not configured',
    });
  });

  it('answers reads and writes that need it with a DRF-shaped 503 within 2 s', async () => {
    for (const request of [
      () => site.app.inject({ method: 'GET', url: '/api/f1/races/?season=2024' }),
      () => register(site.app),
    ]) {
      const { value, ms } = await timed(request);
      expectUnavailable(value);
      expect(ms).toBeLessThan(2_000);
    }
  });

  it('answers many requests at once within 2 s each, more than the pool has connections', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => timed(() => site.app.inject({ method: 'GET', url: '/api/f1/drivers/' }))),
    );
    for (const { value, ms } of answers) {
      expectUnavailable(value);
      expect(ms).toBeLessThan(2_000);
    }
  });
});
