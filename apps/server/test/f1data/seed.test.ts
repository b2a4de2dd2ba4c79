import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  circuits,
  constructorStandings,
  constructors,
  driverStandings,
  drivers,
  grandsPrix,
  pitStops,
  raceResults,
  races,
  seasonDrivers,
  seasons,
} from '../../src/db/schema/f1.ts';
import { readF1db } from '../../src/f1data/f1db-reader.ts';
import { importF1Data } from '../../src/f1data/importer.ts';
import { CIRCUIT_MAP, CONSTRUCTOR_MAP } from '../../src/f1data/jolpica-ids.ts';
import { loadSeedIfEmpty } from '../../src/f1data/seed-loader.ts';
import { decodeSeed, encodeSeed, f1dbSource, readSeed, SEED_FILE } from '../../src/f1data/seed.ts';
import { loadTeamFacts } from '../../src/f1data/team-facts.ts';
import { prepareData } from '../../src/startup.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../support/test-app.ts';
import { CHAMPIONS, RACE_FACTS } from './f1db-facts.ts';
import { F1DB_FIXTURE } from '../support/f1data.ts';

/*
 * The shipped seed, loaded once through the server's first-start path, must answer F1DB's facts.
 * This is the one test file that loads all of F1 history.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SEED_F1: true, SEED_DEMO: false });
  await prepareData(t.app);
});

afterAll(() => t.close());

describe('the shipped F1 seed', () => {
  it('is small and credits F1DB with its licence and source commit', () => {
    expect(statSync(SEED_FILE).size).toBeLessThan(5 * 1024 * 1024);
    const { header } = readSeed();
    expect(header.source).toMatchObject({
      name: 'F1DB',
      url: 'https://github.com/f1db/f1db',
      licence: 'CC BY 4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    });
    expect(header.source.attribution).toContain('F1DB');
    expect(header.source.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(header.teamFactsAsOf).toBe(loadTeamFacts().asOf);
    expect(header.resultsUpTo).toEqual({ year: 2026, round: 11, date: '2026-07-26' });
  });

  it('loads on first start: every season since 1950 with its races', async () => {
    const db = t.database.db;
    const years = await db.select({ year: seasons.year }).from(seasons).orderBy(asc(seasons.year));
    expect(years[0]?.year).toBe(1950);
    expect(years.at(-1)?.year).toBe(2026);
    expect(years).toHaveLength(77);
    const [counts] = await db
      .select({
        races: sql<number>`count(*)::int`,
        withResults: sql<number>`count(*) filter (where ${races.hasResults})::int`,
      })
      .from(races);
    expect(counts).toEqual({ races: 1172, withResults: 1160 });
    const perSeason = await db
      .select({ year: races.year, n: sql<number>`count(*)::int` })
      .from(races)
      .where(inArray(races.year, [1950, 1976, 2025, 2026]))
      .groupBy(races.year)
      .orderBy(asc(races.year));
    expect(perSeason).toEqual([
      { year: 1950, n: 7 },
      { year: 1976, n: 16 },
      { year: 2025, n: 24 },
      { year: 2026, n: 23 },
    ]);
  });

  it.each(RACE_FACTS)('has the $year $grandPrix as F1DB does', async (fact) => {
    const db = t.database.db;
    const [race] = await db
      .select({
        year: races.year,
        round: races.round,
        date: races.date,
        time: races.time,
        startsAt: races.startsAt,
        hasResults: races.hasResults,
        grandPrix: grandsPrix.fullName,
        circuitId: circuits.id,
        circuitName: circuits.name,
      })
      .from(races)
      .innerJoin(grandsPrix, eq(grandsPrix.id, races.grandPrixId))
      .innerJoin(circuits, eq(circuits.id, races.circuitId))
      .where(eq(races.id, fact.id));
    expect(race).toMatchObject({
      year: fact.year,
      round: fact.round,
      date: fact.date,
      time: fact.time,
      hasResults: true,
      grandPrix: fact.grandPrix,
      circuitId: fact.circuitId,
      circuitName: fact.circuitName,
    });
    expect(race?.startsAt.toISOString()).toBe(`${fact.date}T${fact.time ?? '12:00'}:00.000Z`);
    const podium = await db
      .select({
        driverId: raceResults.driverId,
        constructorId: raceResults.constructorId,
        position: raceResults.positionNumber,
      })
      .from(raceResults)
      .where(and(eq(raceResults.raceId, fact.id), eq(raceResults.session, 'RACE')))
      .orderBy(asc(raceResults.positionOrder))
      .limit(3);
    expect(podium.map((p) => p.driverId)).toEqual(fact.podium);
    expect(podium.map((p) => p.position)).toEqual([1, 2, 3]);
    expect(podium[0]?.constructorId).toBe(fact.winnerTeam);
  });

  it.each(CHAMPIONS)('leads the $year standings with $driver', async (c) => {
    const db = t.database.db;
    const [driver] = await db
      .select({ driverId: driverStandings.driverId, points: driverStandings.points })
      .from(driverStandings)
      .where(
        and(eq(driverStandings.year, c.year), isNull(driverStandings.raceId), eq(driverStandings.positionOrder, 1)),
      );
    expect(driver).toEqual({ driverId: c.driver, points: c.points });
    const [team] = await db
      .select({ constructorId: constructorStandings.constructorId })
      .from(constructorStandings)
      .where(
        and(
          eq(constructorStandings.year, c.year),
          isNull(constructorStandings.raceId),
          eq(constructorStandings.positionOrder, 1),
        ),
      );
    expect(team?.constructorId ?? null).toBe(c.constructor);
  });

  it('names the 1950 British GP winner as F1DB does', async () => {
    const [farina] = await t.database.db.select().from(drivers).where(eq(drivers.id, 'nino-farina'));
    expect(farina).toMatchObject({
      name: 'Nino Farina',
      fullName: 'Emilio Giuseppe Farina',
      nationalityCountryId: 'italy',
    });
  });

  it('gives every 2026 team its principal and colour from the team facts', async () => {
    const teams = await t.database.db
      .selectDistinct({ id: constructors.id, principal: constructors.teamPrincipal, colour: constructors.colour })
      .from(constructors)
      .innerJoin(seasonDrivers, eq(seasonDrivers.constructorId, constructors.id))
      .where(eq(seasonDrivers.year, 2026))
      .orderBy(asc(constructors.id));
    expect(teams.map((x) => x.id)).toEqual([
      'alpine',
      'aston-martin',
      'audi',
      'cadillac',
      'ferrari',
      'haas',
      'mclaren',
      'mercedes',
      'racing-bulls',
      'red-bull',
      'williams',
    ]);
    for (const team of teams) {
      expect(team.principal, team.id).toBeTruthy();
      expect(team.colour, team.id).toMatch(/^#[0-9A-F]{6}$/);
    }
    const known = new Set((await t.database.db.select({ id: constructors.id }).from(constructors)).map((c) => c.id));
    for (const id of Object.keys(loadTeamFacts().teams)) expect(known, id).toContain(id);
  });

  it('knows every F1DB id that the Jolpica mapping tables name', async () => {
    const db = t.database.db;
    const teamIds = new Set((await db.select({ id: constructors.id }).from(constructors)).map((c) => c.id));
    for (const m of CONSTRUCTOR_MAP) expect(teamIds, m.f1db).toContain(m.f1db);
    const circuitIds = new Set((await db.select({ id: circuits.id }).from(circuits)).map((c) => c.id));
    for (const id of Object.values(CIRCUIT_MAP)) expect(circuitIds, id).toContain(id);
  });

  it('is not loaded again once races exist', async () => {
    const result = await loadSeedIfEmpty(t.database.db, { info: () => {}, warn: () => {} });
    expect(result.loaded).toBe(false);
  });
});

describe('the seed file format', () => {
  it('round-trips an F1DB tree, and the loader writes it into an empty database', async () => {
    const data = readF1db(F1DB_FIXTURE);
    const gz = encodeSeed(data, {
      source: f1dbSource('0123456789abcdef0123456789abcdef01234567'),
      teamFactsAsOf: null,
    });
    const decoded = decodeSeed(gz);
    expect(decoded.data).toEqual(data);
    expect(decoded.header.counts.races).toBe(11);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'paddock-seed-'));
    const database = await createTestDatabase();
    try {
      const file = path.join(dir, 'seed.json.gz');
      writeFileSync(file, gz);
      const logged: string[] = [];
      const result = await loadSeedIfEmpty(
        database.db,
        { info: (m) => logged.push(m), warn: (m) => logged.push(m) },
        file,
      );
      expect(result.loaded).toBe(true);
      expect(logged[0]).toMatch(/^Loaded the F1 seed \(11 races, \d+ rows, results up to 2026 round 1\) in [\d.]+ s/);
      const [n] = await database.db.select({ n: sql<number>`count(*)::int` }).from(raceResults);
      expect(n?.n).toBe(data.raceResults.length);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('brings a database an older release filled up to a seed with new tables, and leaves it alone after', async () => {
    const data = readF1db(F1DB_FIXTURE);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'paddock-seed-'));
    const database = await createTestDatabase();
    try {
      // What an older release loaded: the same races, without pit stops, practice and the vote.
      await importF1Data(database.db, { ...data, pitStops: [], sessionResults: [], driverOfTheDay: [] });
      const file = path.join(dir, 'seed.json.gz');
      writeFileSync(file, encodeSeed(data, { source: f1dbSource('unknown'), teamFactsAsOf: null }));
      const logged: string[] = [];
      const log = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m) };
      expect((await loadSeedIfEmpty(database.db, log, file)).loaded).toBe(true);
      expect(logged[0]).toMatch(
        /^Brought the F1 data up to the seed \(sessionResults, pitStops, driverOfTheDay were empty\)/,
      );
      const [n] = await database.db.select({ n: sql<number>`count(*)::int` }).from(pitStops);
      expect(n?.n).toBe(data.pitStops.length);
      expect(data.pitStops.length).toBeGreaterThan(0);
      expect((await loadSeedIfEmpty(database.db, log, file)).loaded).toBe(false);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts without F1 data, and says so, when the seed file is missing', async () => {
    const database = await createTestDatabase();
    try {
      const warned: string[] = [];
      const result = await loadSeedIfEmpty(
        database.db,
        { info: () => {}, warn: (m) => warned.push(m) },
        '/nonexistent/seed.json.gz',
      );
      expect(result.loaded).toBe(false);
      expect(warned[0]).toMatch(/not found/);
    } finally {
      await database.close();
    }
  });
});
