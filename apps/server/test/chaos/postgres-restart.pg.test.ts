import { randomBytes } from 'node:crypto';
import type { RaceDetail } from '@paddock/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { createUser } from '../support/factories/users.ts';
import {
  CommentWriters,
  expectOnlyCleanAnswers,
  lostComments,
  printFigures,
  reviewToCommentOn,
  startSite,
  type Site,
} from './harness.ts';
import { startPostgresServer, type PostgresServer } from '../support/servers.ts';

/*
 * Chaos: the PostgreSQL server of two instances (DATABASE_URL, with Redis) is stopped and started again
 * under load (decision 019). A server this test starts itself from the embedded binaries, never the
 * machine's own. Both instances keep answering, 503 while it is away, serve again once it is back with
 * nobody restarting them, lose no acknowledged write, and hear each other's invalidations again.
 */

let server: PostgresServer;
const pools: Database[] = [];
const sites: Site[] = [];
beforeAll(async () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl) throw new Error('TEST_REDIS_URL is not set: run these tests with `npm run test:pg`.');
  server = await startPostgresServer();
  const prefix = `chaos-${randomBytes(4).toString('hex')}:`;
  for (let i = 0; i < 2; i++) {
    const database = await openDatabase({ databaseUrl: server.url, dataDir: '.', log: () => undefined });
    if (i === 0) await migrateDatabase(database);
    pools.push(database);
    sites.push(await startSite(database, { DATABASE_URL: server.url, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }));
  }
});
afterAll(async () => {
  for (const site of sites) await site.close();
  for (const pool of pools) await pool.close();
  await server?.close();
});

const raceOn = async (site: Site, raceId: number) =>
  (await (await fetch(`${site.url}/api/f1/races/${raceId}/`)).json()) as RaceDetail;

describe('a PostgreSQL restart under two instances and Redis', () => {
  it('is ridden out: 503 while it is down, serving again after, nothing acknowledged lost', async () => {
    const [a, b] = sites as [Site, Site];
    const { reviewId, raceId, fans } = await reviewToCommentOn(a, pools[0]!.db);
    const writers = new CommentWriters([
      { url: a.url, headers: fans[0]!, reviewId },
      { url: b.url, headers: fans[1]!, reviewId },
    ]);
    await writers.acknowledgedAfter(Date.now());
    await new Promise((r) => setTimeout(r, 1_000));

    const stoppedAt = Date.now();
    await server.stop();
    await writers.refusedAfter(stoppedAt);
    for (const site of sites) {
      expect((await fetch(`${site.url}/api/health/`)).status).toBe(200);
      expect((await fetch(`${site.url}/api/health/ready/`)).status).toBe(503);
    }
    await new Promise((r) => setTimeout(r, 3_000));
    const startedAt = Date.now();
    await server.start();
    // Both instances write again.
    const recoverMs = await writers.acknowledgedAfter(startedAt);
    await new Promise((r) => setTimeout(r, 1_500));
    await writers.stop();

    expectOnlyCleanAnswers(writers.outcomes);
    const lost = await lostComments(pools[0]!.db, writers.acknowledged);
    printFigures('PostgreSQL stopped for 3 s and started again (two instances, Redis)', {
      outcomes: writers.outcomes,
      outage: [stoppedAt, startedAt + recoverMs],
      recoverMs,
      lost: lost.length,
      extra: 'recovery counted from the server accepting connections again',
    });
    expect(lost).toEqual([]);
    expect(recoverMs).toBeLessThan(30_000);
    for (const site of sites) expect((await fetch(`${site.url}/api/health/ready/`)).status).toBe(200);

    // The instances hear each other again: a review on A shows on B's (cached) race page.
    const before = (await raceOn(b, raceId)).review_count;
    const fan = await createUser(pools[0]!.db);
    const posted = await fetch(`${a.url}/api/core/reviews/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${(await a.app.tokens.sign(fan.id, 'access')).token}`,
      },
      body: JSON.stringify({ race_id: raceId, rating: 4 }),
    });
    expect(posted.status).toBe(201);
    await vi.waitFor(async () => expect((await raceOn(b, raceId)).review_count).toBe(before + 1), {
      timeout: 1_000,
      interval: 5,
    });
  });
});
