import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { F1DataStatus, RaceResults } from '@paddock/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { races } from '../../src/db/schema/f1.ts';
import { readF1db } from '../../src/f1data/f1db-reader.ts';
import { importF1Data } from '../../src/f1data/importer.ts';
import type { FetchLike } from '../../src/f1data/jolpica-client.ts';
import {
  announceF1Change,
  ResultsScheduler,
  syncResultsWhileListening,
  type SchedulerLog,
} from '../../src/f1data/results-scheduler.ts';
import type { F1Data } from '../../src/f1data/types.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../support/test-app.ts';
import {
  AUSTRIA_2023,
  F1DB_FIXTURE,
  fakeClock,
  JOLPICA_FIXTURES,
  recordingName,
  replayJolpica,
  withoutAustria2023Results,
} from '../support/f1data.ts';

/*
 * The results scheduler, driven by a clock the tests move and recorded Jolpica answers: the 2023
 * Austrian GP is in the database without results (as if F1DB's snapshot predated it), and Jolpica
 * knows its start, 2 July 2023 at 13:00 UTC.
 */

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const at = (iso: string) => Date.parse(iso);

/** Jolpica's answer for a round without results (yet): the recording of one. */
const nothingYet = JSON.parse(readFileSync(path.join(JOLPICA_FIXTURES, '2023@99@results.json'), 'utf8')) as unknown;
const AUSTRIA_SESSIONS = ['2023@9@qualifying.json', '2023@9@results.json', '2023@9@sprint.json'];

function recordLog(): SchedulerLog & { lines: { level: string; msg: string }[] } {
  const lines: { level: string; msg: string }[] = [];
  return {
    lines,
    info: (msg) => lines.push({ level: 'info', msg }),
    warn: (msg) => lines.push({ level: 'warn', msg }),
    debug: (msg) => lines.push({ level: 'debug', msg }),
  };
}

let f1db: F1Data;
let t: TestApp;
beforeAll(() => {
  f1db = readF1db(F1DB_FIXTURE);
});
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

function schedulerOn(t: TestApp, fetch: FetchLike, clock: ReturnType<typeof fakeClock>, database = t.database) {
  const log = recordLog();
  const scheduler = new ResultsScheduler({ database, log, announce: announceF1Change(t.app), fetch, clock });
  return { scheduler, log };
}

const get = async <T>(url: string) => (await t.app.inject({ method: 'GET', url })).json<T>();
const austriaResults = () => get<RaceResults>(`/api/f1/races/${AUSTRIA_2023}/results/`);

describe('the results scheduler', () => {
  it('asks after the race until the results are in, then writes them and the site shows them at once', async () => {
    await importF1Data(t.database.db, withoutAustria2023Results(f1db));
    let published = false;
    const replay = replayJolpica((name, json) => (!published && AUSTRIA_SESSIONS.includes(name) ? nothingYet : json));
    const clock = fakeClock(at('2023-07-02T10:00:00Z'));
    const { scheduler, log } = schedulerOn(t, replay.fetch, clock);
    // Cached, as a visitor would have seen it.
    expect((await austriaResults()).classification).toEqual([]);
    expect(await get<F1DataStatus>('/api/f1/data-status/')).toMatchObject({ results_synced_at: null });

    // In the morning only the schedule is checked: Jolpica knows the start (13:00; F1DB had no time).
    let next = await scheduler.runDue();
    expect(replay.requested.map(recordingName)).toEqual(['2023.json']);
    expect(next).toBe(at('2023-07-02T16:00:00Z'));

    // At the scheduled end, and a quarter of an hour later, Jolpica has nothing yet.
    for (const when of ['2023-07-02T16:00:00Z', '2023-07-02T16:15:00Z']) {
      expect(next).toBe(at(when));
      clock.at = next;
      replay.requested.length = 0;
      next = await scheduler.runDue();
      expect(replay.requested.map(recordingName)).toEqual(['2023.json', ...AUSTRIA_SESSIONS]);
    }
    expect((await austriaResults()).classification).toEqual([]);

    // At 16:30 they are in: written, and shown on the very next request.
    expect(next).toBe(at('2023-07-02T16:30:00Z'));
    published = true;
    clock.at = next;
    next = await scheduler.runDue();
    const results = await austriaResults();
    expect(results.classification[0]).toMatchObject({ position: '1', driver: { id: 'max-verstappen' } });
    expect(results.qualifying[0]).toMatchObject({ position: '1', driver: { id: 'max-verstappen' } });
    expect(results.sprint).toHaveLength(20);
    const [race] = await t.database.db.select().from(races).where(eq(races.id, AUSTRIA_2023));
    expect(race?.hasResults).toBe(true);
    expect(await get<F1DataStatus>('/api/f1/data-status/')).toMatchObject({
      results_synced_at: '2023-07-02T16:30:00.000Z',
    });
    // Nothing awaits results any more: the next look is the daily schedule check.
    expect(next).toBe(at('2023-07-02T16:30:00Z') + DAY);
    expect(log.lines.filter((l) => l.level !== 'debug')).toEqual([
      { level: 'info', msg: expect.stringMatching(/^results sync: 2023 round 9 moved to 2023-07-02T13:00/) as string },
      {
        level: 'info',
        msg: expect.stringMatching(/^results sync: 2023 round 9: qualifying, results, sprint;/) as string,
      },
    ]);
  });

  it('follows a race whose date moves to its new date', async () => {
    // An older F1DB snapshot had the race a week earlier; Jolpica's schedule has 2 July, 13:00.
    const early = withoutAustria2023Results(f1db);
    early.races = early.races.map((r) =>
      r.id === AUSTRIA_2023 ? { ...r, date: '2023-06-25', startsAt: '2023-06-25T12:00:00.000Z' } : r,
    );
    await importF1Data(t.database.db, early);
    const replay = replayJolpica();
    const clock = fakeClock(at('2023-06-24T09:00:00Z'));
    const { scheduler } = schedulerOn(t, replay.fetch, clock);

    let next = await scheduler.runDue();
    const [moved] = await t.database.db.select().from(races).where(eq(races.id, AUSTRIA_2023));
    expect(moved?.startsAt.toISOString()).toBe('2023-07-02T13:00:00.000Z');

    // The old date's end (25 June, 15:00) passes unasked: the daily checks, then the new date's end.
    const looks: string[] = [];
    while (!replay.requested.some((url) => recordingName(url) === '2023@9@results.json')) {
      clock.at = next;
      looks.push(new Date(next).toISOString());
      next = await scheduler.runDue();
    }
    const dailyChecks = Array.from({ length: 8 }, (_, i) => new Date(at('2023-06-25T09:00:00Z') + i * DAY));
    expect(looks).toEqual([...dailyChecks.map((d) => d.toISOString()), '2023-07-02T16:00:00.000Z']);
    expect((await austriaResults()).classification).toHaveLength(20);
  });

  it('without a network logs one line per attempt, backs off, throws nothing, and catches up once online', async () => {
    await importF1Data(t.database.db, withoutAustria2023Results(f1db));
    let online = false;
    let attempts = 0;
    const replay = replayJolpica();
    const fetch: FetchLike = (url) => {
      attempts++;
      if (online) return replay.fetch(url);
      const cause = Object.assign(new Error('getaddrinfo ENOTFOUND api.jolpi.ca'), { code: 'ENOTFOUND' });
      return Promise.reject(new TypeError('fetch failed', { cause }));
    };
    // The race (12:00 in F1DB) ended at 15:00.
    const clock = fakeClock(at('2023-07-02T16:00:00Z'));
    const { scheduler, log } = schedulerOn(t, fetch, clock);

    const looks: number[] = [];
    for (let i = 0; i < 7; i++) {
      looks.push(clock.at);
      clock.at = await scheduler.runDue();
    }
    expect(attempts).toBe(7);
    expect(looks.slice(1).map((l, i) => (l - looks[i]!) / MIN)).toEqual([15, 30, 60, 120, 240, 360]);
    expect(log.lines).toHaveLength(7);
    for (const line of log.lines) {
      expect(line).toEqual({
        level: 'warn',
        msg: expect.stringMatching(
          /^results sync: attempt failed \(fetch failed: getaddrinfo ENOTFOUND api\.jolpi\.ca\); next attempt 20/,
        ) as string,
      });
    }
    expect((await austriaResults()).classification).toEqual([]);

    online = true;
    const back = clock.at;
    expect(await scheduler.runDue()).toBe(back + DAY);
    expect((await austriaResults()).classification).toHaveLength(20);
    expect(log.lines.at(-1)?.level).toBe('info');
  });

  it('survives its database being away: one line, a later attempt, nothing thrown', async () => {
    await importF1Data(t.database.db, withoutAustria2023Results(f1db));
    let down = true;
    const db = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        if (down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const replay = replayJolpica();
    const clock = fakeClock(at('2023-07-02T16:00:00Z'));
    const { scheduler, log } = schedulerOn(t, replay.fetch, clock, { ...t.database, db });

    const first = clock.at;
    clock.at = await scheduler.runDue();
    expect(clock.at).toBe(first + 15 * MIN);
    expect(await scheduler.runDue()).toBe(clock.at + 30 * MIN);
    expect(replay.requested).toEqual([]);
    expect(log.lines.map((l) => l.level)).toEqual(['warn', 'warn']);
    expect(log.lines[0]?.msg).toMatch(/^results sync: stopped by a database error \(connect ECONNREFUSED/);

    down = false;
    await scheduler.runDue();
    expect((await austriaResults()).classification).toHaveLength(20);
  });

  it('starts once the server listens and stops with it, aborting the request in flight', async () => {
    const database = await createTestDatabase();
    await importF1Data(database.db, withoutAustria2023Results(f1db));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paddock-results-'));
    const config = loadConfig(
      { LOG_LEVEL: 'silent', SEED_F1: 'false', SEED_DEMO: 'false', RESULTS_SYNC: 'off' },
      { DATA_DIR: dataDir, SECRET_KEY: randomBytes(32).toString('hex'), WEB_DIST: null },
    );
    const app = await buildApp(config, { database });
    let asked!: () => void;
    const inFlight = new Promise<void>((resolve) => (asked = resolve));
    let aborted = false;
    const hanging: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(init.signal!.reason as Error);
        });
        asked();
      });
    const scheduler = syncResultsWhileListening(app, {
      fetch: hanging,
      clock: fakeClock(at('2023-07-02T16:00:00Z')),
      startDelayMs: 0,
    });
    let closed = false;
    try {
      await app.ready();
      expect(scheduler.nextAt).toBeNull();
      await app.listen({ port: 0, host: '127.0.0.1' });
      await inFlight;
      await app.close();
      closed = true;
      expect(aborted).toBe(true);
      expect(scheduler.nextAt).toBeNull();
    } finally {
      if (!closed) await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
