import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RACE_WEEKEND_SESSIONS, type RaceResults, type RaceWeekend } from '@paddock/contract';
import { TIMED_SESSIONS } from '../../src/db/schema/f1.ts';
import { readF1db } from '../../src/f1data/f1db-reader.ts';
import { importF1Data } from '../../src/f1data/importer.ts';
import { F1DB_HISTORY_FIXTURE } from '../support/f1data.ts';
import { signedIn, type TestUser } from '../support/factories/users.ts';
import { appForTests } from '../support/social.ts';
import { markWatched, readerWith } from '../spoilers/world.ts';

/*
 * A race page's F1DB data beyond the classification: the weekend (grids, timed sessions, pit stops, driver of
 * the day) and the details of each result (fastest-lap flags, interval, engine, tyres, chassis, entrant), read
 * from real F1DB races. Every expectation is computed from the fixture's YAML, as F1DB has it.
 */

const CHINA_2024 = 1106;
const FRANCE_1951 = 11;
const BRITAIN_1954 = 37;
const RACE_DIRS: Record<number, string> = {
  [CHINA_2024]: '2024/races/05-china',
  [FRANCE_1951]: '1951/races/04-france',
  [BRITAIN_1954]: '1954/races/05-great-britain',
};

const { t, as } = appForTests();
beforeAll(async () => {
  await importF1Data(t.database.db, readF1db(F1DB_HISTORY_FIXTURE));
});

type Yaml = Record<string, unknown>;
/** A race's F1DB file, as the fixture holds it. */
const yamlOf = (raceId: number, file: string) =>
  parse(readFileSync(path.join(F1DB_HISTORY_FIXTURE, 'data/seasons', RACE_DIRS[raceId]!, file), 'utf8')) as Yaml[];
/** F1DB's value as the API gives it: text as it is, numbers as text, nothing as null. */
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

async function get<T>(user: TestUser | null, url: string, headers: Record<string, string> = {}) {
  const auth = user === null ? {} : await signedIn(t, user);
  const res = await t.app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });
  return { status: res.statusCode, body: res.json<T>() };
}
const weekendUrl = (id: number | string) => `/api/f1/races/${id}/weekend/`;
const resultsUrl = (id: number | string) => `/api/f1/races/${id}/results/`;

describe('the race weekend', () => {
  it('names the same timed sessions, in the same order, as the data layer', () => {
    expect(RACE_WEEKEND_SESSIONS).toEqual(TIMED_SESSIONS);
  });

  it('gives 2024 China’s race and sprint grids with their penalties and qualifying times', async () => {
    const { status, body } = await get<RaceWeekend>(null, weekendUrl(CHINA_2024));
    expect(status).toBe(200);
    expect(body.race_id).toBe(CHINA_2024);
    expect(body.spoilers_hidden).toBe(false);
    const grid = (rows: RaceWeekend['starting_grid']) =>
      rows.map((r) => [r.position, r.driver.id, r.team.id, r.number, r.penalty, r.time]);
    const fromYaml = (file: string) =>
      yamlOf(CHINA_2024, file).map((r) => [
        text(r.position),
        r.driverId,
        r.constructorId,
        text(r.driverNumber),
        text(r.gridPenalty),
        text(r.time),
      ]);
    expect(grid(body.starting_grid)).toEqual(fromYaml('starting-grid-positions.yml'));
    expect(grid(body.sprint_starting_grid)).toEqual(fromYaml('sprint-starting-grid-positions.yml'));
    expect(body.starting_grid).toHaveLength(20);
    // Sargeant started from the pit lane: a place in the order, no grid number.
    expect(body.starting_grid.at(-1)).toMatchObject({
      position: 'PL',
      position_number: null,
      driver: { id: 'logan-sargeant', full_name: 'Logan Sargeant' },
      team: { id: 'williams' },
    });
    expect(body.starting_grid[0]).toMatchObject({
      position: '1',
      position_number: 1,
      driver: { id: 'max-verstappen' },
    });
  });

  it('gives 2024 China’s practice and sprint qualifying, in the order the weekend ran them', async () => {
    const { body } = await get<RaceWeekend>(null, weekendUrl(CHINA_2024));
    expect(body.sessions.map((s) => [s.session, s.name])).toEqual([
      ['FREE_PRACTICE_1', 'Practice 1'],
      ['SPRINT_QUALIFYING', 'Sprint qualifying'],
    ]);
    const rows = (session: string) =>
      body.sessions
        .find((s) => s.session === session)!
        .rows.map((r) => [
          r.position,
          r.driver.id,
          r.team.id,
          r.number,
          r.time,
          r.gap,
          r.interval,
          r.laps,
          r.q1,
          r.q2,
          r.q3,
        ]);
    const fromYaml = (file: string) =>
      yamlOf(CHINA_2024, file).map((r) => [
        text(r.position),
        r.driverId,
        r.constructorId,
        text(r.driverNumber),
        text(r.time),
        text(r.gap),
        text(r.interval),
        r.laps ?? null,
        text(r.q1),
        text(r.q2),
        text(r.q3),
      ]);
    expect(rows('FREE_PRACTICE_1')).toEqual(fromYaml('free-practice-1-results.yml'));
    expect(rows('SPRINT_QUALIFYING')).toEqual(fromYaml('sprint-qualifying-results.yml'));
    expect(body.sessions[0]!.rows[1]).toMatchObject({
      driver: { id: 'oscar-piastri' },
      time: '1:36.629',
      gap: '+0.327',
      interval: '+0.327',
      laps: 24,
    });
  });

  it('calls the timed sessions of older weekends by their names: warm-up, practice', async () => {
    const { body } = await get<RaceWeekend>(null, weekendUrl(614));
    expect(body.sessions.map((s) => s.name)).toEqual(['Practice 1', 'Practice 2', 'Warm-up']);
    // No sessions, pit stops nor vote in 1954: empty lists, not missing ones.
    const britain = (await get<RaceWeekend>(null, weekendUrl(BRITAIN_1954))).body;
    expect(britain).toMatchObject({ sessions: [], pit_stops: [], driver_of_the_day: [], sprint_starting_grid: [] });
    expect(britain.starting_grid.length).toBeGreaterThan(0);
  });

  it('gives every pit stop of 2024 China and the driver of the day vote', async () => {
    const { body } = await get<RaceWeekend>(null, weekendUrl(CHINA_2024));
    expect(body.pit_stops.map((p) => [p.driver.id, p.team.id, p.number, p.stop, p.lap, p.time])).toEqual(
      yamlOf(CHINA_2024, 'pit-stops.yml').map((r) => [
        r.driverId,
        r.constructorId,
        text(r.driverNumber),
        r.stop,
        r.lap,
        text(r.time),
      ]),
    );
    expect(body.pit_stops).toHaveLength(40);
    expect(body.pit_stops[0]).toMatchObject({ driver: { id: 'nico-hulkenberg' }, stop: 1, lap: 8, time: '23.004' });
    expect(
      body.driver_of_the_day.map((v) => [v.position, v.position_number, v.driver.id, v.team.id, v.percentage]),
    ).toEqual(
      yamlOf(CHINA_2024, 'driver-of-the-day-results.yml').map((r) => [
        text(r.position),
        r.position,
        r.driverId,
        r.constructorId,
        r.percentage,
      ]),
    );
    expect(body.driver_of_the_day[0]).toMatchObject({ driver: { id: 'lando-norris' }, percentage: 26.39 });
  });

  it('answers an unknown or non-numeric race id with the DRF 404', async () => {
    for (const id of ['999999', 'abc', '12abc', '-1', '99999999999999999999']) {
      expect(await get<unknown>(null, weekendUrl(id)), id).toEqual({ status: 404, body: { detail: 'Not found.' } });
    }
  });
});

describe('the spoiler shield on the weekend (decision 033)', () => {
  it('withholds the pit stops and the driver of the day, never the grids and sessions, and lifts with the race', async () => {
    const reader = await readerWith(t, as, 'unwatched');
    const everyone = (await get<RaceWeekend>(null, weekendUrl(CHINA_2024))).body;

    const shielded = await get<RaceWeekend>(reader, weekendUrl(CHINA_2024));
    expect(shielded.status).toBe(200);
    expect(shielded.body).toEqual({ ...everyone, pit_stops: [], driver_of_the_day: [], spoilers_hidden: true });
    // The shielded answer was never cached for others.
    expect((await get<RaceWeekend>(null, weekendUrl(CHINA_2024))).body).toEqual(everyone);

    const revealed = await get<RaceWeekend>(reader, weekendUrl(CHINA_2024), {
      'x-spoilers-revealed': String(CHINA_2024),
    });
    expect(revealed.body).toEqual(everyone);
    const malformed = await get<unknown>(reader, weekendUrl(CHINA_2024), { 'x-spoilers-revealed': 'china' });
    expect(malformed).toEqual({ status: 400, body: { 'x-spoilers-revealed': ['Enter comma-separated race ids.'] } });

    await markWatched(as, reader, CHINA_2024);
    expect((await get<RaceWeekend>(reader, weekendUrl(CHINA_2024))).body).toEqual(everyone);
  });

  it('withholds the fastest laps with the classification', async () => {
    const reader = await readerWith(t, as, 'unwatched');
    const shielded = (await get<RaceResults>(reader, resultsUrl(CHINA_2024))).body;
    expect(shielded).toMatchObject({ spoilers_hidden: true, classification: [], sprint: [], fastest_laps: [] });
    expect(shielded.qualifying).toHaveLength(20);
  });
});

describe('the details of each result', () => {
  const flagged = (rows: RaceResults['classification']) =>
    rows.filter((r) => r.fastest_lap).map((r) => [r.number, r.driver.id]);

  it('names all seven drivers who shared 1954 Britain’s fastest lap, and flags their seven cars', async () => {
    const { body } = await get<RaceResults>(null, resultsUrl(BRITAIN_1954));
    const first = yamlOf(BRITAIN_1954, 'fastest-laps.yml').filter((r) => r.position === 1);
    expect(first).toHaveLength(7);
    expect(body.fastest_laps.map((f) => [f.number, f.driver.id, f.team.id, f.lap, f.time])).toEqual(
      first.map((r) => [text(r.driverNumber), r.driverId, r.constructorId, r.lap ?? null, text(r.time)]),
    );
    expect(flagged(body.classification).sort()).toEqual(first.map((r) => [text(r.driverNumber), r.driverId]).sort());
  });

  it('flags only the car that set 1951 France’s fastest lap, not its driver’s other car', async () => {
    const { body } = await get<RaceResults>(null, resultsUrl(FRANCE_1951));
    const [fastest] = yamlOf(FRANCE_1951, 'fastest-laps.yml').filter((r) => r.position === 1);
    expect(fastest).toMatchObject({ driverNumber: 4, driverId: 'juan-manuel-fangio' });
    expect(flagged(body.classification)).toEqual([['4', 'juan-manuel-fangio']]);
    expect(body.fastest_laps.map((f) => [f.number, f.driver.id, f.lap, f.time])).toEqual([
      ['4', 'juan-manuel-fangio', 32, '2:27.800'],
    ]);
    // Fangio took over Fagioli's winning car #8: both are classified first, the car's second driver shared.
    expect(
      body.classification.filter((r) => r.number === '8').map((r) => [r.driver.id, r.position, r.shared_car]),
    ).toEqual([
      ['luigi-fagioli', '1', false],
      ['juan-manuel-fangio', '1', true],
    ]);
  });

  it('gives each row F1DB’s time, gap, interval and penalty as they are, and its flags', async () => {
    const { body } = await get<RaceResults>(null, resultsUrl(CHINA_2024));
    const fromYaml = yamlOf(CHINA_2024, 'race-results.yml').map((r) => [
      r.driverId,
      text(r.time),
      text(r.gap),
      text(r.interval),
      text(r.timePenalty),
    ]);
    expect(body.classification.map((r) => [r.driver.id, r.elapsed_time, r.gap, r.interval, r.time_penalty])).toEqual(
      fromYaml,
    );
    const sprint = yamlOf(CHINA_2024, 'sprint-race-results.yml');
    expect(body.sprint.map((r) => [r.driver.id, r.elapsed_time, r.time_penalty])).toEqual(
      sprint.map((r) => [r.driverId, text(r.time), text(r.timePenalty)]),
    );
    const [fastest] = yamlOf(CHINA_2024, 'fastest-laps.yml');
    const [vote] = yamlOf(CHINA_2024, 'driver-of-the-day-results.yml');
    const [pole] = yamlOf(CHINA_2024, 'starting-grid-positions.yml');
    const holders = (flag: 'fastest_lap' | 'pole_position' | 'driver_of_the_day') =>
      body.classification.filter((r) => r[flag]).map((r) => r.driver.id);
    expect(holders('fastest_lap')).toEqual([fastest!.driverId]);
    expect(holders('driver_of_the_day')).toEqual([vote!.driverId]);
    expect(holders('pole_position')).toEqual([pole!.driverId]);
    expect(body.sprint.filter((r) => r.fastest_lap || r.driver_of_the_day)).toEqual([]);
  });

  it('names each car’s engine maker, engines, tyres, chassis and entrant', async () => {
    const china = (await get<RaceResults>(null, resultsUrl(CHINA_2024))).body;
    const car = ({ engine, engine_models, tyres, chassis, entrant }: RaceResults['classification'][number]) => ({
      engine,
      engine_models,
      tyres,
      chassis,
      entrant,
    });
    expect(car(china.classification.find((r) => r.driver.id === 'max-verstappen')!)).toEqual({
      engine: 'Honda RBPT',
      engine_models: ['Honda RBPTH002 1.6 V6 T H'],
      tyres: 'Pirelli',
      chassis: ['Red Bull RB20'],
      entrant: 'Oracle Red Bull Racing',
    });
    expect(car(china.sprint.find((r) => r.driver.id === 'max-verstappen')!)).toMatchObject({
      entrant: 'Oracle Red Bull Racing',
    });
    // Ecurie Rosier entered two Ferrari chassis and engines in 1954: both, in F1DB's order.
    const britain = (await get<RaceResults>(null, resultsUrl(BRITAIN_1954))).body;
    expect(car(britain.classification.find((r) => r.driver.id === 'louis-rosier')!)).toEqual({
      engine: 'Ferrari',
      engine_models: ['Ferrari 500 2.0 L4', 'Ferrari 625 2.5 L4'],
      tyres: 'Dunlop',
      chassis: ['Ferrari 500', 'Ferrari 625'],
      entrant: 'Ecurie Rosier',
    });
  });
});
