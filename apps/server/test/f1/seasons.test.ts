import type { SeasonRaceResult, SeasonStats, SeasonSummary } from '@paddock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDriverStanding, addResult, createRace } from '../support/factories/f1.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { buildTwoSeasons } from './two-seasons.ts';

let t: TestApp;
let data: Awaited<ReturnType<typeof buildTwoSeasons>>;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  data = await buildTwoSeasons(db);
  const { ver, lec, per } = data.drivers;
  const { redBull, ferrari } = data.teams;
  // 2021: results only, no standings at all.
  const a = await createRace(db, { year: 2021, startsAt: new Date('2021-05-09T13:00:00Z') });
  await addResult(db, { raceId: a.id, driverId: per.id, teamId: redBull.id, position: 1, points: 25 });
  await addResult(db, { raceId: a.id, driverId: lec.id, teamId: ferrari.id, position: 2, points: 18 });
  await addResult(db, { raceId: a.id, driverId: ver.id, teamId: redBull.id, position: 3, points: 15 });
  const b = await createRace(db, { year: 2021, startsAt: new Date('2021-05-23T13:00:00Z') });
  await addResult(db, { raceId: b.id, driverId: lec.id, teamId: ferrari.id, position: 1, points: 25 });
  await addResult(db, { raceId: b.id, driverId: ver.id, teamId: redBull.id, position: 2, points: 18 });
  // 2020: standings after round 1 only; round 2 has results the standings have not caught up with.
  const c = await createRace(db, { year: 2020, startsAt: new Date('2020-07-05T13:00:00Z') });
  await addResult(db, { raceId: c.id, driverId: ver.id, teamId: redBull.id, position: 1, points: 25 });
  await addResult(db, { raceId: c.id, driverId: per.id, teamId: redBull.id, position: 2, points: 18 });
  await addDriverStanding(db, { year: 2020, raceId: c.id, driverId: ver.id, position: 1, points: 25 });
  await addDriverStanding(db, { year: 2020, raceId: c.id, driverId: per.id, position: 2, points: 18 });
  const d = await createRace(db, { year: 2020, startsAt: new Date('2020-07-12T13:00:00Z') });
  await addResult(db, { raceId: d.id, driverId: per.id, teamId: redBull.id, position: 1, points: 25 });
  // 2020 round 3 has run, and its results have not come in.
  await createRace(db, { year: 2020, startsAt: new Date('2020-07-19T13:00:00Z') });
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json<T>() };
};

describe('GET /api/f1/seasons/', () => {
  it('lists seasons newest first with race counts, and champions only once a season is complete', async () => {
    const { body } = await get<SeasonSummary[]>('/api/f1/seasons/');
    expect(body.map((s) => s.year)).toEqual([2023, 2022, 2021, 2020]);
    expect(body[0]).toEqual({
      year: 2023,
      race_count: 2,
      completed_races: 1,
      driver_champion: null,
      constructor_champion: null,
    });
    expect(body[1]).toEqual({
      year: 2022,
      race_count: 2,
      completed_races: 2,
      driver_champion: { id: 'charles-leclerc', full_name: 'Charles Leclerc', short_name: 'LEC', country_code: 'MC' },
      constructor_champion: { id: 'ferrari', name: 'Ferrari', colour: '#E8002D' },
    });
    // Complete, but without final standings there is no champion to name.
    expect(body[2]).toMatchObject({ year: 2021, race_count: 2, completed_races: 2, driver_champion: null });
  });
});

describe('GET /api/f1/season_stats/', () => {
  it('uses the final standings, with wins counted from the results', async () => {
    const { status, body } = await get<SeasonStats>('/api/f1/season_stats/?season=2022');
    expect(status).toBe(200);
    expect(body).toMatchObject({ season: 2022, total_races: 2, completed_races: 2 });
    expect(body.driver_standings.map((s) => [s.position, s.driver.id, s.points, s.wins])).toEqual([
      [1, 'charles-leclerc', 51, 1],
      [2, 'max-verstappen', 50, 1],
      [3, 'alexander-albon', 24, 0],
      [4, 'sergio-perez', 15, 0],
      [5, 'carlos-sainz-jr', 15, 0],
    ]);
    expect(body.driver_standings[0]?.teams).toEqual([{ id: 'ferrari', name: 'Ferrari', colour: '#E8002D' }]);
    expect(body.constructor_standings.map((s) => [s.position, s.team.id, s.points, s.wins])).toEqual([
      [1, 'ferrari', 66, 1],
      [2, 'red-bull', 65, 1],
      [3, 'williams', 24, 0],
    ]);
  });

  it('charts cumulative points after each round for the top drivers', async () => {
    const { body } = await get<SeasonStats>('/api/f1/season_stats/?season=2022');
    const { rounds, drivers } = body.points_progression;
    expect(rounds).toEqual([
      { round: 1, race_id: data.races.r1.id, name: 'Bahrain Grand Prix' },
      { round: 2, race_id: data.races.r2.id, name: 'Emilia Romagna Grand Prix' },
    ]);
    expect(drivers.map((d) => [d.driver.id, d.team_colour, d.points])).toEqual([
      ['charles-leclerc', '#E8002D', [18, 51]],
      ['max-verstappen', '#3671C6', [25, 50]],
      ['alexander-albon', '#64C4FF', [12, 24]],
      ['sergio-perez', '#3671C6', [15, 15]],
      ['carlos-sainz-jr', '#E8002D', [0, 15]],
    ]);
  });

  it('counts only completed races of a running season', async () => {
    const { body } = await get<SeasonStats>('/api/f1/season_stats/?season=2023');
    expect(body).toMatchObject({ total_races: 2, completed_races: 1 });
    expect(body.driver_standings.map((s) => s.driver.id)).toEqual([
      'sergio-perez',
      'max-verstappen',
      'charles-leclerc',
    ]);
  });

  it('falls back to the latest race standings, then to the results', async () => {
    const latest = await get<SeasonStats>('/api/f1/season_stats/?season=2020');
    expect(latest.body.driver_standings.map((s) => [s.position, s.driver.id, s.points, s.wins])).toEqual([
      [1, 'max-verstappen', 25, 1],
      [2, 'sergio-perez', 18, 1],
    ]);
    // The chart still shows round 2, from the results.
    expect(latest.body.points_progression.drivers.map((d) => d.points)).toEqual([
      [25, 25],
      [18, 43],
    ]);

    const computed = await get<SeasonStats>('/api/f1/season_stats/?season=2021');
    expect(computed.body.driver_standings.map((s) => [s.position, s.driver.id, s.points, s.wins])).toEqual([
      [1, 'charles-leclerc', 43, 1],
      [2, 'max-verstappen', 33, 0],
      [3, 'sergio-perez', 25, 1],
    ]);
    expect(computed.body.constructor_standings.map((s) => [s.position, s.team.id, s.points])).toEqual([
      [1, 'red-bull', 58],
      [2, 'ferrari', 43],
    ]);
    // Computed places are plain numbers; without an engine maker a team is named alone.
    expect(computed.body.driver_standings.map((s) => s.position_text)).toEqual(['1', '2', '3']);
    expect(computed.body.constructor_standings.map((s) => [s.position_text, s.name, s.engine])).toEqual([
      ['1', 'Red Bull', null],
      ['2', 'Ferrari', null],
    ]);
    expect(computed.body.constructors_championship).toBe(true);
  });

  it('says which round the standings stand after, and how many races that ran await their results', async () => {
    const after = async (season: number) => {
      const { body } = await get<SeasonStats>(`/api/f1/season_stats/?season=${season}`);
      return [body.standings_round, body.total_races, body.completed_races, body.results_pending];
    };
    // Final standings: after the last round.
    expect(await after(2022)).toEqual([2, 2, 2, 0]);
    // The running season's own standings (F1DB keeps the current ones there) and those after round 1 agree.
    expect(await after(2023)).toEqual([1, 2, 1, 0]);
    // Standings after round 1, though round 2 has results and round 3 has run without any.
    expect(await after(2020)).toEqual([1, 3, 3, 1]);
    // Computed from the results: after the last round with results.
    expect(await after(2021)).toEqual([2, 2, 2, 0]);
  });

  it('answers a missing or malformed season with a field error, an unknown one with 404', async () => {
    for (const url of ['/api/f1/season_stats/', '/api/f1/season_stats/?season=abc', '/api/f1/race_results/']) {
      const res = await get<Record<string, string[]>>(url);
      expect(res.status, url).toBe(400);
      expect(res.body).toEqual({ season: ['A valid integer is required.'] });
    }
    expect(await get('/api/f1/season_stats/?season=1999')).toEqual({ status: 404, body: { detail: 'Not found.' } });
  });
});

describe('GET /api/f1/race_results/', () => {
  it('lists each race of the season by round with its podium', async () => {
    const { status, body } = await get<SeasonRaceResult[]>('/api/f1/race_results/?season=2022');
    expect(status).toBe(200);
    expect(body.map((r) => [r.race.round_number, r.race.name, r.podium.map((p) => p.driver.id)])).toEqual([
      [1, 'Bahrain Grand Prix', ['max-verstappen', 'charles-leclerc', 'sergio-perez']],
      [2, 'Emilia Romagna Grand Prix', ['charles-leclerc', 'max-verstappen', 'carlos-sainz-jr']],
    ]);
    const running = await get<SeasonRaceResult[]>('/api/f1/race_results/?season=2023');
    expect(running.body.map((r) => r.podium.length)).toEqual([3, 0]);
  });
});
