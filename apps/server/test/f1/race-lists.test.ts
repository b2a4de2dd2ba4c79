import type { Race } from '@paddock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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

/*
 * One calendar shared by the list tests: season 2019 (three completed races, one of them at a
 * São Paulo circuit), two past races of 2020 with the same start, a race that started an hour ago,
 * and upcoming races.
 */
let t: TestApp;
const ids: Record<string, number> = {};
const at = (iso: string) => new Date(iso);
const fromNow = (ms: number) => new Date(Math.floor((Date.now() + ms) / 60_000) * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const brazil = await createCountry(db, { id: 'brazil', name: 'Brazil', alpha2Code: 'BR' });
  const interlagos = await createCircuit(db, {
    id: 'interlagos',
    name: 'Interlagos',
    placeName: 'São Paulo',
    countryId: brazil.id,
  });
  const driver = await createDriver(db);
  const team = await createTeam(db);
  ids.bahrain19 = (
    await createRace(db, {
      startsAt: at('2019-03-31T15:10:00Z'),
      grandPrix: { name: 'Bahrain', fullName: 'Bahrain Grand Prix' },
    })
  ).id;
  ids.brazil19 = (
    await createRace(db, {
      startsAt: at('2019-11-17T17:10:00Z'),
      circuitId: interlagos.id,
      grandPrix: { name: 'Brazil', fullName: 'Brazilian Grand Prix' },
    })
  ).id;
  ids.abuDhabi19 = (
    await createRace(db, {
      startsAt: at('2019-12-01T13:10:00Z'),
      grandPrix: { name: 'Abu Dhabi', fullName: 'Abu Dhabi Grand Prix' },
    })
  ).id;
  ids.austria20a = (await createRace(db, { startsAt: at('2020-07-05T13:10:00Z') })).id;
  ids.austria20b = (await createRace(db, { startsAt: at('2020-07-05T13:10:00Z') })).id;
  for (const id of [ids.bahrain19, ids.brazil19, ids.abuDhabi19]) {
    await addResult(db, { raceId: id, driverId: driver.id, teamId: team.id, position: 1, points: 25 });
  }
  ids.running = (await createRace(db, { startsAt: fromNow(-HOUR) })).id;
  ids.next = (await createRace(db, { startsAt: fromNow(2 * DAY) })).id;
  ids.later = (await createRace(db, { startsAt: fromNow(9 * DAY) })).id;
  ids.soonest = (await createRace(db, { startsAt: fromNow(HOUR) })).id;
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json<T>() };
};
type Page = { results: Race[]; next_cursor: string | null };

describe('GET /api/f1/races/', () => {
  it('pages newest first without repeating or skipping a race, ties broken by id', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/f1/races/?page_size=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const { status, body } = await get<Page>(url);
      expect(status).toBe(200);
      expect(body.results.length).toBeLessThanOrEqual(3);
      seen.push(...body.results.map((r) => r.id));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([
      ids.later,
      ids.next,
      ids.soonest,
      ids.running,
      ids.austria20b,
      ids.austria20a,
      ids.abuDhabi19,
      ids.brazil19,
      ids.bahrain19,
    ]);
  });

  it('lists a whole season by round in one page', async () => {
    const { body } = await get<Page>('/api/f1/races/?season=2019&page_size=1');
    expect(body.results.map((r) => [r.id, r.round_number])).toEqual([
      [ids.bahrain19, 1],
      [ids.brazil19, 2],
      [ids.abuDhabi19, 3],
    ]);
    expect(body.next_cursor).toBeNull();
  });

  it('keeps completed races with reviewable_only=true', async () => {
    const { body } = await get<Page>('/api/f1/races/?reviewable_only=true&page_size=100');
    expect(body.results.map((r) => r.id)).toEqual([
      ids.austria20b,
      ids.austria20a,
      ids.abuDhabi19,
      ids.brazil19,
      ids.bahrain19,
    ]);
    expect(body.results.every((r) => r.is_completed)).toBe(true);
  });

  it('searches grand prix, place and year, ignoring accents and case', async () => {
    const names = async (q: string) =>
      (await get<Page>(`/api/f1/races/?search=${encodeURIComponent(q)}`)).body.results.map((r) => r.id);
    expect(await names('sao paulo')).toEqual([ids.brazil19]);
    expect(await names('SÃO')).toEqual([ids.brazil19]);
    expect(await names('brazilian interlagos')).toEqual([ids.brazil19]);
    expect(await names('2019 abu dhabi')).toEqual([ids.abuDhabi19]);
    expect(await names('2020 abu dhabi')).toEqual([]);
    expect(await names('100%_')).toEqual([]);
  });

  it('rejects a malformed cursor or season with field errors', async () => {
    expect(await get('/api/f1/races/?cursor=not-a-cursor')).toEqual({
      status: 400,
      body: { cursor: ['Invalid cursor.'] },
    });
    const bad = await get<Record<string, string[]>>('/api/f1/races/?season=abc');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['season']);
  });
});

describe('race lists for the home screen', () => {
  it('lists upcoming races soonest first, leaving out started ones', async () => {
    const { body } = await get<Race[]>('/api/f1/races/upcoming/');
    expect(body.map((r) => r.id)).toEqual([ids.soonest, ids.next, ids.later]);
    expect((await get<Race[]>('/api/f1/races/upcoming/?limit=1')).body.map((r) => r.id)).toEqual([ids.soonest]);
    expect((await get('/api/f1/races/upcoming/?limit=0')).status).toBe(400);
  });

  it('recommends recently completed races for review, newest first', async () => {
    const { body } = await get<Race[]>('/api/f1/races/recommended_for_review/');
    expect(body.map((r) => r.id)).toEqual([
      ids.austria20b,
      ids.austria20a,
      ids.abuDhabi19,
      ids.brazil19,
      ids.bahrain19,
    ]);
  });
});
