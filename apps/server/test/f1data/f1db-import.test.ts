import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import {
  constructors,
  driverStandings,
  qualifyingResults,
  raceResults,
  races,
  seasonDrivers,
  startingGrid,
} from '../../src/db/schema/f1.ts';
import { readF1db } from '../../src/f1data/f1db-reader.ts';
import { danglingReferences, importF1Data, reportHasChanges, type ImportReport } from '../../src/f1data/importer.ts';
import { formatRounds, parseRounds } from '../../src/f1data/rounds.ts';
import { applyTeamFacts, loadTeamFacts } from '../../src/f1data/team-facts.ts';
import type { F1Data } from '../../src/f1data/types.ts';
import { createTestDatabase } from '../support/test-app.ts';
import { F1DB_FIXTURE } from '../support/f1data.ts';

let database: Database;
let data: F1Data;
let firstReport: ImportReport;
const tmpDirs: string[] = [];

function tempCopy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'paddock-f1db-'));
  tmpDirs.push(dir);
  cpSync(F1DB_FIXTURE, dir, { recursive: true });
  return dir;
}

function changed(report: ImportReport) {
  return Object.fromEntries(
    Object.entries(report)
      .filter(([, r]) => r.inserted + r.updated + r.deleted > 0)
      .map(([t, r]) => [t, { inserted: r.inserted, updated: r.updated, deleted: r.deleted }]),
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  data = readF1db(F1DB_FIXTURE);
  firstReport = await importF1Data(database.db, data);
});

afterAll(async () => {
  await database.close();
  for (const d of tmpDirs) rmSync(d, { recursive: true, force: true });
});

describe('reading an F1DB source tree', () => {
  it('reads every race of the tree with its F1DB id, round and UTC start', () => {
    expect(data.races.map((r) => [r.id, r.year, r.round])).toEqual([
      [1, 1950, 1],
      [2, 1950, 2],
      [453, 1988, 1],
      [468, 1988, 16],
      [1045, 2021, 10],
      [1057, 2021, 22],
      [1088, 2023, 9],
      [1101, 2023, 22],
      [1150, 2026, 1],
      [1161, 2026, 12],
      [1162, 2026, 13],
    ]);
    const byId = new Map(data.races.map((r) => [r.id, r]));
    // No time in F1DB: noon UTC of the race day.
    expect(byId.get(1)).toMatchObject({ date: '1950-05-13', time: null, startsAt: '1950-05-13T12:00:00.000Z' });
    expect(byId.get(1150)).toMatchObject({ date: '2026-03-08', time: '04:00', startsAt: '2026-03-08T04:00:00.000Z' });
  });

  it('marks a race as having results only when F1DB has its classification', () => {
    const withResults = data.races.filter((r) => r.hasResults).map((r) => r.id);
    expect(withResults).toEqual([1, 2, 453, 468, 1045, 1057, 1088, 1101, 1150]);
  });

  it('keeps F1DB position texts, with a number only for a classified place', () => {
    const brazil88 = data.raceResults.filter((r) => r.raceId === 453 && r.session === 'RACE');
    expect(brazil88[0]).toMatchObject({
      positionText: '1',
      positionNumber: 1,
      positionOrder: 1,
      driverId: 'alain-prost',
    });
    const senna = brazil88.find((r) => r.driverId === 'ayrton-senna');
    expect(senna).toMatchObject({ positionText: 'DSQ', positionNumber: null, reasonRetired: 'Illegal car change' });
    const texts = new Set(data.raceResults.map((r) => r.positionText));
    for (const t of ['DNF', 'DNS', 'DNQ', 'DNPQ', 'NC', 'DSQ']) expect(texts).toContain(t);
    // Row order is kept even where places repeat or are missing.
    expect(brazil88.map((r) => r.positionOrder)).toEqual(brazil88.map((_, i) => i + 1));
  });

  it('reads a pit-lane start as grid "PL" without a number', () => {
    const magnussen = data.raceResults.find(
      (r) => r.raceId === 1088 && r.session === 'RACE' && r.driverId === 'kevin-magnussen',
    );
    expect(magnussen).toMatchObject({ gridPositionText: 'PL', gridPositionNumber: null });
    const gridRow = data.startingGrid.find((g) => g.raceId === 1088 && g.driverId === 'kevin-magnussen');
    expect(gridRow).toMatchObject({ positionText: 'PL', positionNumber: null });
  });

  it('credits pole to the fastest qualifier and the fastest lap to the fastest-laps leader', () => {
    const silverstone50 = data.raceResults.filter((r) => r.raceId === 1 && r.session === 'RACE');
    expect(silverstone50.filter((r) => r.polePosition).map((r) => r.driverId)).toEqual(['nino-farina']);
    expect(silverstone50.filter((r) => r.fastestLap).map((r) => r.driverId)).toEqual(['nino-farina']);
    const austria23 = data.raceResults.filter((r) => r.raceId === 1088 && r.session === 'RACE');
    expect(austria23.filter((r) => r.polePosition).map((r) => r.driverId)).toEqual(['max-verstappen']);
  });

  it('reads sprint classifications as their own session, without pole or fastest lap', () => {
    const sprint = data.raceResults.filter((r) => r.raceId === 1088 && r.session === 'SPRINT_RACE');
    expect(sprint).toHaveLength(20);
    expect(sprint[0]).toMatchObject({
      driverId: 'max-verstappen',
      time: '30:26.730',
      points: 8,
      gridPositionNumber: 1,
    });
    expect(sprint.some((r) => r.polePosition || r.fastestLap)).toBe(false);
  });

  it('merges one driver-team pairing listed under several entrants of a season', () => {
    const rosier = data.seasonDrivers.filter(
      (e) => e.year === 1950 && e.driverId === 'louis-rosier' && e.constructorId === 'talbot-lago',
    );
    expect(rosier).toEqual([expect.objectContaining({ rounds: '1-2,4-7', testDriver: false })]);
    const testDriver = data.seasonDrivers.find((e) => e.year === 2023 && e.testDriver);
    expect(testDriver?.rounds).toBeNull();
  });

  it('reads standings after each race and for the whole season', () => {
    const final2021 = data.driverStandings.filter((s) => s.year === 2021 && s.raceId === null);
    expect(final2021[0]).toMatchObject({ driverId: 'max-verstappen', positionNumber: 1, points: 395.5 });
    const after1950r1 = data.driverStandings.filter((s) => s.raceId === 1);
    expect(after1950r1[0]).toMatchObject({ driverId: 'nino-farina', points: 9 });
  });
});

describe('rounds notation', () => {
  it('reads and writes F1DB round lists', () => {
    expect(parseRounds('1-2,4-7')).toEqual([1, 2, 4, 5, 6, 7]);
    expect(parseRounds(null)).toEqual([]);
    expect(formatRounds([7, 1, 2, 5, 4, 6, 9])).toBe('1-2,4-7,9');
    expect(formatRounds([])).toBeNull();
    expect(() => parseRounds('1-x')).toThrow(/Unreadable rounds/);
  });
});

describe('importing an F1DB tree', () => {
  it('inserts every row of the tree', async () => {
    expect(firstReport.races).toEqual({ inserted: 11, updated: 0, unchanged: 0, deleted: 0 });
    expect(firstReport.race_results?.inserted).toBe(data.raceResults.length);
    expect(firstReport.driver_standings?.inserted).toBe(data.driverStandings.length);
    const [count] = await database.db.select({ n: sql<number>`count(*)::int` }).from(raceResults);
    expect(count?.n).toBe(data.raceResults.length);

    const [race] = await database.db.select().from(races).where(eq(races.id, 1150));
    expect(race).toMatchObject({
      year: 2026,
      round: 1,
      circuitId: 'melbourne',
      grandPrixId: 'australia',
      hasResults: true,
    });
    expect(race?.startsAt.toISOString()).toBe('2026-03-08T04:00:00.000Z');

    const podium = await database.db
      .select({ driverId: raceResults.driverId })
      .from(raceResults)
      .where(and(eq(raceResults.raceId, 1), eq(raceResults.session, 'RACE')))
      .orderBy(asc(raceResults.positionOrder))
      .limit(3);
    expect(podium.map((p) => p.driverId)).toEqual(['nino-farina', 'luigi-fagioli', 'reg-parnell']);
  });

  it('imports again without a single change', async () => {
    const again = await importF1Data(database.db, readF1db(F1DB_FIXTURE));
    expect(reportHasChanges(again)).toBe(false);
    expect(changed(again)).toEqual({});
    expect(again.race_results?.unchanged).toBe(data.raceResults.length);
    const [count] = await database.db.select({ n: sql<number>`count(*)::int` }).from(driverStandings);
    expect(count?.n).toBe(data.driverStandings.length);
  });

  it('updates exactly the row whose value changed in the tree', async () => {
    const dir = tempCopy();
    const file = path.join(dir, 'data/seasons/1950/races/01-great-britain/race.yml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('laps: 70', 'laps: 71'));
    const report = await importF1Data(database.db, readF1db(dir));
    expect(changed(report)).toEqual({ races: { inserted: 0, updated: 1, deleted: 0 } });
    const [race] = await database.db.select({ laps: races.laps }).from(races).where(eq(races.id, 1));
    expect(race?.laps).toBe(71);
  });

  it('replaces a classification that lost a row, and leaves races the tree omits alone', async () => {
    const dir = tempCopy();
    const file = path.join(dir, 'data/seasons/2026/races/01-australia/race-results.yml');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.slice(0, text.lastIndexOf('\n- position:') + 1));
    // Only 2026 is read: the other seasons' rows must survive a partial tree.
    const partial = readF1db(dir, { seasons: (y) => y === 2026 });
    const report = await importF1Data(database.db, partial);
    expect(changed(report)).toEqual({ race_results: { inserted: 0, updated: 0, deleted: 1 } });
    const [left] = await database.db.select({ n: sql<number>`count(*)::int` }).from(raceResults);
    expect(left?.n).toBe(data.raceResults.length - 1);
    const [entries] = await database.db.select({ n: sql<number>`count(*)::int` }).from(seasonDrivers);
    expect(entries?.n).toBe(data.seasonDrivers.length);
  });

  it('keeps a race complete when an older tree lacks results the database has', async () => {
    const older = readF1db(F1DB_FIXTURE, { seasons: (y) => y === 2023 });
    const race = older.races.find((r) => r.id === 1088)!;
    race.hasResults = false;
    older.raceResults = older.raceResults.filter((r) => r.raceId !== 1088);
    older.qualifyingResults = older.qualifyingResults.filter((r) => r.raceId !== 1088);
    older.startingGrid = older.startingGrid.filter((r) => r.raceId !== 1088);
    const report = await importF1Data(database.db, older);
    expect(reportHasChanges(report)).toBe(false);
    const [row] = await database.db.select({ hasResults: races.hasResults }).from(races).where(eq(races.id, 1088));
    expect(row?.hasResults).toBe(true);
    const [q] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(qualifyingResults)
      .where(eq(qualifyingResults.raceId, 1088));
    expect(q?.n).toBe(20);
    const [g] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(startingGrid)
      .where(and(eq(startingGrid.raceId, 1088), eq(startingGrid.session, 'RACE')));
    expect(g?.n).toBe(20);
  });

  it('refuses data with two rows under one key, and writes nothing of it', async () => {
    const dup = readF1db(F1DB_FIXTURE, { seasons: (y) => y === 1950 });
    dup.races[0]!.officialName = 'Renamed';
    dup.seasonDrivers.push({ ...dup.seasonDrivers[0]! });
    await expect(importF1Data(database.db, dup)).rejects.toThrow(/Duplicate season_drivers row/);
    const [race] = await database.db.select({ name: races.officialName }).from(races).where(eq(races.id, 1));
    expect(race?.name).toBe('1950 RAC British Grand Prix');
  });

  it('takes the bulk path of a first load only for data whose references all resolve', async () => {
    expect(danglingReferences(data)).toEqual([]);
    const broken = readF1db(F1DB_FIXTURE, { seasons: (y) => y === 1950 });
    broken.drivers = broken.drivers.filter((d) => d.id !== 'nino-farina');
    expect(danglingReferences(broken)).toContain('race_results.driver_id = "nino-farina" has no drivers row');
    await expect(importF1Data(database.db, broken, { fresh: true })).rejects.toThrow(/inconsistent/);
    // On tables that are not empty after all, the keys stop a bulk load before it duplicates anything.
    await expect(importF1Data(database.db, readF1db(F1DB_FIXTURE), { fresh: true })).rejects.toThrow();
    const [count] = await database.db.select({ n: sql<number>`count(*)::int` }).from(races);
    expect(count?.n).toBe(11);
  });

  it('applies the team facts to the constructors they name', async () => {
    const withFacts = readF1db(F1DB_FIXTURE, { seasons: () => false });
    const { unknownIds } = applyTeamFacts(withFacts.constructors, loadTeamFacts());
    // The fixture holds only some of the teams the facts name.
    expect(unknownIds).not.toContain('mercedes');
    const report = await importF1Data(database.db, { constructors: withFacts.constructors });
    expect(report.constructors?.updated).toBeGreaterThan(0);
    const [mercedes] = await database.db.select().from(constructors).where(eq(constructors.id, 'mercedes'));
    expect(mercedes).toMatchObject({ teamPrincipal: 'Toto Wolff', colour: '#27F4D2' });
  });
});
