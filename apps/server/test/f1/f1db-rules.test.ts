import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DriverDetail, TeamDetail } from '@paddock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readF1db } from '../../src/f1data/f1db-reader.ts';
import { importF1Data } from '../../src/f1data/importer.ts';
import { F1DB_HISTORY_FIXTURE } from '../support/f1data.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * The driver and team figures follow F1DB's own rules (decision 035), checked on real F1DB races where
 * they matter: shared winning cars (1951 France, 1956 Argentina), a shared fastest lap (1954 Britain),
 * one team with two engines (Cooper 1960). Expected numbers come from the fixture's YAML, read here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importF1Data(t.database.db, readF1db(F1DB_HISTORY_FIXTURE));
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
};

/* The fixture as F1DB writes it. */

const SEASONS = path.join(F1DB_HISTORY_FIXTURE, 'data/seasons');

interface ResultYaml {
  position: number | string;
  driverId: string;
  constructorId: string;
  sharedCar?: boolean;
  points?: number | null;
  /** Where the row was read from: the race's folder ("1956/01-argentina"), and its year. */
  race: string;
  year: number;
}
interface StandingYaml {
  position: number | string;
  driverId?: string;
  constructorId?: string;
  points: number;
}

const readYaml = <T>(file: string): T[] => (existsSync(file) ? (parse(readFileSync(file, 'utf8')) as T[]) : []);
const years = readdirSync(SEASONS).map(Number);

/** Every row of the races' (or sprints') classifications. */
function results(file: 'race-results.yml' | 'sprint-race-results.yml'): ResultYaml[] {
  return years.flatMap((year) =>
    readdirSync(path.join(SEASONS, String(year), 'races')).flatMap((folder) =>
      readYaml<Omit<ResultYaml, 'race' | 'year'>>(path.join(SEASONS, String(year), 'races', folder, file)).map((r) => ({
        ...r,
        race: `${year}/${folder}`,
        year,
      })),
    ),
  );
}
const raceRows = results('race-results.yml');
const allRows = [...raceRows, ...results('sprint-race-results.yml')];

/** The season-level standings (the season folder's own file), with their year. */
function seasonStandings(file: 'driver-standings.yml' | 'constructor-standings.yml') {
  return years.flatMap((year) =>
    readYaml<StandingYaml>(path.join(SEASONS, String(year), file)).map((s) => ({ ...s, year })),
  );
}
const driverStandings = seasonStandings('driver-standings.yml');
const constructorStandings = seasonStandings('constructor-standings.yml');

const NON_STARTERS = ['DNP', 'DNPQ', 'DNQ', 'DNS', 'EX'];
const distinctRaces = (rows: ResultYaml[]) => new Set(rows.map((r) => r.race)).size;
const podiumPlace = (r: ResultYaml) => r.position === 1 || r.position === 2 || r.position === 3;
const sum = (values: (number | null | undefined)[]) => values.reduce<number>((a, v) => a + (v ?? 0), 0);
const ofDriver = (id: string) => (r: { driverId?: string }) => r.driverId === id;
const ofTeam = (id: string) => (r: { constructorId?: string }) => r.constructorId === id;

describe('a driver who shared cars', () => {
  it('counts races, not result rows: Fangio drove two cars in 1956 Argentina for one start and one win', async () => {
    const argentina = raceRows.filter((r) => r.race === '1956/01-argentina' && r.driverId === 'juan-manuel-fangio');
    expect(argentina.map((r) => r.position)).toEqual([1, 'DNF']); // his own car retired; he won in Musso's
    const fangio = await get<DriverDetail>('/api/f1/drivers/juan-manuel-fangio/');
    expect(fangio.seasons.find((s) => s.year === 1956)).toMatchObject({
      starts: 1,
      wins: 1,
      podiums: 1,
      best_finish: 1,
    });

    const mine = raceRows.filter(ofDriver('juan-manuel-fangio'));
    expect(fangio.career).toMatchObject({
      starts: distinctRaces(mine.filter((r) => !NON_STARTERS.includes(String(r.position)))),
      wins: distinctRaces(mine.filter((r) => r.position === 1)),
      podiums: distinctRaces(mine.filter(podiumPlace)),
    });
    expect(fangio.career.starts).toBeLessThan(mine.length);
  });

  it('gives a season the standings points and, apart, the points scored', async () => {
    const fangio = await get<DriverDetail>('/api/f1/drivers/juan-manuel-fangio/');
    const standing = driverStandings.find((s) => s.year === 1956 && s.driverId === 'juan-manuel-fangio');
    expect(fangio.seasons.find((s) => s.year === 1956)).toMatchObject({
      position: standing?.position,
      points: standing?.points,
      points_scored: sum(
        allRows.filter((r) => r.year === 1956 && r.driverId === 'juan-manuel-fangio').map((r) => r.points),
      ),
    });
  });

  it('has no standings points in a season without a standing', async () => {
    const standing1956 = new Set(driverStandings.filter((s) => s.year === 1956).map((s) => s.driverId));
    const unplaced = raceRows.find((r) => r.year === 1956 && !standing1956.has(r.driverId));
    expect(unplaced).toBeDefined();
    const driver = await get<DriverDetail>(`/api/f1/drivers/${unplaced!.driverId}/`);
    expect(driver.seasons.find((s) => s.year === 1956)).toMatchObject({ position: null, points: null });
  });

  it('adds up points scored apart from championship points, which count only what the standings kept', async () => {
    for (const id of ['juan-manuel-fangio', 'michael-schumacher']) {
      const driver = await get<DriverDetail>(`/api/f1/drivers/${id}/`);
      expect(driver.career.points).toBeCloseTo(sum(allRows.filter(ofDriver(id)).map((r) => r.points)), 6);
      expect(driver.career.championship_points).toBeCloseTo(
        sum(driverStandings.filter(ofDriver(id)).map((s) => s.points)),
        6,
      );
      expect(driver.career.championship_points).not.toBeCloseTo(driver.career.points, 6);
    }
  });
});

describe('a team whose cars were shared', () => {
  it("counts Ferrari's wins by race: 1956 Argentina once", async () => {
    const ferrariWins = raceRows.filter((r) => r.constructorId === 'ferrari' && r.position === 1);
    expect(ferrariWins.filter((r) => r.race === '1956/01-argentina')).toHaveLength(2);
    const ferrari = await get<TeamDetail>('/api/f1/teams/ferrari/');
    expect(ferrari.career.wins).toBe(distinctRaces(ferrariWins));
    expect(ferrari.career.wins).toBe(ferrariWins.length - 1);
    expect(ferrari.seasons.find((s) => s.year === 1956)).toMatchObject({ wins: 1 });
  });

  it("counts Alfa Romeo's 1951 France win once", async () => {
    const winners = raceRows.filter((r) => r.race === '1951/04-france' && r.position === 1);
    expect(winners.map((r) => [r.driverId, r.constructorId, r.sharedCar ?? false])).toEqual([
      ['luigi-fagioli', 'alfa-romeo', false],
      ['juan-manuel-fangio', 'alfa-romeo', true],
    ]);
    const alfa = await get<TeamDetail>('/api/f1/teams/alfa-romeo/');
    expect(alfa.seasons.find((s) => s.year === 1951)).toMatchObject({ wins: 1, podiums: 1 });
  });

  it('counts podium places of unshared cars only (F1DB totalPodiums)', async () => {
    for (const id of ['ferrari', 'alfa-romeo', 'cooper', 'maserati']) {
      const rows = raceRows.filter(ofTeam(id)).filter(podiumPlace);
      const team = await get<TeamDetail>(`/api/f1/teams/${id}/`);
      expect(team.career.podiums, id).toBe(rows.filter((r) => !r.sharedCar).length);
    }
    // Ferrari 1951 France: González second (Ascari shared his car), Villoresi third.
    const ferrari = await get<TeamDetail>('/api/f1/teams/ferrari/');
    expect(ferrari.seasons.find((s) => s.year === 1951)).toMatchObject({ wins: 0, podiums: 2 });
    // Cooper 1960 Argentina: McLaren won, Trintignant third in the car Moss shared.
    const cooper = await get<TeamDetail>('/api/f1/teams/cooper/');
    expect(cooper.seasons.find((s) => s.year === 1960)).toMatchObject({ wins: 1 });
  });

  it('has no standings points before 1958, but the points its cars scored', async () => {
    const ferrari = await get<TeamDetail>('/api/f1/teams/ferrari/');
    const ferrariRows = allRows.filter(ofTeam('ferrari'));
    expect(ferrari.seasons.find((s) => s.year === 1956)).toEqual(
      expect.objectContaining({
        position: null,
        points: null,
        points_scored: sum(ferrariRows.filter((r) => r.year === 1956).map((r) => r.points)),
      }),
    );
    // Career points count from 1958 on; championship points are the constructors' standings.
    expect(ferrari.career.points).toBeCloseTo(sum(ferrariRows.filter((r) => r.year >= 1958).map((r) => r.points)), 6);
    expect(ferrari.career.championship_points).toBeCloseTo(
      sum(constructorStandings.filter(ofTeam('ferrari')).map((s) => s.points)),
      6,
    );
  });

  it("shows a season's best placed standing of a team with two engines, and counts every row as championship points", async () => {
    const rows = constructorStandings.filter((s) => s.year === 1960 && s.constructorId === 'cooper');
    expect(rows.length).toBeGreaterThan(1); // Cooper-Climax, Cooper-Maserati, Cooper-Castellotti
    const cooper = await get<TeamDetail>('/api/f1/teams/cooper/');
    expect(cooper.seasons.find((s) => s.year === 1960)).toMatchObject({
      position: rows[0]?.position,
      points: rows[0]?.points,
    });
    expect(cooper.career.championship_points).toBeCloseTo(
      sum(constructorStandings.filter(ofTeam('cooper')).map((s) => s.points)),
      6,
    );
  });
});

describe('poles and fastest laps', () => {
  it('count the result rows F1DB flags: a shared fastest lap counts for every car that set it', async () => {
    const fastest = readYaml<{ position: number; driverId: string; constructorId: string }>(
      path.join(SEASONS, '1954/races/05-great-britain/fastest-laps.yml'),
    ).filter((r) => r.position === 1);
    expect(fastest.length).toBeGreaterThan(1);
    const maserati = await get<TeamDetail>('/api/f1/teams/maserati/');
    const maseratiLaps = years.flatMap((year) =>
      readdirSync(path.join(SEASONS, String(year), 'races')).flatMap((folder) =>
        readYaml<{ position: number; constructorId: string }>(
          path.join(SEASONS, String(year), 'races', folder, 'fastest-laps.yml'),
        ).filter((r) => r.position === 1 && r.constructorId === 'maserati'),
      ),
    );
    expect(maserati.career.fastest_laps).toBe(maseratiLaps.length);

    // Fangio's pole of 1956 Argentina: his own car, first on the grid, though he won in another.
    const fangio = await get<DriverDetail>('/api/f1/drivers/juan-manuel-fangio/');
    const grids = years.flatMap((year) =>
      readdirSync(path.join(SEASONS, String(year), 'races')).flatMap((folder) =>
        readYaml<{ position: number; driverId: string }>(
          path.join(SEASONS, String(year), 'races', folder, 'starting-grid-positions.yml'),
        ).filter((r) => r.position === 1 && r.driverId === 'juan-manuel-fangio'),
      ),
    );
    expect(fangio.career.poles).toBe(grids.length);
  });
});
