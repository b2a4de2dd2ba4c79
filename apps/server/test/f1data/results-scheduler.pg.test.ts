import os from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { readF1db } from '../../src/f1data/f1db-reader.ts';
import { importF1Data } from '../../src/f1data/importer.ts';
import { ResultsScheduler } from '../../src/f1data/results-scheduler.ts';
import { readSyncState } from '../../src/f1data/sync-state.ts';
import { createTestDatabase } from '../support/test-app.ts';
import { fakeClock, F1DB_FIXTURE, replayJolpica, withoutAustria2023Results, type Replay } from '../support/f1data.ts';

/*
 * Two instances of a site on one PostgreSQL database, each with its results scheduler (decision 020):
 * a run holds an advisory lock, and the attempt it records tells the other instance it was made.
 */

const ENDED = Date.parse('2023-07-02T16:00:00Z');
/** The schedule, the race's qualifying, results and sprint, the two standings. */
const ONE_RUN = 6;
const quiet = { info: () => undefined, warn: () => undefined, debug: () => undefined };

let databases: Database[];
beforeEach(async () => {
  const first = await createTestDatabase();
  if (!first.url) throw new Error('TEST_DATABASE_URL is not set: run these tests with `npm run test:pg`.');
  const second = await openDatabase({ databaseUrl: first.url, dataDir: os.tmpdir() });
  databases = [first, second];
  await importF1Data(first.db, withoutAustria2023Results(readF1db(F1DB_FIXTURE)));
});
afterEach(async () => {
  await databases[1]?.close();
  await databases[0]?.close();
});

function twoSchedulers(delayMs: number) {
  const replays: Replay[] = [replayJolpica(), replayJolpica()];
  let announced = 0;
  const schedulers = databases.map(
    (database, i) =>
      new ResultsScheduler({
        database,
        log: quiet,
        announce: async () => void announced++,
        // Slow answers keep a run holding the lock while the other instance looks.
        fetch: async (url) => {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          return replays[i]!.fetch(url);
        },
        clock: fakeClock(ENDED),
      }),
  );
  return { schedulers, replays, announced: () => announced };
}

describe('two results schedulers on one PostgreSQL database', () => {
  it('sync an attempt due on both once: the other finds the lock held and later the attempt made', async () => {
    const { schedulers, replays, announced } = twoSchedulers(250);
    const nexts = await Promise.all(schedulers.map((s) => s.runDue()));

    const asked = replays.map((r) => r.requested.length);
    expect(asked.toSorted()).toEqual([0, ONE_RUN]);
    expect(announced()).toBe(1);
    // The one that waited looks again a minute later, and finds nothing left to do until tomorrow's check.
    const waiting = asked.indexOf(0);
    expect(nexts[waiting]).toBe(ENDED + 60_000);
    expect(await schedulers[waiting]!.runDue()).toBe(ENDED + 24 * 3_600_000);
    expect(replays[waiting]!.requested).toEqual([]);
    expect(await readSyncState(databases[0]!.db)).toMatchObject({ succeededAt: ENDED, failures: 0 });
  });

  it('sync an attempt once when the instances look one after the other', async () => {
    const { schedulers, replays, announced } = twoSchedulers(0);
    for (const scheduler of schedulers) await scheduler.runDue();
    expect(replays.map((r) => r.requested.length)).toEqual([ONE_RUN, 0]);
    expect(announced()).toBe(1);
  });
});
