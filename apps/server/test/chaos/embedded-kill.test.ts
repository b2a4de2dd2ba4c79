import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import {
  CommentWriters,
  expectOnlyCleanAnswers,
  lostComments,
  printFigures,
  reviewToCommentOn,
  startSite,
  type Site,
} from './harness.ts';

/*
 * Chaos: `kill -9` of the embedded PostgreSQL server while two clients post comments (decision 019).
 * The site keeps answering HTTP, writes during the outage get a DRF-shaped 503 (never a dropped
 * connection or a hang), the supervisor starts the server again and writes succeed within 30 s with
 * nobody restarting anything, and every comment acknowledged with a 201 is in the database.
 */

let dataDir: string;
let database: Database;
let site: Site;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'paddock-chaos-embedded-'));
  database = await openDatabase({ dataDir, embedded: 'postgres', takeOver: true, log: () => undefined });
  await migrateDatabase(database);
  site = await startSite(database);
});
afterAll(async () => {
  await site?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const postmasterPid = () =>
  Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

describe('kill -9 of the embedded PostgreSQL server under two comment writers', () => {
  it('keeps serving, answers 503 meanwhile, recovers by itself within 30 s and loses nothing acknowledged', async () => {
    const { reviewId, fans } = await reviewToCommentOn(site, database.db);
    const writers = new CommentWriters(fans.map((headers) => ({ url: site.url, headers, reviewId })));
    await writers.acknowledgedAfter(Date.now());
    await new Promise((r) => setTimeout(r, 1_000));

    const pid = postmasterPid();
    const killedAt = Date.now();
    process.kill(pid, 'SIGKILL');
    await writers.refusedAfter(killedAt);
    const live = await fetch(`${site.url}/api/health/`);
    expect(live.status).toBe(200);
    const recoverMs = await writers.acknowledgedAfter(Date.now());
    const recoveredAt = Date.now();
    expect(recoveredAt - killedAt).toBeLessThan(30_000);
    expect(postmasterPid()).not.toBe(pid);
    // Writing goes on for a while after the recovery.
    await new Promise((r) => setTimeout(r, 1_000));
    await writers.stop();

    expectOnlyCleanAnswers(writers.outcomes);
    const lost = await lostComments(database.db, writers.acknowledged);
    printFigures('embedded server killed', {
      outcomes: writers.outcomes,
      outage: [killedAt, recoveredAt],
      recoverMs: recoveredAt - killedAt,
      lost: lost.length,
      extra: `first write acknowledged ${(recoverMs / 1000).toFixed(1)} s after the first refusal was seen`,
    });
    expect(lost).toEqual([]);
    expect(writers.outcomes.filter((o) => o.at >= killedAt && o.result === 503).length).toBeGreaterThan(0);
  });
});
