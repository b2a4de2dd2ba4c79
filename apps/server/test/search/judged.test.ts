import type { SearchResult } from '@paddock/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareData } from '../../src/startup.ts';
import { registerUser } from '../support/auth.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Search relevance, judged: what a fan types and the result they mean, over the shipped F1 data and a
 * few members. The first result is what the palette shows first: the first hit of the first group in
 * the answer's `order`. A race is named with its season, a driver or team by its id, a member by
 * username. The file reports its hit rate, which must stay at 95% or more.
 */

const JUDGED: [query: string, expected: string][] = [
  // Surnames, first names, typos and nicknames without accents.
  ['ham', 'driver:lewis-hamilton'],
  ['hamilton', 'driver:lewis-hamilton'],
  ['hamiltn', 'driver:lewis-hamilton'],
  ['lewis', 'driver:lewis-hamilton'],
  ['max', 'driver:max-verstappen'],
  ['verstappen', 'driver:max-verstappen'],
  ['verstapen', 'driver:max-verstappen'],
  ['alonso', 'driver:fernando-alonso'],
  ['fernando', 'driver:fernando-alonso'],
  ['senna', 'driver:ayrton-senna'],
  ['ayrton', 'driver:ayrton-senna'],
  ['senna 1988', 'driver:ayrton-senna'],
  ['leclerc', 'driver:charles-leclerc'],
  ['leclerk', 'driver:charles-leclerc'],
  ['charles', 'driver:charles-leclerc'],
  ['schumacher', 'driver:michael-schumacher'],
  ['schumi', 'driver:michael-schumacher'],
  ['kimi', 'driver:kimi-raikkonen'],
  ['raikkonen', 'driver:kimi-raikkonen'],
  ['iceman', 'driver:kimi-raikkonen'],
  ['checo', 'driver:sergio-perez'],
  ['perez', 'driver:sergio-perez'],
  ['norris', 'driver:lando-norris'],
  ['lando', 'driver:lando-norris'],
  ['piastri', 'driver:oscar-piastri'],
  ['bianchi', 'driver:jules-bianchi'],
  ['lawson', 'driver:liam-lawson'],
  // A name shared by a driver and a team: the more prominent of the two.
  ['lec', 'driver:charles-leclerc'],
  ['prost', 'driver:alain-prost'],
  ['hill', 'driver:graham-hill'],
  // Teams.
  ['ferrari', 'team:ferrari'],
  ['red bull', 'team:red-bull'],
  ['mclaren', 'team:mclaren'],
  ['mercedes', 'team:mercedes'],
  ['williams', 'team:williams'],
  ['williams 1992', 'team:williams'],
  ['aston martin', 'team:aston-martin'],
  ['brabham', 'team:brabham'],
  // Circuits, places and countries: the newest race there.
  ['monza', 'race:Italian Grand Prix 2026'],
  ['spa', 'race:Belgian Grand Prix 2026'],
  ['silverstone', 'race:British Grand Prix 2026'],
  ['suzuka', 'race:Japanese Grand Prix 2026'],
  ['interlagos', 'race:São Paulo Grand Prix 2026'],
  ['imola', 'race:Emilia Romagna Grand Prix 2025'],
  ['baku', 'race:Azerbaijan Grand Prix 2026'],
  ['cota', 'race:United States Grand Prix 2026'],
  ['barcelona', 'race:Barcelona-Catalunya Grand Prix 2026'],
  ['zandvoort', 'race:Dutch Grand Prix 2026'],
  ['las vegas', 'race:Las Vegas Grand Prix 2026'],
  ['monaco', 'race:Monaco Grand Prix 2026'],
  ['brazil', 'race:São Paulo Grand Prix 2026'],
  ['japan', 'race:Japanese Grand Prix 2026'],
  ['italy', 'race:Italian Grand Prix 2026'],
  ['mexico', 'race:Mexican Grand Prix 2026'],
  // Years.
  ['spa 2021', 'race:Belgian Grand Prix 2021'],
  ['abu dhabi 2021', 'race:Abu Dhabi Grand Prix 2021'],
  ['monaco 1988', 'race:Monaco Grand Prix 1988'],
  ['2008 brazil', 'race:Brazilian Grand Prix 2008'],
  // Members.
  ['sofia', 'user:sofia_ramirez'],
  ['pitwall', 'user:pitwall_pete'],
  ['giulia', 'user:tifosi_giulia'],
];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SEED_F1: true, SEED_DEMO: false });
  await prepareData(t.app);
  await registerUser(t, { username: 'sofia_ramirez', name: 'Sofía Ramírez' });
  await registerUser(t, { username: 'pitwall_pete', name: 'Pete Lawson' });
  await registerUser(t, { username: 'tifosi_giulia', name: 'Giulia Bianchi' });
});

afterAll(() => t.close());

/** The palette's first result for `q`, named as in JUDGED. */
async function firstResult(q: string): Promise<string | null> {
  const res = await t.app.inject({ method: 'GET', url: `/api/core/search/?q=${encodeURIComponent(q)}` });
  const answer = res.json<SearchResult>();
  for (const group of answer.order) {
    if (group === 'races' && answer.races[0]) return `race:${answer.races[0].name} ${answer.races[0].season.year}`;
    if (group === 'drivers' && answer.drivers[0]) return `driver:${answer.drivers[0].id}`;
    if (group === 'teams' && answer.teams[0]) return `team:${answer.teams[0].id}`;
    if (group === 'users' && answer.users[0]) return `user:${answer.users[0].username}`;
  }
  return null;
}

it(`puts the result a fan means first for at least 95% of ${JUDGED.length} judged queries`, async () => {
  expect(JUDGED.length).toBeGreaterThanOrEqual(40);
  const misses: string[] = [];
  for (const [q, expected] of JUDGED) {
    const first = await firstResult(q);
    if (first !== expected) misses.push(`"${q}": expected ${expected}, got ${first ?? 'nothing'}`);
  }
  const hitRate = (JUDGED.length - misses.length) / JUDGED.length;
  console.log(
    `[search] judged set: ${(hitRate * 100).toFixed(1)}% of ${JUDGED.length} queries first${misses.length > 0 ? `; misses:\n  ${misses.join('\n  ')}` : ''}`,
  );
  expect(hitRate, misses.join('\n')).toBeGreaterThanOrEqual(0.95);
});
