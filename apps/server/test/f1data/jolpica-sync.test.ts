import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import {
  driverStandings,
  drivers,
  fastestLaps,
  qualifyingResults,
  raceResults,
  races,
  startingGrid,
} from '../../src/db/schema/f1.ts';
import { readF1db } from '../../src/f1data/f1db-reader.ts';
import { importF1Data } from '../../src/f1data/importer.ts';
import {
  JolpicaBudgetError,
  JolpicaClient,
  JolpicaHttpError,
  RequestLimiter,
} from '../../src/f1data/jolpica-client.ts';
import { mapConstructorId, matchDriver } from '../../src/f1data/jolpica-ids.ts';
import { formatMillis, syncSeason } from '../../src/f1data/jolpica.ts';
import type { F1Data } from '../../src/f1data/types.ts';
import { createTestDatabase } from '../support/test-app.ts';
import {
  AUSTRIA_2023,
  F1DB_FIXTURE,
  fakeClock,
  recordingName,
  replayJolpica,
  withoutAustria2023Results,
} from '../support/f1data.ts';

const ABU_DHABI_2023 = 1101;
/** Well after the 2023 season, so only races without results are fetched. */
const JANUARY_2024 = Date.parse('2024-01-15T00:00:00Z');

let database: Database;
let f1db: F1Data;

/** The fixture as if F1DB's snapshot had been taken before the 2023 Austrian GP had results. */
async function importWithoutAustriaResults() {
  await importF1Data(database.db, withoutAustria2023Results(f1db));
}

async function session(raceId: number, s: 'RACE' | 'SPRINT_RACE') {
  return database.db
    .select()
    .from(raceResults)
    .where(and(eq(raceResults.raceId, raceId), eq(raceResults.session, s)))
    .orderBy(asc(raceResults.positionOrder));
}

describe('syncing a season from Jolpica', () => {
  beforeAll(() => {
    f1db = readF1db(F1DB_FIXTURE);
  });

  beforeEach(async () => {
    database = await createTestDatabase();
    await importWithoutAustriaResults();
  });

  afterEach(async () => {
    await database.close();
  });

  it('fills the results of a race the database knows without results, as F1DB has them', async () => {
    const replay = replayJolpica();
    const clock = fakeClock(JANUARY_2024);
    const report = await syncSeason(database.db, 2023, { fetch: replay.fetch, clock });

    expect(report.checked).toEqual([9]);
    // F1DB has no start time for 2023 races; Jolpica's schedule does, for the race still without results.
    expect(report.rescheduled).toEqual([
      { round: 9, from: '2023-07-02T12:00:00.000Z', to: '2023-07-02T13:00:00.000Z' },
    ]);
    expect(report.written).toEqual([{ round: 9, raceId: AUSTRIA_2023, what: ['qualifying', 'results', 'sprint'] }]);
    expect(report.unmapped.filter((u) => !u.includes('is not in the database'))).toEqual([]);
    expect(replay.requested.map(recordingName)).toEqual([
      '2023.json',
      '2023@9@qualifying.json',
      '2023@9@results.json',
      '2023@9@sprint.json',
      '2023@driverstandings.json',
      '2023@constructorstandings.json',
    ]);

    const [race] = await database.db.select().from(races).where(eq(races.id, AUSTRIA_2023));
    expect(race?.hasResults).toBe(true);

    // The classification agrees with F1DB's on everything Ergast carries.
    const key = (r: {
      positionText: string;
      driverId: string;
      constructorId: string;
      laps: number | null;
      points: number | null;
    }) => [r.positionText, r.driverId, r.constructorId, r.laps, r.points];
    for (const s of ['RACE', 'SPRINT_RACE'] as const) {
      const expected = f1db.raceResults.filter((r) => r.raceId === AUSTRIA_2023 && r.session === s);
      expect((await session(AUSTRIA_2023, s)).map(key)).toEqual(expected.map(key));
    }
    const result = await session(AUSTRIA_2023, 'RACE');
    expect(result[0]).toMatchObject({
      driverId: 'max-verstappen',
      time: '1:25:33.607',
      gap: null,
      points: 26,
      gridPositionNumber: 1,
      polePosition: true,
      fastestLap: true,
      engineManufacturerId: 'honda-rbpt',
    });
    expect(result[1]).toMatchObject({ driverId: 'charles-leclerc', time: '1:25:38.762', gap: '+5.155' });
    expect(result[11]).toMatchObject({ driverId: 'guanyu-zhou', laps: 70, time: null, gap: '+1 lap' });
    expect(result[19]).toMatchObject({
      driverId: 'nico-hulkenberg',
      positionText: 'DNF',
      positionNumber: null,
      laps: 12,
    });

    const qualifying = await database.db
      .select()
      .from(qualifyingResults)
      .where(eq(qualifyingResults.raceId, AUSTRIA_2023))
      .orderBy(asc(qualifyingResults.positionOrder));
    const expectedQualifying = f1db.qualifyingResults.filter((r) => r.raceId === AUSTRIA_2023);
    const qKey = (r: {
      driverId: string;
      q1: string | null;
      q2: string | null;
      q3: string | null;
      gap: string | null;
    }) => [r.driverId, r.q1, r.q2, r.q3, r.gap];
    expect(qualifying.map(qKey)).toEqual(expectedQualifying.map(qKey));

    // The grid is Jolpica's (F1DB has three pit-lane starters where Jolpica keeps grid slots).
    const grid = await database.db
      .select({ driverId: startingGrid.driverId, positionText: startingGrid.positionText })
      .from(startingGrid)
      .where(eq(startingGrid.raceId, AUSTRIA_2023))
      .orderBy(asc(startingGrid.positionOrder));
    expect(grid).toHaveLength(20);
    expect(grid.slice(0, 3)).toEqual([
      { driverId: 'max-verstappen', positionText: '1' },
      { driverId: 'charles-leclerc', positionText: '2' },
      { driverId: 'carlos-sainz-jr', positionText: '3' },
    ]);
    const [fastest] = await database.db
      .select()
      .from(fastestLaps)
      .where(eq(fastestLaps.raceId, AUSTRIA_2023))
      .orderBy(asc(fastestLaps.positionOrder))
      .limit(1);
    expect(fastest).toMatchObject({ driverId: 'max-verstappen', lap: 71, time: '1:07.012' });

    // Jolpica's final 2023 standings are F1DB's: mapped, compared and left unchanged.
    expect(report.import.driver_standings).toBeUndefined();
    const [champion] = await database.db
      .select()
      .from(driverStandings)
      .where(and(eq(driverStandings.raceId, ABU_DHABI_2023), eq(driverStandings.positionOrder, 1)));
    expect(champion).toMatchObject({ driverId: 'max-verstappen', points: 575 });
  });

  it('reads a pit-lane start (grid 0) as grid "PL"', async () => {
    const replay = replayJolpica((name, json) => {
      if (name !== '2023@9@results.json') return json;
      const copy = structuredClone(json) as {
        MRData: { RaceTable: { Races: { Results: { grid: string; Driver: { driverId: string } }[] }[] } };
      };
      copy.MRData.RaceTable.Races[0]!.Results.find((r) => r.Driver.driverId === 'kevin_magnussen')!.grid = '0';
      return copy;
    });
    await syncSeason(database.db, 2023, { fetch: replay.fetch, clock: fakeClock(JANUARY_2024) });
    const magnussen = (await session(AUSTRIA_2023, 'RACE')).find((r) => r.driverId === 'kevin-magnussen');
    expect(magnussen).toMatchObject({ gridPositionText: 'PL', gridPositionNumber: null });
    const [last] = await database.db
      .select()
      .from(startingGrid)
      .where(eq(startingGrid.raceId, AUSTRIA_2023))
      .orderBy(desc(startingGrid.positionOrder))
      .limit(1);
    expect(last).toMatchObject({ driverId: 'kevin-magnussen', positionText: 'PL', positionNumber: null });
  });

  it("flags the pole on the car first on the grid it writes, as F1DB does, not on qualifying's first", async () => {
    // A grid penalty: Verstappen, first in qualifying, starts second behind Leclerc.
    const replay = replayJolpica((name, json) => {
      if (name !== '2023@9@results.json') return json;
      const copy = structuredClone(json) as {
        MRData: { RaceTable: { Races: { Results: { grid: string; Driver: { driverId: string } }[] }[] } };
      };
      const results = copy.MRData.RaceTable.Races[0]!.Results;
      results.find((r) => r.Driver.driverId === 'max_verstappen')!.grid = '2';
      results.find((r) => r.Driver.driverId === 'leclerc')!.grid = '1';
      return copy;
    });
    await syncSeason(database.db, 2023, { fetch: replay.fetch, clock: fakeClock(JANUARY_2024) });
    const [firstQualifier] = await database.db
      .select()
      .from(qualifyingResults)
      .where(eq(qualifyingResults.raceId, AUSTRIA_2023))
      .orderBy(asc(qualifyingResults.positionOrder))
      .limit(1);
    expect(firstQualifier?.driverId).toBe('max-verstappen');
    const [firstOnGrid] = await database.db
      .select()
      .from(startingGrid)
      .where(eq(startingGrid.raceId, AUSTRIA_2023))
      .orderBy(asc(startingGrid.positionOrder))
      .limit(1);
    expect(firstOnGrid).toMatchObject({ driverId: 'charles-leclerc', positionNumber: 1 });
    const poles = (await session(AUSTRIA_2023, 'RACE')).filter((r) => r.polePosition);
    expect(poles.map((r) => [r.driverId, r.gridPositionNumber])).toEqual([['charles-leclerc', 1]]);
  });

  it('rewrites a recent classification that changed after the race, and only then', async () => {
    const dayAfter = fakeClock(Date.parse('2023-07-03T12:00:00Z'));
    await syncSeason(database.db, 2023, { fetch: replayJolpica().fetch, clock: dayAfter });
    // A late penalty swaps second and third.
    const penalised = replayJolpica((name, json) => {
      if (name !== '2023@9@results.json') return json;
      const copy = structuredClone(json) as {
        MRData: { RaceTable: { Races: { Results: { position: string; positionText: string }[] }[] } };
      };
      const [, second, third] = copy.MRData.RaceTable.Races[0]!.Results;
      second!.position = second!.positionText = '3';
      third!.position = third!.positionText = '2';
      return copy;
    });
    const later = fakeClock(Date.parse('2023-07-05T12:00:00Z'));
    const report = await syncSeason(database.db, 2023, { fetch: penalised.fetch, clock: later });
    expect(report.checked).toEqual([9]);
    expect(report.written).toEqual([{ round: 9, raceId: AUSTRIA_2023, what: ['results'] }]);
    expect(report.import.race_results).toMatchObject({ inserted: 0, updated: 2, deleted: 0 });
    const podium = (await session(AUSTRIA_2023, 'RACE')).slice(0, 3).map((r) => r.driverId);
    expect(podium).toEqual(['max-verstappen', 'sergio-perez', 'charles-leclerc']);

    const again = await syncSeason(database.db, 2023, { fetch: penalised.fetch, clock: later });
    expect(again.written).toEqual([]);
  });

  it('does nothing on a second run', async () => {
    const clock = fakeClock(JANUARY_2024);
    await syncSeason(database.db, 2023, { fetch: replayJolpica().fetch, clock });
    const replay = replayJolpica();
    const again = await syncSeason(database.db, 2023, { fetch: replay.fetch, clock });
    expect(again.checked).toEqual([]);
    expect(again.written).toEqual([]);
    expect(replay.requested.map(recordingName)).toEqual(['2023.json']);
    expect(again.import).toEqual({});
  });

  it('reports a driver it cannot map and writes nothing of that classification', async () => {
    const replay = replayJolpica((name, json) => {
      if (name !== '2023@9@results.json') return json;
      const copy = structuredClone(json) as {
        MRData: { RaceTable: { Races: { Results: { Driver: Record<string, string> }[] }[] } };
      };
      const last = copy.MRData.RaceTable.Races[0]!.Results.at(-1)!;
      last.Driver = {
        driverId: 'nova_rookie',
        permanentNumber: '99',
        code: 'NOV',
        givenName: 'Nova',
        familyName: 'Rookie',
        dateOfBirth: '2007-01-01',
        nationality: 'Atlantean',
      };
      return copy;
    });
    const [before] = await database.db.select({ n: sql<number>`count(*)::int` }).from(drivers);
    const report = await syncSeason(database.db, 2023, { fetch: replay.fetch, clock: fakeClock(JANUARY_2024) });

    expect(report.unmapped).toContainEqual(
      expect.stringMatching(/^driver "nova_rookie" \(Nova Rookie, born 2007-01-01\) in 2023 round 9 results/),
    );
    expect(report.skipped).toContain('2023 round 9 results: not written (unmapped rows)');
    expect(await session(AUSTRIA_2023, 'RACE')).toEqual([]);
    const [race] = await database.db.select().from(races).where(eq(races.id, AUSTRIA_2023));
    expect(race?.hasResults).toBe(false);
    const [after] = await database.db.select({ n: sql<number>`count(*)::int` }).from(drivers);
    expect(after?.n).toBe(before?.n);
    // The sessions it could map are still written; standings wait for the race's results.
    expect(report.written).toEqual([{ round: 9, raceId: AUSTRIA_2023, what: ['qualifying', 'sprint'] }]);
    expect(replay.requested.map(recordingName)).not.toContain('2023@driverstandings.json');
  });

  it('leaves a race alone when Jolpica puts that round at another circuit', async () => {
    const replay = replayJolpica((name, json) => {
      if (name !== '2023.json') return json;
      const copy = structuredClone(json) as {
        MRData: { RaceTable: { Races: { round: string; Circuit: { circuitId: string } }[] } };
      };
      copy.MRData.RaceTable.Races.find((r) => r.round === '9')!.Circuit.circuitId = 'silverstone';
      return copy;
    });
    const report = await syncSeason(database.db, 2023, { fetch: replay.fetch, clock: fakeClock(JANUARY_2024) });
    expect(report.skipped).toContain(
      '2023 round 9: Jolpica holds it at silverstone, the database at spielberg; not touched',
    );
    expect(report.checked).toEqual([]);
  });

  it('refuses a season the database has no calendar for', async () => {
    await expect(syncSeason(database.db, 2030, { fetch: replayJolpica().fetch })).rejects.toThrow(/no 2030 races/);
  });
});

describe('the Jolpica client', () => {
  it('never sends more than 4 requests in any second', async () => {
    const clock = fakeClock(0);
    const limiter = new RequestLimiter(clock);
    const sent: number[] = [];
    for (let i = 0; i < 10; i++) {
      await limiter.acquire();
      sent.push(clock.now());
    }
    expect(sent).toEqual([0, 0, 0, 0, 1000, 1000, 1000, 1000, 2000, 2000]);
    for (const t of sent) expect(sent.filter((s) => s > t - 1000 && s <= t).length).toBeLessThanOrEqual(4);
  });

  it('stops when the hour budget is spent, counting requests of earlier runs', async () => {
    const clock = fakeClock(10 * 3_600_000);
    const earlier = Array.from({ length: 498 }, (_, i) => clock.now() - 3_000_000 + i * 1000);
    const limiter = new RequestLimiter(clock, 4, 500, earlier);
    expect(limiter.remaining()).toBe(2);
    await limiter.acquire();
    await limiter.acquire();
    const err = await limiter.acquire().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JolpicaBudgetError);
    expect((err as Error).message).toMatch(/hourly budget of 500 requests would be exceeded; try again in 10 min/);
  });

  it('waits out a 429 for as long as Retry-After says, then retries', async () => {
    const clock = fakeClock(0);
    const replay = replayJolpica();
    let calls = 0;
    const client = new JolpicaClient({
      clock,
      fetch: async (url) => {
        calls++;
        if (calls === 1)
          return new Response('{"detail":"Request was throttled."}', { status: 429, headers: { 'retry-after': '7' } });
        return replay.fetch(url);
      },
    });
    const races2023 = await client.races('2023.json');
    expect(races2023).toHaveLength(22);
    expect(clock.sleeps).toEqual([7000]);
    expect(client.requests).toBe(2);
  });

  it('gives up on a long throttle instead of sleeping through it', async () => {
    const client = new JolpicaClient({
      clock: fakeClock(0),
      fetch: async () => new Response('{}', { status: 429, headers: { 'retry-after': '1800' } }),
    });
    await expect(client.races('2023.json')).rejects.toThrow(JolpicaHttpError);
  });

  it('stops waiting out a 429 and sends nothing more once its signal aborts (a server shutting down)', async () => {
    const stop = new AbortController();
    let calls = 0;
    const client = new JolpicaClient({
      // A clock whose sleeps last until the end of time: only the abort ends the wait.
      clock: { now: () => 0, sleep: () => new Promise<void>(() => undefined) },
      signal: stop.signal,
      fetch: async () => {
        calls++;
        setTimeout(() => stop.abort(new Error('shutting down')), 10);
        return new Response('{}', { status: 429, headers: { 'retry-after': '30' } });
      },
    });
    await expect(client.races('2023.json')).rejects.toThrow('shutting down');
    await expect(client.races('2023.json')).rejects.toThrow('shutting down');
    expect(calls).toBe(1);
  });

  it('follows the pages of a long answer and glues a race back together', async () => {
    const replay = replayJolpica();
    const full = (await (await replay.fetch('https://api.jolpi.ca/ergast/f1/2023/9/results.json')).json()) as {
      MRData: { RaceTable: { Races: ({ Results: unknown[] } & Record<string, unknown>)[] } } & Record<string, unknown>;
    };
    const race = full.MRData.RaceTable.Races[0]!;
    const asked: string[] = [];
    const client = new JolpicaClient({
      clock: fakeClock(0),
      fetch: async (url) => {
        asked.push(url);
        const offset = Number(new URL(url).searchParams.get('offset') ?? 0);
        const page = { ...race, Results: race.Results.slice(offset, offset + 8) };
        const body = {
          MRData: { ...full.MRData, limit: '8', offset: String(offset), total: '20', RaceTable: { Races: [page] } },
        };
        return new Response(JSON.stringify(body), { status: 200 });
      },
    });
    const [merged] = await client.races('2023/9/results.json');
    expect(merged?.Results).toHaveLength(20);
    expect(asked.map((u) => new URL(u).searchParams.get('offset'))).toEqual([null, '8', '16']);
    expect(new URL(asked[0]!).searchParams.get('limit')).toBe('100');
  });
});

describe('mapping Ergast ids to F1DB', () => {
  it('maps teams by an explicit table that knows the years', () => {
    expect(mapConstructorId('red_bull', 2023)).toBe('red-bull');
    expect(mapConstructorId('sauber', 2017)).toBe('sauber');
    expect(mapConstructorId('sauber', 2024)).toBe('kick-sauber');
    expect(mapConstructorId('rb', 2024)).toBe('rb');
    expect(mapConstructorId('rb', 2025)).toBe('racing-bulls');
    expect(mapConstructorId('alfa', 2023)).toBe('alfa-romeo');
    expect(mapConstructorId('sauber', 2022)).toBeNull();
    expect(mapConstructorId('brand_new_team', 2026)).toBeNull();
  });

  it('matches a driver by name confirmed by birth date, number or code, and nothing less', () => {
    const verstappen = {
      id: 'max-verstappen',
      firstName: 'Max',
      lastName: 'Verstappen',
      name: 'Max Verstappen',
      fullName: 'Max Emilian Verstappen',
      abbreviation: 'VER',
      permanentNumber: '3',
      dateOfBirth: '1997-09-30',
    };
    const perez = {
      ...verstappen,
      id: 'sergio-perez',
      firstName: 'Sergio',
      lastName: 'Pérez',
      name: 'Sergio Pérez',
      fullName: 'Sergio Michel Pérez Mendoza',
      abbreviation: 'PER',
      permanentNumber: '11',
      dateOfBirth: '1990-01-26',
    };
    const pool = [verstappen, perez];
    const ergast = {
      driverId: 'max_verstappen',
      permanentNumber: '33',
      code: 'VER',
      givenName: 'Max',
      familyName: 'Verstappen',
      dateOfBirth: '1997-09-30',
    };
    expect(matchDriver(ergast, '1', pool, [])?.id).toBe('max-verstappen');
    expect(
      matchDriver({ driverId: 'perez', givenName: 'Sergio', familyName: 'Perez', code: 'PER' }, '11', pool, [])?.id,
    ).toBe('sergio-perez');
    // Same name, nothing to confirm it: not a match.
    expect(matchDriver({ driverId: 'x', givenName: 'Max', familyName: 'Verstappen' }, '77', pool, [])).toBeNull();
    // Outside the season's entrants only name and birth date together are trusted.
    expect(matchDriver(ergast, '1', [], pool)?.id).toBe('max-verstappen');
    expect(matchDriver({ ...ergast, dateOfBirth: undefined }, '1', [], pool)).toBeNull();
  });

  it('writes race times the way F1DB does', () => {
    expect(formatMillis(5_133_607)).toBe('1:25:33.607');
    expect(formatMillis(1_826_730)).toBe('30:26.730');
  });
});
