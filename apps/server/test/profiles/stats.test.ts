import { describe, expect, it } from 'vitest';
import type { Review, UserStats } from '@paddock/contract';
import { addClassification, createDriver, createTeam } from '../support/factories/f1.ts';
import { createUser } from '../support/factories/users.ts';
import { appForTests, pastRace } from '../support/social.ts';

const { t, as } = appForTests();

const stats = (viewer: Parameters<typeof as>[0], userId: number | string) =>
  as(viewer).get<UserStats>(`/api/social/users/${userId}/stats/`);

describe('profile stats', () => {
  it('sums up reviews, ratings, seasons, likes received, watched races and starred drivers', async () => {
    const [author, fan] = [await createUser(t.database.db), await createUser(t.database.db)];
    const team = await createTeam(t.database.db);
    const [d1, d2] = [await createDriver(t.database.db), await createDriver(t.database.db)];
    const races = [
      await pastRace(t.database.db, 400),
      await pastRace(t.database.db, 10),
      await pastRace(t.database.db, 5),
    ];
    for (const race of races) {
      await addClassification(t.database.db, race.id, [
        { driverId: d1.id, teamId: team.id },
        { driverId: d2.id, teamId: team.id },
      ]);
    }
    const ratings = [5, 4, 5];
    const reviews: Review[] = [];
    for (const [i, race] of races.entries()) {
      reviews.push(
        (await as(author).post<Review>('/api/core/reviews/', { race_id: race.id, rating: ratings[i] })).body,
      );
      await as(author).post('/api/core/starred-drivers/', { race_id: race.id, driver_id: d1.id });
    }
    await as(author).post('/api/core/starred-drivers/', { race_id: races[0]!.id, driver_id: d2.id });
    await as(fan).post('/api/core/review-likes/toggle/', { review_id: reviews[0]!.id });
    await as(fan).post('/api/core/review-likes/toggle/', { review_id: reviews[1]!.id });

    const res = await stats(null, author.id);
    expect(res.status).toBe(200);
    const years = races.map((r) => r.year);
    const perSeason = [...new Set(years)].sort().map((season) => ({
      season,
      count: years.filter((y) => y === season).length,
    }));
    expect(res.body).toMatchObject({
      total_reviews: 3,
      average_rating: 4.67,
      rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 2 },
      // Reviewing marks the race watched.
      races_watched: 3,
      likes_received: 2,
      reviews_per_season: perSeason,
    });
    expect(res.body.most_starred_drivers.map((s) => [s.driver.id, s.driver.full_name, s.star_count])).toEqual([
      [d1.id, d1.name, 3],
      [d2.id, d2.name, 1],
    ]);
  });

  it('answers zeros and no mean for an account without reviews', async () => {
    const quiet = await createUser(t.database.db);
    expect((await stats(null, quiet.id)).body).toEqual({
      total_reviews: 0,
      average_rating: null,
      rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
      races_watched: 0,
      likes_received: 0,
      reviews_per_season: [],
      most_starred_drivers: [],
    });
  });

  it('keeps a private account’s figures to its owner and followers', async () => {
    const [owner, fan, stranger] = [
      await createUser(t.database.db, { isPrivate: true }),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    await as(fan).post('/api/social/follows/', { user_id: owner.id });
    const [request] = (await as(owner).get<{ results: { id: number }[] }>('/api/social/follows/requests/')).body
      .results;
    await as(owner).post(`/api/social/follows/${request!.id}/requests/accept/`, {});

    expect((await stats(owner, owner.id)).status).toBe(200);
    expect((await stats(fan, owner.id)).status).toBe(200);
    expect(await stats(stranger, owner.id)).toEqual({ status: 403, body: { detail: 'This account is private.' } });
    expect((await stats(null, owner.id)).status).toBe(403);
    expect((await stats(null, 2_000_000_000)).status).toBe(404);
    expect((await stats(null, 'abc')).status).toBe(404);
  });
});
