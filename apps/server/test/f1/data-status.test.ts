import type { F1DataStatus } from '@paddock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceF1Change } from '../../src/f1data/results-scheduler.ts';
import { recordAttempt, recordFailure, recordSuccess } from '../../src/f1data/sync-state.ts';
import { addResult, createDriver, createRace, createTeam, DAY } from '../support/factories/f1.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const status = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/f1/data-status/' });
  expect(res.statusCode).toBe(200);
  return res.json<F1DataStatus>();
};

describe('GET /api/f1/data-status/', () => {
  it('holds nothing on an empty database', async () => {
    expect(await status()).toEqual({ results_synced_at: null, latest_results: null });
  });

  it('names the newest race with results, and no sync until one reached Jolpica', async () => {
    const db = t.database.db;
    const [driver, team] = [await createDriver(db), await createTeam(db)];
    const older = await createRace(db, { year: 2026, startsAt: new Date('2026-07-19T13:00:00Z') });
    const newest = await createRace(db, {
      year: 2026,
      startsAt: new Date('2026-07-26T13:00:00Z'),
      grandPrix: { fullName: 'Hungarian Grand Prix' },
    });
    // Run without results, and still to come.
    await createRace(db, { year: 2026, startsAt: new Date('2026-08-23T13:00:00Z') });
    await createRace(db, { year: 2026, startsAt: new Date(Date.now() + 30 * DAY) });
    for (const race of [older, newest]) {
      await addResult(db, { raceId: race.id, driverId: driver.id, teamId: team.id, position: 1, points: 25 });
    }
    // A run that failed is no update.
    await recordAttempt(db, Date.parse('2026-11-25T13:50:00Z'));
    await recordFailure(db);
    await announceF1Change(t.app)();

    expect(await status()).toEqual({
      results_synced_at: null,
      latest_results: {
        race_id: newest.id,
        name: 'Hungarian Grand Prix',
        season: 2026,
        round: newest.round,
        date: '2026-07-26T13:00:00.000Z',
      },
    });
  });

  it('says when a sync last reached Jolpica, the server scheduler or f1:sync alike', async () => {
    await recordSuccess(t.database.db, Date.parse('2026-11-25T14:05:00Z'));
    await announceF1Change(t.app)();
    expect(await status()).toMatchObject({ results_synced_at: '2026-11-25T14:05:00.000Z' });
  });
});
