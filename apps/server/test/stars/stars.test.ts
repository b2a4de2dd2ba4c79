import { describe, expect, it } from 'vitest';
import type { MostStarred, StarredDriver } from '@paddock/contract';
import { addClassification, createDriver, createRace, createTeam, type Driver } from '../support/factories/f1.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { appForTests, pastRace } from '../support/social.ts';

const { t, as } = appForTests();

type Page<T> = { results: T[]; next_cursor: string | null };

/** A completed race whose classification holds `count` new drivers. */
async function raceWithDrivers(count = 5): Promise<{ raceId: number; drivers: Driver[] }> {
  const race = await pastRace(t.database.db);
  const team = await createTeam(t.database.db);
  const drivers: Driver[] = [];
  for (let i = 0; i < count; i += 1) drivers.push(await createDriver(t.database.db));
  await addClassification(
    t.database.db,
    race.id,
    drivers.map((d) => ({ driverId: d.id, teamId: team.id })),
  );
  return { raceId: race.id, drivers };
}

const star = (user: TestUser, raceId: number, driverId: string) =>
  as(user).post<StarredDriver & Record<string, string[]>>('/api/core/starred-drivers/', {
    race_id: raceId,
    driver_id: driverId,
  });

describe('starred drivers', () => {
  it('stars a driver of a completed race, and answers the same star when starred again', async () => {
    const fan = await createUser(t.database.db);
    const { raceId, drivers } = await raceWithDrivers();
    const first = await star(fan, raceId, drivers[0]!.id);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      race_id: raceId,
      driver: { id: drivers[0]!.id, full_name: drivers[0]!.name },
      user: { id: fan.id, username: fan.username },
    });
    const again = await star(fan, raceId, drivers[0]!.id);
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id } });
  });

  it(`allows 3 drivers per race, and not a fourth`, async () => {
    const fan = await createUser(t.database.db);
    const { raceId, drivers } = await raceWithDrivers();
    for (const d of drivers.slice(0, 3)) expect((await star(fan, raceId, d.id)).status).toBe(201);
    expect(await star(fan, raceId, drivers[3]!.id)).toEqual({
      status: 400,
      body: { non_field_errors: ['You can star at most 3 drivers per race.'] },
    });
    // Another race has its own three.
    const other = await raceWithDrivers(1);
    expect((await star(fan, other.raceId, other.drivers[0]!.id)).status).toBe(201);
  });

  it('keeps the limit when the stars arrive at once', async () => {
    const fan = await createUser(t.database.db);
    const { raceId, drivers } = await raceWithDrivers(5);
    const answers = await Promise.all(drivers.map((d) => star(fan, raceId, d.id)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(2);
    const mine = await as(fan).get<Page<StarredDriver>>(`/api/core/starred-drivers/?race_id=${raceId}`);
    expect(mine.body.results).toHaveLength(3);
  });

  it('refuses a race not yet run, a driver who was not in it, and an unknown race', async () => {
    const fan = await createUser(t.database.db);
    const { raceId } = await raceWithDrivers(1);
    const outsider = await createDriver(t.database.db);
    expect(await star(fan, raceId, outsider.id)).toEqual({
      status: 400,
      body: { driver_id: ['This driver is not in the classification of this race.'] },
    });
    const upcoming = await createRace(t.database.db);
    expect(await star(fan, upcoming.id, outsider.id)).toEqual({
      status: 400,
      body: { race_id: ['You can star drivers only once the race is completed.'] },
    });
    expect(Object.keys((await star(fan, 2_000_000_000, outsider.id)).body)).toEqual(['race_id']);
    expect((await as(null).post('/api/core/starred-drivers/', { race_id: raceId, driver_id: 'x' })).status).toBe(401);
  });

  it('lists a user’s stars newest first, and keeps a private account’s to its followers', async () => {
    const [owner, follower, stranger] = [
      await createUser(t.database.db, { isPrivate: true }),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    const { raceId, drivers } = await raceWithDrivers();
    await star(owner, raceId, drivers[0]!.id);
    await star(owner, raceId, drivers[1]!.id);
    await as(follower).post('/api/social/follows/', { user_id: owner.id });
    const [request] = (await as(owner).get<Page<{ id: number }>>('/api/social/follows/requests/')).body.results;
    await as(owner).post(`/api/social/follows/${request!.id}/requests/accept/`, {});

    const own = await as(owner).get<Page<StarredDriver>>('/api/core/starred-drivers/');
    expect(own.body.results.map((s) => s.driver.id)).toEqual([drivers[1]!.id, drivers[0]!.id]);
    const seen = await as(follower).get<Page<StarredDriver>>(`/api/core/starred-drivers/?user_id=${owner.id}`);
    expect(seen.body.results).toHaveLength(2);
    expect((await as(stranger).get(`/api/core/starred-drivers/?user_id=${owner.id}`)).status).toBe(403);
    expect((await as(null).get(`/api/core/starred-drivers/?user_id=${owner.id}`)).status).toBe(403);
    expect((await as(null).get('/api/core/starred-drivers/')).status).toBe(401);
    expect((await as(null).get('/api/core/starred-drivers/?user_id=2000000000')).status).toBe(404);
  });

  it('gives each star its race as a review card shows it, so a profile can list stars by race', async () => {
    const fan = await createUser(t.database.db);
    const { raceId, drivers } = await raceWithDrivers(1);
    const starred = await star(fan, raceId, drivers[0]!.id);
    const listed = await as(null).get<Page<StarredDriver>>(`/api/core/starred-drivers/?user_id=${fan.id}`);
    for (const body of [starred.body, listed.body.results[0]!]) {
      expect(body.race_id).toBe(raceId);
      expect(body.race).toMatchObject({
        id: raceId,
        name: expect.stringMatching(/Grand Prix$/) as string,
        season: { year: expect.any(Number) as number },
        round_number: expect.any(Number) as number,
      });
    }
  });

  it('removes a star only for the user who starred it', async () => {
    const [fan, other] = [await createUser(t.database.db), await createUser(t.database.db)];
    const { raceId, drivers } = await raceWithDrivers();
    const { body } = await star(fan, raceId, drivers[0]!.id);
    expect((await as(other).delete(`/api/core/starred-drivers/${body.id}/`)).status).toBe(404);
    expect((await as(fan).delete(`/api/core/starred-drivers/${body.id}/`)).status).toBe(204);
    expect((await as(fan).delete(`/api/core/starred-drivers/${body.id}/`)).status).toBe(404);
    expect((await star(fan, raceId, drivers[0]!.id)).status).toBe(201);
  });

  it('shows the community’s most-starred drivers, without a private account’s stars', async () => {
    const { raceId, drivers } = await raceWithDrivers();
    const [a, b, c] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    const hidden = await createUser(t.database.db, { isPrivate: true });
    for (const fan of [a, b, c]) await star(fan, raceId, drivers[2]!.id);
    for (const fan of [a, b]) await star(fan, raceId, drivers[0]!.id);
    await star(a, raceId, drivers[4]!.id);
    for (const d of [drivers[4]!, drivers[3]!]) await star(hidden, raceId, d.id);

    const board = (await as(null).get<MostStarred>(`/api/core/starred-drivers/most-starred/?race_id=${raceId}`)).body;
    expect(board.results.map((r) => [r.driver.id, r.star_count])).toEqual([
      [drivers[2]!.id, 3],
      [drivers[0]!.id, 2],
      [drivers[4]!.id, 1],
    ]);
    // The private account itself sees its own stars counted.
    const own = (await as(hidden).get<MostStarred>(`/api/core/starred-drivers/most-starred/?race_id=${raceId}`)).body;
    expect(own.results.map((r) => [r.driver.id, r.star_count])).toContainEqual([drivers[4]!.id, 2]);
    expect((await as(null).get('/api/core/starred-drivers/most-starred/?race_id=abc')).status).toBe(400);
  });

  it("keeps a guest's most-starred answer only until the race's stars or an account's privacy change", async () => {
    const { raceId, drivers } = await raceWithDrivers();
    const [fan, other] = [await createUser(t.database.db), await createUser(t.database.db)];
    const board = async () =>
      (await as(null).get<MostStarred>(`/api/core/starred-drivers/most-starred/?race_id=${raceId}`)).body.results.map(
        (r) => [r.driver.id, r.star_count],
      );
    expect(await board()).toEqual([]);
    const { body } = await star(fan, raceId, drivers[1]!.id);
    expect(await board()).toEqual([[drivers[1]!.id, 1]]);
    await star(other, raceId, drivers[1]!.id);
    expect(await board()).toEqual([[drivers[1]!.id, 2]]);
    await as(other).patch('/api/social/users/me/', { is_private: true });
    expect(await board()).toEqual([[drivers[1]!.id, 1]]);
    await as(fan).delete(`/api/core/starred-drivers/${body.id}/`);
    expect(await board()).toEqual([]);
  });
});
