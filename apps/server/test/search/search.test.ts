import type { SearchResult } from '@paddock/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceReviewStats, users } from '../../src/db/schema/index.ts';
import { selectRows } from '../../src/lib/sql.ts';
import { usersSql } from '../../src/modules/search/queries.ts';
import {
  addResult,
  createCircuit,
  createCountry,
  createDriver,
  createGrandPrix,
  createRace,
  createTeam,
} from '../support/factories/f1.ts';
import { bearer, registerUser } from '../support/auth.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const mexico = await createCountry(db, { id: 'mexico', name: 'Mexico', alpha2Code: 'MX' });
  const uk = await createCountry(db, { id: 'united-kingdom', name: 'United Kingdom', alpha2Code: 'GB' });
  const italy = await createCountry(db, { id: 'italy', name: 'Italy', alpha2Code: 'IT' });
  const uae = await createCountry(db, { id: 'united-arab-emirates', name: 'United Arab Emirates', alpha2Code: 'AE' });

  const perez = await createDriver(db, {
    id: 'sergio-perez',
    name: 'Sergio Pérez',
    firstName: 'Sergio',
    lastName: 'Pérez',
    fullName: 'Sergio Michel Pérez Mendoza',
    abbreviation: 'PER',
    nationalityCountryId: mexico.id,
  });
  await createDriver(db, {
    id: 'luis-perez-sala',
    name: 'Luis Pérez-Sala',
    lastName: 'Pérez-Sala',
    fullName: 'Luis Pérez-Sala Valls-Taberner',
  });
  const lewis = await createDriver(db, {
    id: 'lewis-hamilton',
    name: 'Lewis Hamilton',
    lastName: 'Hamilton',
    fullName: 'Lewis Carl Davidson Hamilton',
    abbreviation: 'HAM',
    nationalityCountryId: uk.id,
  });
  await createDriver(db, {
    id: 'duncan-hamilton',
    name: 'Duncan Hamilton',
    lastName: 'Hamilton',
    fullName: 'James Duncan Hamilton',
    nationalityCountryId: uk.id,
  });
  await createDriver(db, {
    id: 'max-verstappen',
    name: 'Max Verstappen',
    lastName: 'Verstappen',
    fullName: 'Max Emilian Verstappen',
    abbreviation: 'VER',
  });
  const ferrari = await createTeam(db, {
    id: 'ferrari',
    name: 'Ferrari',
    fullName: 'Scuderia Ferrari',
    countryId: italy.id,
    teamPrincipal: 'Frédéric Vasseur',
  });
  await createTeam(db, { id: 'ferrari-customer', name: 'Ferrari Customers', fullName: 'Customer Ferrari Entries' });

  const monza = await createCircuit(db, {
    id: 'monza',
    name: 'Monza',
    fullName: 'Autodromo Nazionale Monza',
    placeName: 'Monza',
    countryId: italy.id,
  });
  const italianGp = await createGrandPrix(db, {
    id: 'italy',
    name: 'Italy',
    fullName: 'Italian Grand Prix',
    shortName: 'Italian GP',
  });
  const yas = await createCircuit(db, {
    id: 'yas-marina',
    name: 'Yas Marina',
    placeName: 'Abu Dhabi',
    countryId: uae.id,
  });
  const abuDhabiGp = await createGrandPrix(db, {
    id: 'abu-dhabi',
    name: 'Abu Dhabi',
    fullName: 'Abu Dhabi Grand Prix',
    shortName: 'Abu Dhabi GP',
  });
  ids.monza2020 = (
    await createRace(db, { startsAt: new Date('2020-09-06T13:10:00Z'), circuitId: monza.id, grandPrixId: italianGp.id })
  ).id;
  ids.monza2021 = (
    await createRace(db, { startsAt: new Date('2021-09-12T13:00:00Z'), circuitId: monza.id, grandPrixId: italianGp.id })
  ).id;
  ids.abuDhabi2020 = (
    await createRace(db, { startsAt: new Date('2020-12-13T13:10:00Z'), circuitId: yas.id, grandPrixId: abuDhabiGp.id })
  ).id;
  ids.abuDhabi2021 = (
    await createRace(db, { startsAt: new Date('2021-12-12T13:00:00Z'), circuitId: yas.id, grandPrixId: abuDhabiGp.id })
  ).id;

  // A circuit whose place merely contains "ham" (Brands Hatch lies in Fawkham).
  const brandsHatch = await createCircuit(db, { id: 'brands-hatch', name: 'Brands Hatch', placeName: 'Fawkham' });
  const britishGp = await createGrandPrix(db, {
    id: 'great-britain',
    name: 'Great Britain',
    fullName: 'British Grand Prix',
  });
  ids.brandsHatch1986 = (
    await createRace(db, {
      startsAt: new Date('1986-07-13T13:00:00Z'),
      circuitId: brandsHatch.id,
      grandPrixId: britishGp.id,
    })
  ).id;
  // The 2020 Abu Dhabi race is much reviewed: three reviews outweigh the one season the 2021 race is newer.
  await db.insert(raceReviewStats).values({ raceId: ids.abuDhabi2020, reviewCount: 3, ratingSum: 12, rating4: 3 });

  // Lewis Hamilton has more starts than Duncan, Sergio Pérez more than Luis Pérez-Sala.
  for (const raceId of [ids.monza2020, ids.monza2021, ids.abuDhabi2020]) {
    await addResult(db, { raceId, driverId: lewis.id, teamId: ferrari.id, position: 1, points: 25 });
    await addResult(db, { raceId, driverId: perez.id, teamId: ferrari.id, position: 2, points: 18 });
  }

  await db.insert(users).values([
    { username: 'tifosi_anna', email: 'anna@example.com', name: 'Anna Rossi', passwordHash: '!', isPrivate: true },
    { username: 'perez_fan', email: 'checo@example.com', name: 'Checo Supporter', passwordHash: '!' },
    { username: 'zoe', email: 'zoe@example.com', name: 'Zoë Müller', passwordHash: '!' },
  ]);
});
afterAll(() => t.close());

const search = async (q: string, extra = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/core/search/?q=${encodeURIComponent(q)}${extra}` });
  expect(res.statusCode).toBe(200);
  return res.json<SearchResult>();
};

describe('GET /api/core/search/', () => {
  it('finds Sergio Pérez without the accent and in any case, ahead of weaker matches', async () => {
    for (const q of ['perez', 'PÉREZ', 'Perez ']) {
      const { drivers } = await search(q);
      expect(drivers[0]).toEqual({
        id: 'sergio-perez',
        full_name: 'Sergio Pérez',
        short_name: 'PER',
        country: 'Mexico',
        country_code: 'MX',
      });
      expect(drivers.map((d) => d.id)).toContain('luis-perez-sala');
    }
  });

  it('ranks Lewis Hamilton first for "hamilton": same match, more race starts', async () => {
    const { drivers } = await search('hamilton');
    expect(drivers.map((d) => d.id)).toEqual(['lewis-hamilton', 'duncan-hamilton']);
  });

  it('ranks an exact name above a prefix above a mere similarity', async () => {
    const { teams } = await search('ferrari');
    expect(teams.map((x) => x.id)).toEqual(['ferrari', 'ferrari-customer']);
    expect(teams[0]).toEqual({
      id: 'ferrari',
      name: 'Ferrari',
      country: 'Italy',
      country_code: 'IT',
      team_principal: 'Frédéric Vasseur',
    });
    expect((await search('lewis hamilton')).drivers[0]?.id).toBe('lewis-hamilton');
  });

  it('forgives a typo through trigram similarity', async () => {
    expect((await search('verstapen')).drivers.map((d) => d.id)).toEqual(['max-verstappen']);
  });

  it('finds the races at a circuit by its name, newest first', async () => {
    const { races } = await search('monza');
    expect(races.map((r) => r.id)).toEqual([ids.monza2021, ids.monza2020]);
    expect(races[0]).toEqual({
      id: ids.monza2021,
      name: 'Italian Grand Prix',
      season: { year: 2021 },
      location: 'Monza',
      circuit_name: 'Monza',
      country_code: 'IT',
      date: '2021-09-12T13:00:00.000Z',
      is_completed: true,
      spoilers_hidden: false,
    });
  });

  it('finds races by grand prix, place and country too', async () => {
    expect((await search('italian')).races.map((r) => r.id)).toEqual([ids.monza2021, ids.monza2020]);
    expect((await search('united arab')).races.map((r) => r.id)).toEqual([ids.abuDhabi2020, ids.abuDhabi2021]);
  });

  it('puts a much-reviewed race ahead of a newer one that matches as well', async () => {
    // Italian races have no reviews: the newest first. The 2020 Abu Dhabi race has three.
    expect((await search('abu dhabi')).races.map((r) => r.id)).toEqual([ids.abuDhabi2020, ids.abuDhabi2021]);
    expect((await search('monza')).races.map((r) => r.id)).toEqual([ids.monza2021, ids.monza2020]);
  });

  it('orders the groups by their best hit, people and teams ahead of races that merely contain the text', async () => {
    const ham = await search('ham');
    expect(ham.order).toEqual(['drivers', 'races', 'teams', 'users']);
    expect(ham.races.map((r) => r.id)).toEqual([ids.brandsHatch1986]);
    expect(ham.drivers[0]?.id).toBe('lewis-hamilton');
    expect((await search('monza')).order[0]).toBe('races');
    expect((await search('ferrari')).order[0]).toBe('teams');
    // A driver and a member whose names both start with the text: the driver's group first.
    expect((await search('perez')).order.slice(0, 2)).toEqual(['drivers', 'users']);
    expect((await search('zoe')).order[0]).toBe('users');
  });

  it('finds a driver by a nickname fans use, ahead of a member who uses it too', async () => {
    const checo = await search('checo');
    expect(checo.order[0]).toBe('drivers');
    expect(checo.drivers[0]?.id).toBe('sergio-perez');
    expect(checo.users.map((u) => u.username)).toEqual(['perez_fan']);
  });

  it('filters races by a year in the query', async () => {
    expect((await search('2021 abu dhabi')).races.map((r) => r.id)).toEqual([ids.abuDhabi2021]);
    expect((await search('abu dhabi 2020')).races.map((r) => r.id)).toEqual([ids.abuDhabi2020]);
    expect((await search('2021')).races.map((r) => r.id)).toEqual([ids.abuDhabi2021, ids.monza2021]);
  });

  it('needs at least 2 characters after trimming', async () => {
    const empty = { races: [], drivers: [], teams: [], users: [], order: ['races', 'drivers', 'teams', 'users'] };
    expect(await search('p')).toEqual(empty);
    expect(await search('   p   ')).toEqual(empty);
    expect(await search('')).toEqual(empty);
    expect((await search(' ma ')).drivers.map((d) => d.id)).toEqual(['max-verstappen']);
  });

  it('matches only word starts for a 2-character query', async () => {
    // "am" is inside "Hamilton" but starts no word.
    expect((await search('am')).drivers).toEqual([]);
  });

  it('finds users, private ones too, with public fields only', async () => {
    const { users: found } = await search('anna');
    expect(found.map((u) => Object.keys(u).sort())).toEqual([['id', 'name', 'profile_picture', 'username']]);
    expect(found[0]).toMatchObject({ username: 'tifosi_anna', name: 'Anna Rossi', profile_picture: null });
    expect((await search('zoe mull')).users.map((u) => u.username)).toEqual(['zoe']);
    const both = await search('perez');
    expect(both.users.map((u) => u.username)).toEqual(['perez_fan']);
  });

  it('caps each group at `limit`', async () => {
    const { drivers } = await search('hamilton', '&limit=1');
    expect(drivers.map((d) => d.id)).toEqual(['lewis-hamilton']);
    const res = await t.app.inject({ method: 'GET', url: '/api/core/search/?q=ham&limit=0' });
    expect(res.statusCode).toBe(400);
  });

  it('treats LIKE wildcards in the query as plain text', async () => {
    expect(await search('%%')).toEqual({
      races: [],
      drivers: [],
      teams: [],
      users: [],
      order: ['races', 'drivers', 'teams', 'users'],
    });
    expect((await search('pe_ez')).drivers).toEqual([]);
  });

  it('reads users through their trigram indexes once there are many', async () => {
    const db = t.database.db;
    const many = Array.from({ length: 3000 }, (_, i) => ({
      username: `gen_member_${i}`,
      email: `gen_member_${i}@example.com`,
      name: `Generated Member ${i}`,
      passwordHash: '!',
    }));
    for (let i = 0; i < many.length; i += 500) await db.insert(users).values(many.slice(i, i + 500));
    await db.execute(sql`analyze users`);
    const needle = { text: 'anna', short: false };
    const rows = await selectRows<Record<string, string>>(db, sql`explain ${usersSql(needle, 8)}`);
    const plan = rows.map((r) => Object.values(r)[0]).join('\n');
    expect(plan).toMatch(/Bitmap Index Scan on users_username_trgm/);
    expect(plan).toMatch(/Bitmap Index Scan on users_name_trgm/);
    expect((await search('anna')).users.map((u) => u.username)).toEqual(['tifosi_anna']);
  });

  it('shows a new account and a changed name in the very next search, though answers are kept', async () => {
    const users = async (q: string) => (await search(q)).users.map((u) => `${u.username}: ${u.name}`);
    expect(await users('kimi')).toEqual([]);
    const first = await t.app.inject({ method: 'GET', url: '/api/core/search/?q=kimi' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/core/search/?q=kimi',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const kimi = await registerUser(t, { username: 'kimi_fan', name: 'Bwoah Enjoyer' });
    expect(await users('kimi')).toEqual(['kimi_fan: Bwoah Enjoyer']);
    expect(await users('iceman')).toEqual([]);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/social/users/me/',
      headers: bearer(kimi.access),
      payload: { name: 'Iceman Admirer' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await users('iceman')).toEqual(['kimi_fan: Iceman Admirer']);
    expect(await users('kimi')).toEqual(['kimi_fan: Iceman Admirer']);
  });
});
