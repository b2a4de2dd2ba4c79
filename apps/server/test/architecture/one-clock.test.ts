import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { clock } from '../../src/lib/clock.ts';
import { addResult, createDriver, createTeam } from '../support/factories/f1.ts';
import { createUser } from '../support/factories/users.ts';
import { caller, pastRace } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Times that rules and pages read are the server clock's (lib/clock.ts), which CLOCK_START moves for a
 * demo on a race weekend, not the database's now(): an account, a follow request, a notification and a
 * star made while the clock reads 2031 say 2031.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const AT = Date.UTC(2031, 4, 6, 12, 0, 0);

it('stamps what it stores with the server clock, not the database clock', async () => {
  vi.spyOn(clock, 'now').mockReturnValue(AT);
  const as = caller(t);
  const lena = await createUser(t.database.db, { isPrivate: true });
  const max = await createUser(t.database.db);
  const race = await pastRace(t.database.db);
  const driver = await createDriver(t.database.db);
  const team = await createTeam(t.database.db);
  await addResult(t.database.db, { raceId: race.id, driverId: driver.id, teamId: team.id, position: 1 });

  const profile = await as(max).get<{ created_at: string }>(`/api/social/users/by_username/?username=${lena.username}`);
  expect(profile.body.created_at).toBe(new Date(AT).toISOString());

  expect((await as(max).post('/api/social/follows/', { user_id: lena.id })).status).toBe(201);
  const requests = await as(lena).get<{ results: { created_at: string }[] }>('/api/social/follows/requests/');
  expect(requests.body.results.map((r) => r.created_at)).toEqual([new Date(AT).toISOString()]);
  const ana = await createUser(t.database.db);
  expect((await as(max).post('/api/social/follows/', { user_id: ana.id })).status).toBe(201);
  const notifications = await as(ana).get<{ results: { created_at: string }[] }>('/api/social/notifications/');
  expect(notifications.body.results.map((n) => n.created_at)).toEqual([new Date(AT).toISOString()]);

  const star = await as(max).post<{ created_at: string }>('/api/core/starred-drivers/', {
    race_id: race.id,
    driver_id: driver.id,
  });
  expect(star.status).toBe(201);
  expect(star.body.created_at).toBe(new Date(AT).toISOString());
});
