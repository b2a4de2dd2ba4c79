import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Review, SeasonReview } from '@paddock/contract';
import { run } from '../../src/lib/sql.ts';
import { createDriver, createRace } from '../support/factories/f1.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { appForTests } from '../support/social.ts';

/* A member's season in review (issue 25): their figures for one season beside the community's. */

const { t, as } = appForTests();

const review = async (who: TestUser, raceId: number, rating: number) =>
  (await as(who).post<Review>('/api/core/reviews/', { race_id: raceId, rating })).body;
const seasonOf = (viewer: TestUser | null, user: { id: number }, year: number | string) =>
  as(viewer).get<SeasonReview>(`/api/social/users/${user.id}/seasons/${year}/review/`);

describe('a season in review', () => {
  it("sums up a member's season: watched, reviewed, best and worst, drivers, circuit, likes, followers", async () => {
    const db = t.database.db;
    const day = (month: number, d: number) => new Date(Date.UTC(2019, month, d, 13));
    const [r1, r2, r3] = [
      await createRace(db, { startsAt: day(2, 17), circuit: { name: 'Albert Park' } }),
      await createRace(db, { startsAt: day(4, 26), circuit: { name: 'Monaco' } }),
      await createRace(db, { startsAt: day(6, 14), circuit: { name: 'Silverstone' } }),
    ];
    const older = await createRace(db, { startsAt: new Date(Date.UTC(2018, 5, 1, 13)) });
    const [ana, bo] = [await createUser(db), await createUser(db)];
    await review(ana, r1.id, 5);
    await review(ana, r2.id, 2);
    const liked = await review(ana, r3.id, 4);
    await review(ana, older.id, 1);
    await review(bo, r1.id, 3);
    await as(bo).post('/api/core/review-likes/toggle/', { review_id: liked.id });
    await as(bo).post('/api/social/follows/', { user_id: ana.id });
    const [d1, d2] = [await createDriver(db), await createDriver(db)];
    for (const [raceId, driverId] of [
      [r1.id, d1.id],
      [r2.id, d1.id],
      [r3.id, d2.id],
    ] as const) {
      await run(
        db,
        sql`insert into starred_drivers (user_id, race_id, driver_id) values (${ana.id}, ${raceId}, ${driverId})`,
      );
    }

    const res = await seasonOf(null, ana, 2019);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      season: 2019,
      races_watched: 3,
      races_reviewed: 3,
      average_rating: 3.67,
      highest_rated: { race_id: r1.id, rating: 5 },
      lowest_rated: { race_id: r2.id, rating: 2 },
      favourite_circuit: { name: 'Albert Park', races_reviewed: 1, average_rating: 5 },
      most_liked_review: { id: liked.id, race_id: r3.id, like_count: 1 },
      // Bo followed Ana this year, not in 2019.
      followers_gained: 0,
      // 2019 across members: ratings 5, 2, 4 and 3; four reviews and four races watched by two members.
      community: { average_rating: 3.5, average_races_watched: 2, average_races_reviewed: 2 },
    });
    expect(res.body.highest_rated!.race_name).toMatch(/^2019 /);
    expect(res.body.most_starred_drivers.map((d) => [d.driver.id, d.star_count])).toEqual([
      [d1.id, 2],
      [d2.id, 1],
    ]);
    const thisYear = new Date().getUTCFullYear();
    expect((await seasonOf(null, ana, thisYear)).body).toMatchObject({
      races_reviewed: 0,
      average_rating: null,
      highest_rated: null,
      favourite_circuit: null,
      most_liked_review: null,
      followers_gained: 1,
    });
  });

  it("keeps a private account's season to its owner and followers, and knows only real seasons", async () => {
    const [carl, follower, stranger] = [
      await createUser(t.database.db, { isPrivate: true }),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    await as(follower).post('/api/social/follows/', { user_id: carl.id });
    const pending = (await as(carl).get<{ results: { id: number }[] }>('/api/social/follows/requests/')).body.results;
    await as(carl).post(`/api/social/follows/${pending[0]!.id}/requests/accept/`, {});
    expect((await seasonOf(carl, carl, 2019)).status).toBe(200);
    expect((await seasonOf(follower, carl, 2019)).status).toBe(200);
    expect((await seasonOf(stranger, carl, 2019)).status).toBe(403);
    expect((await seasonOf(null, carl, 2019)).status).toBe(403);
    expect((await seasonOf(null, stranger, 1949)).status).toBe(404);
    expect((await seasonOf(null, stranger, new Date().getUTCFullYear() + 2)).status).toBe(404);
    expect((await seasonOf(null, stranger, 'twenty')).status).toBe(404);
    expect((await seasonOf(null, { id: 999_999 }, 2019)).status).toBe(404);
  });
});
