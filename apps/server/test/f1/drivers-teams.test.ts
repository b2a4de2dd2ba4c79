import type { Driver, DriverDetail, Team, TeamDetail } from '@paddock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { buildTwoSeasons } from './two-seasons.ts';

let t: TestApp;
let data: Awaited<ReturnType<typeof buildTwoSeasons>>;
beforeAll(async () => {
  t = await createTestApp();
  data = await buildTwoSeasons(t.database.db);
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json<T>() };
};

describe('GET /api/f1/drivers/', () => {
  it("lists the latest season's race drivers in standings order, then by name, without test drivers", async () => {
    const { status, body } = await get<Driver[]>('/api/f1/drivers/');
    expect(status).toBe(200);
    expect(body.map((d) => d.id)).toEqual([
      'sergio-perez',
      'max-verstappen',
      'charles-leclerc',
      'alexander-albon',
      'carlos-sainz-jr',
    ]);
    expect(body[0]).toEqual({
      id: 'sergio-perez',
      full_name: 'Sergio Pérez',
      short_name: 'PER',
      country: 'Mexico',
      country_code: 'MX',
      number: '11',
      abbreviation: 'PER',
      current_team: { id: 'red-bull', name: 'Red Bull', colour: '#3671C6' },
    });
    expect(body.find((d) => d.id === 'alexander-albon')).toMatchObject({ short_name: 'Albon', abbreviation: null });
  });

  it('lists another season by its final standings', async () => {
    const { body } = await get<Driver[]>('/api/f1/drivers/?season=2022');
    expect(body.map((d) => d.id)).toEqual([
      'charles-leclerc',
      'max-verstappen',
      'alexander-albon',
      'sergio-perez',
      'carlos-sainz-jr',
    ]);
  });

  it('answers an invalid season with a field error and an empty season with an empty list', async () => {
    const bad = await get<Record<string, string[]>>('/api/f1/drivers/?season=abc');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['season']);
    expect((await get('/api/f1/drivers/?season=1999')).body).toEqual([]);
  });
});

describe('GET /api/f1/drivers/{id}/', () => {
  it('adds up career figures: starts, wins, podiums, poles, fastest laps, points with sprints, titles', async () => {
    // Leclerc's 2022 round 1 pole is only a qualifying first place, unflagged on his result: F1DB's rule
    // counts the flagged result rows (decision 035), so it is not a pole here.
    const { status, body } = await get<DriverDetail>('/api/f1/drivers/charles-leclerc/');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 'charles-leclerc',
      full_name: 'Charles Leclerc',
      legal_name: 'Charles Marc Hervé Perceval Leclerc',
      short_name: 'LEC',
      date_of_birth: '1997-10-16',
      place_of_birth: 'Monte Carlo',
      current_team: { id: 'ferrari', name: 'Ferrari', colour: '#E8002D' },
      career: {
        starts: 3,
        wins: 1,
        podiums: 3,
        poles: 0,
        fastest_laps: 1,
        points: 66,
        championship_points: 66,
        championships: 1,
      },
      first_race: { id: data.races.r1.id, name: 'Bahrain Grand Prix', year: 2022 },
      last_race: { id: data.races.r3.id, name: 'Sakhir Grand Prix', year: 2023 },
    });
    expect(body.seasons).toEqual([
      {
        year: 2023,
        teams: [{ id: 'ferrari', name: 'Ferrari', colour: '#E8002D' }],
        position: 3,
        points: 15,
        points_scored: 15,
        starts: 1,
        wins: 0,
        podiums: 1,
        best_finish: 3,
      },
      {
        year: 2022,
        teams: [{ id: 'ferrari', name: 'Ferrari', colour: '#E8002D' }],
        position: 1,
        points: 51,
        points_scored: 51,
        starts: 2,
        wins: 1,
        podiums: 2,
        best_finish: 1,
      },
    ]);
  });

  it('counts poles and fastest laps from the result rows F1DB flags, not from qualifying or fastest-lap rows', async () => {
    // Verstappen's 2022 round 1 fastest lap is only in the fastest-lap table; his round 2 pole is flagged.
    const { body } = await get<DriverDetail>('/api/f1/drivers/max-verstappen/');
    expect(body.career).toEqual({
      starts: 3,
      wins: 1,
      podiums: 3,
      poles: 1,
      fastest_laps: 0,
      points: 68,
      championship_points: 68,
      championships: 0,
    });
  });

  it('does not count a start it did not make, nor the lead of a season still running as a title', async () => {
    const { body } = await get<DriverDetail>('/api/f1/drivers/sergio-perez/');
    expect(body.career).toMatchObject({ starts: 2, wins: 1, podiums: 2, championships: 0 });
    expect(body.seasons.find((s) => s.year === 2022)).toMatchObject({ starts: 1, best_finish: 3 });
  });

  it('answers an unknown driver with 404', async () => {
    expect(await get('/api/f1/drivers/nobody/')).toEqual({ status: 404, body: { detail: 'Not found.' } });
  });
});

describe('GET /api/f1/teams/', () => {
  it('lists a season’s teams in constructor standings order', async () => {
    const { body } = await get<Team[]>('/api/f1/teams/?season=2022');
    expect(body.map((x) => x.id)).toEqual(['ferrari', 'red-bull', 'williams']);
    expect(body[0]).toEqual({
      id: 'ferrari',
      name: 'Ferrari',
      full_name: 'Scuderia Ferrari',
      country: 'Italy',
      country_code: 'IT',
      team_principal: 'Alex Morgan',
      colour: '#E8002D',
    });
    expect((await get<Team[]>('/api/f1/teams/')).body.map((x) => x.id)).toEqual(['red-bull', 'ferrari', 'williams']);
  });
});

describe('GET /api/f1/teams/{id}/', () => {
  it('shows the current race drivers, career figures and seasons', async () => {
    const { status, body } = await get<TeamDetail>('/api/f1/teams/ferrari/');
    expect(status).toBe(200);
    expect(body.current_drivers.map((d) => d.id)).toEqual(['charles-leclerc', 'carlos-sainz-jr']);
    expect(body.current_drivers[0]?.current_team).toEqual({ id: 'ferrari', name: 'Ferrari', colour: '#E8002D' });
    expect(body.career).toEqual({
      starts: 3,
      entries: 3,
      wins: 1,
      podiums: 4,
      poles: 0, // Leclerc's qualifying first place of 2022 round 1 is no flagged pole
      fastest_laps: 1,
      points: 81,
      championship_points: 81,
      championships: 1,
    });
    expect(
      body.seasons.map((s) => [
        s.year,
        s.position,
        s.points,
        s.points_scored,
        s.wins,
        s.podiums,
        s.drivers.map((d) => d.id),
      ]),
    ).toEqual([
      [2023, 2, 15, 15, 0, 1, ['charles-leclerc', 'carlos-sainz-jr']],
      [2022, 1, 66, 66, 1, 3, ['carlos-sainz-jr', 'charles-leclerc']], // both from round 1: by name
    ]);
    expect(body.first_race).toEqual({ id: data.races.r1.id, name: 'Bahrain Grand Prix', year: 2022 });
  });

  it('answers an unknown team with 404', async () => {
    expect(await get('/api/f1/teams/nobody/')).toEqual({ status: 404, body: { detail: 'Not found.' } });
  });
});
