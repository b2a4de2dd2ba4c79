import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Race, RaceDetail, Review, SeasonStats } from '@paddock/contract';
import { clock } from '../../src/lib/clock.ts';
import { createRace, DAY } from '../support/factories/f1.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { caller } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * What the F1 pages show of the community (decision 006): figures of public accounts' reviews, and the
 * signed-in viewer's own state. One season of four completed races and one upcoming race.
 */

let t: TestApp;
let as: ReturnType<typeof caller>;
let races: { id: number; round: number }[];
let upcoming: { id: number };
let fans: TestUser[];
const YEAR = 2031;

beforeAll(async () => {
  t = await createTestApp();
  as = caller(t);
  // A season that has already run, in the clock's past: the rule reads lib/clock.
  vi.spyOn(clock, 'now').mockReturnValue(Date.UTC(YEAR, 11, 20));
  races = [];
  for (const month of [2, 4, 6, 8]) {
    races.push(await createRace(t.database.db, { year: YEAR, startsAt: new Date(Date.UTC(YEAR, month, 1, 13)) }));
  }
  upcoming = await createRace(t.database.db, { year: YEAR, startsAt: new Date(Date.UTC(YEAR, 11, 30, 13)) });
  fans = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
  const [r1, r2, r3] = races as [(typeof races)[0], (typeof races)[0], (typeof races)[0]];
  const write = (fan: TestUser, race: { id: number }, rating: number) =>
    as(fan).post<Review>('/api/core/reviews/', { race_id: race.id, rating });
  // r1: 5, 4, 3 -> 4.0 from three; r2: 5, 5 -> 5.0 from two; r3: 2 -> 2.0 from one; r4: nobody.
  await write(fans[0]!, r1, 5);
  await write(fans[1]!, r1, 4);
  await write(fans[2]!, r1, 3);
  await write(fans[0]!, r2, 5);
  await write(fans[1]!, r2, 5);
  await write(fans[0]!, r3, 2);
});
afterAll(() => t.close());

const get = <T>(url: string, viewer: TestUser | null = null) => as(viewer).get<T>(url);

describe('race figures', () => {
  it('gives each race its review count, average rating and rating distribution', async () => {
    const r1 = (await get<RaceDetail>(`/api/f1/races/${races[0]!.id}/`)).body;
    expect(r1).toMatchObject({ review_count: 3, average_rating: 4 });
    expect(r1.rating_distribution).toEqual({ '1': 0, '2': 0, '3': 1, '4': 1, '5': 1 });
    const r4 = (await get<RaceDetail>(`/api/f1/races/${races[3]!.id}/`)).body;
    expect(r4).toMatchObject({ review_count: 0, average_rating: null });
  });

  it('shows the figures on every race card of a list', async () => {
    const { body } = await get<{ results: Race[] }>(`/api/f1/races/?season=${YEAR}`);
    expect(body.results.map((r) => [r.review_count, r.average_rating])).toEqual([
      [3, 4],
      [2, 5],
      [1, 2],
      [0, null],
      [0, null],
    ]);
  });

  it('follows an edited rating and a deleted review', async () => {
    const extra = await createUser(t.database.db);
    const race = races[3]!;
    const created = (await as(extra).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 1 })).body;
    await as(extra).patch(`/api/core/reviews/${created.id}/`, { rating: 3 });
    let detail = (await get<RaceDetail>(`/api/f1/races/${race.id}/`)).body;
    expect(detail).toMatchObject({ review_count: 1, average_rating: 3 });
    expect(detail.rating_distribution).toMatchObject({ '1': 0, '3': 1 });
    await as(extra).delete(`/api/core/reviews/${created.id}/`);
    detail = (await get<RaceDetail>(`/api/f1/races/${race.id}/`)).body;
    expect(detail).toMatchObject({ review_count: 0, average_rating: null });
  });

  it("ranks the season's most reviewed and top rated races", async () => {
    const { community } = (await get<SeasonStats>(`/api/f1/season_stats/?season=${YEAR}`)).body;
    expect(community.most_reviewed.map((c) => [c.race.id, c.review_count])).toEqual([
      [races[0]!.id, 3],
      [races[1]!.id, 2],
      [races[2]!.id, 1],
    ]);
    expect(community.top_rated.map((c) => [c.race.id, c.average_rating])).toEqual([
      [races[1]!.id, 5],
      [races[0]!.id, 4],
      [races[2]!.id, 2],
    ]);
  });

  it('lists the races with the most reviews of the last 30 days as trending', async () => {
    const { body } = await get<Race[]>('/api/f1/races/trending/');
    expect(body.map((r) => r.id)).toEqual([races[0]!.id, races[1]!.id, races[2]!.id]);
    // Thirty days on, those reviews are no longer recent.
    vi.spyOn(clock, 'now').mockReturnValue(Date.UTC(YEAR, 11, 20) + 31 * DAY);
    expect((await get<Race[]>('/api/f1/races/trending/')).body).toEqual([]);
    vi.spyOn(clock, 'now').mockReturnValue(Date.UTC(YEAR, 11, 20));
  });
});

describe("the viewer's own races", () => {
  it('leaves the reviewed races out of the race search and the recommendations', async () => {
    const fan = fans[0]!; // reviewed r1, r2 and r3
    const search = await get<{ results: Race[] }>(
      `/api/f1/races/?season=${YEAR}&reviewable_only=true&exclude_reviewed=true`,
      fan,
    );
    expect(search.body.results.map((r) => r.id)).toEqual([races[3]!.id]);
    const asGuest = await get<{ results: Race[] }>(
      `/api/f1/races/?season=${YEAR}&reviewable_only=true&exclude_reviewed=true`,
    );
    expect(asGuest.body.results).toHaveLength(4);

    const recommended = await get<Race[]>('/api/f1/races/recommended_for_review/', fan);
    expect(recommended.body.map((r) => r.id)).toEqual([races[3]!.id]);
    expect((await get<Race[]>('/api/f1/races/recommended_for_review/')).body.map((r) => r.id)).toEqual(
      [...races].reverse().map((r) => r.id),
    );
    expect(recommended.body.map((r) => r.id)).not.toContain(upcoming.id);
  });
});
