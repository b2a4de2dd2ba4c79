import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SeasonStandings, SeasonStats } from '@paddock/contract';
import { readF1db } from '../../src/f1data/f1db-reader.ts';
import { importF1Data } from '../../src/f1data/importer.ts';
import { F1DB_HISTORY_FIXTURE } from '../support/f1data.ts';
import { addResult, createRace } from '../support/factories/f1.ts';
import { signedIn, type TestUser } from '../support/factories/users.ts';
import { appForTests } from '../support/social.ts';
import { markWatched, readerWith } from '../spoilers/world.ts';

/*
 * The championship standings as F1DB keeps them (GET /api/f1/standings/ and the season statistics' standings),
 * on real F1DB seasons: every expected row is read from the fixture's own YAML.
 */

const JAPAN_1997 = 613;
const EUROPE_1997 = 614;
const MONACO_1960 = 86;

const { t, as } = appForTests();
beforeAll(async () => {
  await importF1Data(t.database.db, readF1db(F1DB_HISTORY_FIXTURE));
  // 1997 round 18: a race without standings after it.
  await createRace(t.database.db, { year: 1997, startsAt: new Date('1997-11-02T13:00:00Z') });
  // 1955: a race whose results came without any standings (as a results sync brings them).
  const race = await createRace(t.database.db, { year: 1955, startsAt: new Date('1955-05-22T13:00:00Z') });
  await addResult(t.database.db, {
    raceId: race.id,
    driverId: 'alberto-ascari',
    teamId: 'ferrari',
    position: 1,
    points: 8,
  });
  await addResult(t.database.db, {
    raceId: race.id,
    driverId: 'juan-manuel-fangio',
    teamId: 'ferrari',
    position: 2,
    points: 6,
  });
});

async function get<T>(url: string, user: TestUser | null = null, headers: Record<string, string> = {}) {
  const auth = user === null ? {} : await signedIn(t, user);
  const res = await t.app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });
  return { status: res.statusCode, body: res.json<T>() };
}

const data = (...parts: string[]) => path.join(F1DB_HISTORY_FIXTURE, 'data', ...parts);
const yaml = <T>(...parts: string[]) => parse(readFileSync(data(...parts), 'utf8')) as T;
const nameOf = (dir: string, id: string) => yaml<{ name: string }>(dir, `${id}.yml`).name;
/** A race is named by its grand prix's full name. */
const grandPrix = (id: string) => yaml<{ fullName: string }>('grands-prix', `${id}.yml`).fullName;

interface YamlDriverStanding {
  position: number | string;
  driverId: string;
  points: number;
}
interface YamlConstructorStanding {
  position: number | string;
  constructorId: string;
  engineManufacturerId: string;
  points: number;
}

interface YamlResult {
  position: number | string;
  constructorId: string;
  engineManufacturerId: string;
}

/** A place as the API answers it: F1DB's text, and the number only when it is one. */
const place = (position: number | string) => ({
  position: typeof position === 'number' ? position : null,
  position_text: String(position),
});

/** The driver standings of a YAML file, as [position, position_text, driver, points] rows. */
function driverRows(file: string[]) {
  return yaml<YamlDriverStanding[]>(...file).map((r) => {
    const p = place(r.position);
    return [p.position, p.position_text, r.driverId, r.points];
  });
}

/**
 * The constructor standings of a YAML file, as [position, position_text, team, engine, name, points] rows: the
 * name carries the engine maker's when the team appears with more than one in that file.
 */
function constructorRows(file: string[]) {
  const rows = yaml<YamlConstructorStanding[]>(...file);
  const engines = (team: string) =>
    new Set(rows.filter((r) => r.constructorId === team).map((r) => r.engineManufacturerId));
  return rows.map((r) => {
    const p = place(r.position);
    const team = nameOf('constructors', r.constructorId);
    const engine = nameOf('engine-manufacturers', r.engineManufacturerId);
    const name = engines(r.constructorId).size > 1 ? `${team}-${engine}` : team;
    return [p.position, p.position_text, r.constructorId, engine, name, r.points];
  });
}

const answeredDrivers = (rows: SeasonStandings['driver_standings']) =>
  rows.map((r) => [r.position, r.position_text, r.driver.id, r.points]);
const answeredConstructors = (rows: SeasonStandings['constructor_standings']) =>
  rows.map((r) => [r.position, r.position_text, r.team.id, r.engine, r.name, r.points]);

const japan = { round: 16, race_id: JAPAN_1997, name: grandPrix('japan') };
const europe = { round: 17, race_id: EUROPE_1997, name: grandPrix('europe') };

describe('GET /api/f1/standings/', () => {
  it("answers a season's final standings, keeping Schumacher's 1997 disqualification", async () => {
    const { status, body } = await get<SeasonStandings>('/api/f1/standings/?season=1997');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      season: 1997,
      round: 17,
      race: { id: EUROPE_1997, name: europe.name },
      rounds: [japan, europe],
      final: true,
      constructors_championship: true,
      spoilers_hidden: false,
    });
    expect(answeredDrivers(body.driver_standings)).toEqual(driverRows(['seasons', '1997', 'driver-standings.yml']));
    expect(answeredConstructors(body.constructor_standings)).toEqual(
      constructorRows(['seasons', '1997', 'constructor-standings.yml']),
    );
    const schumacher = body.driver_standings.find((r) => r.driver.id === 'michael-schumacher');
    expect(schumacher).toMatchObject({ position: null, position_text: 'DSQ' });
  });

  it('answers the standings after a round exactly as F1DB has them after that race', async () => {
    const { status, body } = await get<SeasonStandings>('/api/f1/standings/?season=1997&round=16');
    expect(status).toBe(200);
    expect(body).toMatchObject({ round: 16, race: { id: JAPAN_1997, name: japan.name }, final: false });
    const race = ['seasons', '1997', 'races', '16-japan'];
    expect(answeredDrivers(body.driver_standings)).toEqual(driverRows([...race, 'driver-standings.yml']));
    expect(answeredConstructors(body.constructor_standings)).toEqual(
      constructorRows([...race, 'constructor-standings.yml']),
    );
    // Schumacher led after Japan: the disqualification came with the season's end.
    expect(body.driver_standings[0]).toMatchObject({ position: 1, position_text: '1' });
  });

  it('names a constructor with its engine maker when it is ranked with more than one', async () => {
    const { body } = await get<SeasonStandings>('/api/f1/standings/?season=1960&round=2');
    expect(body.race).toEqual({ id: MONACO_1960, name: grandPrix('monaco') });
    const file = ['seasons', '1960', 'races', '02-monaco', 'constructor-standings.yml'];
    expect(answeredConstructors(body.constructor_standings)).toEqual(constructorRows(file));
    expect(body.constructor_standings.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Cooper-Climax', 'Cooper-Maserati', 'Ferrari']),
    );
  });

  it.each([1951, 1954, 1956])(
    'answers no constructors’ standings for %i, before that championship began',
    async (season) => {
      const standings = await get<SeasonStandings>(`/api/f1/standings/?season=${season}`);
      expect(standings.status).toBe(200);
      expect(standings.body).toMatchObject({
        final: true,
        constructors_championship: false,
        constructor_standings: [],
      });
      expect(answeredDrivers(standings.body.driver_standings)).toEqual(
        driverRows(['seasons', String(season), 'driver-standings.yml']),
      );
      const stats = await get<SeasonStats>(`/api/f1/season_stats/?season=${season}`);
      expect(stats.body).toMatchObject({ constructors_championship: false, constructor_standings: [] });
      expect(stats.body.driver_standings.length).toBeGreaterThan(0);
    },
  );

  it('answers 404 for a round without standings, a round the season lacks and a season without races', async () => {
    for (const url of [
      '/api/f1/standings/?season=1997&round=18',
      '/api/f1/standings/?season=1997&round=1',
      '/api/f1/standings/?season=1999',
      '/api/f1/standings/?season=1999&round=1',
    ]) {
      expect(await get(url), url).toEqual({ status: 404, body: { detail: 'Not found.' } });
    }
  });

  it('answers a malformed season or round with a field error', async () => {
    for (const url of [
      '/api/f1/standings/',
      '/api/f1/standings/?season=abc',
      '/api/f1/standings/?season=1997&round=0',
    ]) {
      const res = await get<Record<string, string[]>>(url);
      expect(res.status, url).toBe(400);
      expect(Object.keys(res.body), url).toEqual([url.includes('round') ? 'round' : 'season']);
    }
  });

  it('withholds the standings that count a race the reader’s spoiler shield hides', async () => {
    const reader = await readerWith(t, as, 'unwatched');
    const shielded = await get<SeasonStandings>('/api/f1/standings/?season=1997', reader);
    expect(shielded.status).toBe(200);
    expect(shielded.body).toMatchObject({
      final: true,
      rounds: [japan, europe],
      driver_standings: [],
      constructor_standings: [],
      spoilers_hidden: true,
    });
    // Japan watched: the standings after it are theirs to see, the final ones still count Europe.
    await markWatched(as, reader, JAPAN_1997);
    const afterJapan = await get<SeasonStandings>('/api/f1/standings/?season=1997&round=16', reader);
    expect(afterJapan.body.spoilers_hidden).toBe(false);
    expect(afterJapan.body.driver_standings.length).toBeGreaterThan(0);
    expect((await get<SeasonStandings>('/api/f1/standings/?season=1997', reader)).body.spoilers_hidden).toBe(true);
    // Europe revealed for this session.
    const revealed = await get<SeasonStandings>('/api/f1/standings/?season=1997', reader, {
      'x-spoilers-revealed': String(EUROPE_1997),
    });
    expect(revealed.body).toMatchObject({ spoilers_hidden: false, final: true });
    expect(revealed.body.driver_standings.length).toBeGreaterThan(0);
    // Guests are never shielded.
    expect((await get<SeasonStandings>('/api/f1/standings/?season=1997')).body.spoilers_hidden).toBe(false);
  });
});

describe('GET /api/f1/season_stats/ standings', () => {
  it('computes the drivers’ standings of a season without any from its results, but no constructors’ before 1958', async () => {
    const { body } = await get<SeasonStats>('/api/f1/season_stats/?season=1955');
    expect(body.driver_standings.map((r) => [r.position, r.position_text, r.driver.id, r.points])).toEqual([
      [1, '1', 'alberto-ascari', 8],
      [2, '2', 'juan-manuel-fangio', 6],
    ]);
    expect(body).toMatchObject({ constructors_championship: false, constructor_standings: [] });
    // The standings endpoint answers F1DB's rows only: there are none.
    const standings = await get<SeasonStandings>('/api/f1/standings/?season=1955');
    expect(standings.body).toMatchObject({ round: null, race: null, rounds: [], final: false, driver_standings: [] });
  });

  it('keeps F1DB’s position text and names constructors by engine where F1DB ranks them so', async () => {
    const s1997 = (await get<SeasonStats>('/api/f1/season_stats/?season=1997')).body;
    expect(s1997.constructors_championship).toBe(true);
    expect(s1997.driver_standings.map((r) => [r.position, r.position_text, r.driver.id, r.points])).toEqual(
      driverRows(['seasons', '1997', 'driver-standings.yml']),
    );
    const s1960 = (await get<SeasonStats>('/api/f1/season_stats/?season=1960')).body;
    expect(
      s1960.constructor_standings.map((r) => [r.position, r.position_text, r.team.id, r.engine, r.name, r.points]),
    ).toEqual(constructorRows(['seasons', '1960', 'constructor-standings.yml']));
    // Wins are counted per constructor and engine, from the fixture's two 1960 races.
    const winners = ['01-argentina', '02-monaco'].map((race) =>
      yaml<YamlResult[]>('seasons', '1960', 'races', race, 'race-results.yml').find((r) => r.position === 1)!,
    );
    const wins = (team: string, engine: string) =>
      winners.filter((w) => w.constructorId === team && w.engineManufacturerId === engine).length;
    expect(s1960.constructor_standings.map((r) => [r.name, r.wins])).toEqual(
      yaml<YamlConstructorStanding[]>('seasons', '1960', 'constructor-standings.yml').map((r, i) => [
        s1960.constructor_standings[i]?.name,
        wins(r.constructorId, r.engineManufacturerId),
      ]),
    );
    expect(s1960.constructor_standings.find((r) => r.name === 'Cooper-Climax')?.wins).toBe(1);
  });
});
