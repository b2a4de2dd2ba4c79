import type { Race, RaceDetail, RaceResults } from '@paddock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addClassification,
  addFastestLap,
  addQualifying,
  addResult,
  createCircuit,
  createCountry,
  createDriver,
  createRace,
  createTeam,
  DAY,
  HOUR,
} from '../support/factories/f1.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json<T>() };
};
const ago = (ms: number) => new Date(Date.now() - ms);

describe('race completion', () => {
  it('counts a race with results as completed', async () => {
    const race = await createRace(t.database.db, { startsAt: ago(10 * DAY) });
    const [driver, team] = [await createDriver(t.database.db), await createTeam(t.database.db)];
    await addResult(t.database.db, { raceId: race.id, driverId: driver.id, teamId: team.id, position: 1, points: 25 });
    const { body } = await get<RaceDetail>(`/api/f1/races/${race.id}/`);
    expect(body).toMatchObject({ is_completed: true, has_results: true });
  });

  it('counts a race that started more than 3 hours ago as completed even without results', async () => {
    const race = await createRace(t.database.db, { startsAt: ago(3 * HOUR + 60_000) });
    const { body } = await get<RaceDetail>(`/api/f1/races/${race.id}/`);
    expect(body).toMatchObject({ is_completed: true, has_results: false });
  });

  it('does not count a race still within 3 hours of its start, or a future one', async () => {
    const running = await createRace(t.database.db, { startsAt: ago(2 * HOUR) });
    const future = await createRace(t.database.db, { startsAt: ago(-2 * DAY) });
    for (const race of [running, future]) {
      const { body } = await get<RaceDetail>(`/api/f1/races/${race.id}/`);
      expect(body).toMatchObject({ is_completed: false, has_results: false });
    }
  });
});

describe('race detail', () => {
  it('shows the podium, winner, circuit and neighbours in the calendar', async () => {
    const db = t.database.db;
    const italy = await createCountry(db, { id: 'italy', name: 'Italy', alpha2Code: 'IT' });
    const monaco = await createCountry(db, { id: 'monaco', name: 'Monaco', alpha2Code: 'MC' });
    const monza = await createCircuit(db, { id: 'monza', name: 'Monza', placeName: 'Monza', countryId: italy.id });
    const first = await createRace(db, { year: 2030, startsAt: new Date('2030-03-10T14:00:00Z') });
    const race = await createRace(db, {
      year: 2030,
      startsAt: new Date('2030-09-05T13:00:00Z'),
      circuitId: monza.id,
      grandPrix: { name: 'Italy', fullName: 'Italian Grand Prix' },
    });
    const last = await createRace(db, { year: 2030, startsAt: new Date('2030-12-01T13:00:00Z') });
    const team = await createTeam(db, { id: 'ferrari', name: 'Ferrari', colour: '#DC0000' });
    const ds = [
      await createDriver(db, {
        id: 'charles-leclerc',
        name: 'Charles Leclerc',
        abbreviation: 'LEC',
        nationalityCountryId: monaco.id,
      }),
      await createDriver(db, { id: 'carlos-sainz', name: 'Carlos Sainz', abbreviation: 'SAI' }),
      await createDriver(db, { id: 'oliver-bearman', name: 'Oliver Bearman', abbreviation: null, lastName: 'Bearman' }),
      await createDriver(db),
    ];
    await addClassification(
      db,
      race.id,
      ds.map((d) => ({ driverId: d.id, teamId: team.id })),
    );

    const { status, body } = await get<RaceDetail>(`/api/f1/races/${race.id}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: race.id,
      name: 'Italian Grand Prix',
      season: { year: 2030 },
      round_number: 2,
      circuit_name: 'Monza',
      location: 'Monza',
      country: 'Italy',
      country_code: 'IT',
      circuit: { id: 'monza', name: 'Monza', location: 'Monza', country: 'Italy', country_code: 'IT' },
      date: '2030-09-05T13:00:00.000Z',
      time_known: true,
      laps: 53,
      previous_race_id: first.id,
      next_race_id: last.id,
      rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
      average_rating: null,
      review_count: 0,
      is_watched: false,
      user_review_id: null,
    });
    expect(body.winner).toEqual({
      position: 1,
      driver: { id: 'charles-leclerc', full_name: 'Charles Leclerc', short_name: 'LEC', country_code: 'MC' },
      team: { id: 'ferrari', name: 'Ferrari', colour: '#DC0000' },
    });
    expect(body.podium.map((p) => [p.position, p.driver.id, p.driver.short_name])).toEqual([
      [1, 'charles-leclerc', 'LEC'],
      [2, 'carlos-sainz', 'SAI'],
      [3, 'oliver-bearman', 'Bearman'],
    ]);
  });

  it('answers an unknown or non-numeric race id with the DRF 404', async () => {
    for (const id of ['999999', 'abc', '12abc', '-1', '99999999999999999999']) {
      const res = await get<unknown>(`/api/f1/races/${id}/`);
      expect(res, id).toEqual({ status: 404, body: { detail: 'Not found.' } });
      expect((await get<unknown>(`/api/f1/races/${id}/results/`)).status).toBe(404);
      expect((await get<unknown>(`/api/f1/races/${id}/thought-status/`)).status).toBe(404);
    }
  });

  it('also answers without the trailing slash', async () => {
    const race = await createRace(t.database.db);
    expect((await get<Race>(`/api/f1/races/${race.id}`)).status).toBe(200);
  });
});

describe('race results', () => {
  it('lists the classification with statuses, the sprint, qualifying and the fastest lap', async () => {
    const db = t.database.db;
    const race = await createRace(db, { startsAt: ago(20 * DAY), sprintRaceDate: '2020-01-01' });
    const team = await createTeam(db);
    const d = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createDriver(db)));
    const row = (i: number) => ({ raceId: race.id, driverId: d[i]!.id, teamId: team.id });
    await addResult(db, { ...row(0), position: 1, time: '1:32:07.986', points: 25, grid: 2 });
    await addResult(db, { ...row(1), position: 2, gap: '+4.123', points: 18, grid: 1 });
    await addResult(db, { ...row(2), position: 3, gap: '+1 lap', points: 15 });
    await addResult(db, { ...row(3), position: 4, gap: '+2 laps', points: 12, fastestLap: true });
    await addResult(db, { ...row(4), position: 'DNF', reasonRetired: 'Engine', laps: 30 });
    await addResult(db, { ...row(5), position: 'DSQ' });
    await addResult(db, { ...row(1), position: 1, session: 'SPRINT_RACE', points: 8 });
    await addQualifying(db, { ...row(1), position: 1, q1: '1:20.100', q2: '1:19.900', q3: '1:19.500' });
    await addFastestLap(db, { ...row(3), lap: 51, time: '1:21.046' });

    const { status, body } = await get<RaceResults>(`/api/f1/races/${race.id}/results/`);
    expect(status).toBe(200);
    expect(body.race_id).toBe(race.id);
    expect(body.classification.map((r) => [r.position, r.time, r.status, r.fastest_lap])).toEqual([
      ['1', '1:32:07.986', 'Finished', false],
      ['2', '+4.123', 'Finished', false],
      ['3', '+1 lap', '+1 Lap', false],
      ['4', '+2 laps', '+2 Laps', true],
      ['DNF', null, 'Engine', false],
      ['DSQ', null, 'DSQ', false],
    ]);
    expect(body.classification[0]).toMatchObject({ position_number: 1, grid: '2', points: 25, laps: 53 });
    expect(body.sprint).toHaveLength(1);
    expect(body.sprint[0]).toMatchObject({ driver: { id: d[1]!.id }, points: 8, status: 'Finished' });
    expect(body.qualifying).toHaveLength(1);
    expect(body.qualifying[0]).toMatchObject({
      position: '1',
      driver: { id: d[1]!.id },
      q3: '1:19.500',
      time: '1:19.500',
    });
    expect(body.fastest_laps).toHaveLength(1);
    expect(body.fastest_laps[0]).toMatchObject({ driver: { id: d[3]!.id }, lap: 51, time: '1:21.046' });
  });

  it('returns empty lists for a race without results', async () => {
    const race = await createRace(t.database.db);
    const { body } = await get<RaceResults>(`/api/f1/races/${race.id}/results/`);
    expect(body).toEqual({
      race_id: race.id,
      classification: [],
      sprint: [],
      qualifying: [],
      fastest_laps: [],
      spoilers_hidden: false,
    });
  });
});
