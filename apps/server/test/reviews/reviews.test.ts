import { describe, expect, it } from 'vitest';
import type { CurrentUser, RaceDetail, Review, WatchedRace } from '@paddock/contract';
import { createRace } from '../support/factories/f1.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { appForTests, pastRace } from '../support/social.ts';

const { t, as } = appForTests();

type Page<T> = { results: T[]; next_cursor: string | null };
const review = (user: TestUser, body: object) => as(user).post<Review>('/api/core/reviews/', body);

describe('writing a review', () => {
  it('stores rating and trimmed text, returns the card, and counts it on the profile', async () => {
    const [fan, race] = [await createUser(t.database.db), await pastRace(t.database.db)];
    const res = await review(fan, { race_id: race.id, rating: 4, review_text: '  Tense to the flag.  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      race: { id: race.id, season: { year: race.year }, round_number: race.round },
      user: { id: fan.id, username: fan.username },
      rating: 4,
      review_text: 'Tense to the flag.',
      like_count: 0,
      is_liked_by_user: false,
      comment_count: 0,
    });
    expect((await as(fan).get<CurrentUser>('/api/social/users/me/')).body.total_reviews).toBe(1);
  });

  it('stores empty or blank text as null', async () => {
    const fan = await createUser(t.database.db);
    for (const text of ['', '   ', null, undefined]) {
      const race = await pastRace(t.database.db);
      const res = await review(fan, {
        race_id: race.id,
        rating: 3,
        ...(text === undefined ? {} : { review_text: text }),
      });
      expect(res.body.review_text).toBeNull();
    }
  });

  it('keeps text to 2000 characters after trimming', async () => {
    const fan = await createUser(t.database.db);
    const [a, b] = [await pastRace(t.database.db), await pastRace(t.database.db)];
    expect((await review(fan, { race_id: a.id, rating: 5, review_text: ` ${'x'.repeat(2000)} ` })).status).toBe(201);
    const long = await review(fan, { race_id: b.id, rating: 5, review_text: 'x'.repeat(2001) });
    expect(long).toEqual({
      status: 400,
      body: { review_text: ['Ensure this field has no more than 2000 characters.'] },
    });
  });

  it('needs a race and a rating from 1 to 5, in the form’s own words', async () => {
    const [fan, race] = [await createUser(t.database.db), await pastRace(t.database.db)];
    expect((await review(fan, { rating: 3 })).body).toEqual({ race_id: ['Please select a race to review'] });
    expect((await review(fan, { race_id: race.id })).body).toEqual({ rating: ['Please provide a rating'] });
    expect((await review(fan, { race_id: race.id, rating: 0 })).body).toEqual({ rating: ['Please provide a rating'] });
    expect((await review(fan, { race_id: race.id, rating: 6 })).status).toBe(400);
    expect((await review(fan, { race_id: race.id, rating: 2.5 })).status).toBe(400);
  });

  it('accepts completed races only', async () => {
    const fan = await createUser(t.database.db);
    const upcoming = await createRace(t.database.db);
    const justStarted = await createRace(t.database.db, { startsAt: new Date(Date.now() - 3_600_000) });
    for (const race of [upcoming, justStarted]) {
      expect(await review(fan, { race_id: race.id, rating: 4 })).toEqual({
        status: 400,
        body: { race_id: ['You can only review races that have been completed.'] },
      });
    }
    const unknown = await review(fan, { race_id: 999_999, rating: 4 });
    expect(unknown).toEqual({ status: 400, body: { race_id: ['Invalid pk "999999" - object does not exist.'] } });
  });

  it('allows one review per user per race', async () => {
    const [fan, other, race] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await pastRace(t.database.db),
    ];
    await review(fan, { race_id: race.id, rating: 4 });
    expect(await review(fan, { race_id: race.id, rating: 2 })).toEqual({
      status: 400,
      body: { non_field_errors: ['You have already reviewed this race.'] },
    });
    expect((await review(other, { race_id: race.id, rating: 2 })).status).toBe(201);
  });

  it('allows one review even when the same one is sent twice at once', async () => {
    const [fan, race] = [await createUser(t.database.db), await pastRace(t.database.db)];
    const answers = await Promise.all([1, 2, 3].map(() => review(fan, { race_id: race.id, rating: 4 })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    expect((await as(fan).get<CurrentUser>('/api/social/users/me/')).body.total_reviews).toBe(1);
  });

  it('needs a signed-in user', async () => {
    const race = await pastRace(t.database.db);
    expect((await as(null).post('/api/core/reviews/', { race_id: race.id, rating: 4 })).status).toBe(401);
  });

  it('marks the race watched, and shows the review on the race page for its author', async () => {
    const [fan, race] = [await createUser(t.database.db), await pastRace(t.database.db)];
    const created = await review(fan, { race_id: race.id, rating: 5 });
    const detail = await as(fan).get<RaceDetail>(`/api/f1/races/${race.id}/`);
    expect(detail.body).toMatchObject({ is_watched: true, user_review_id: created.body.id });
    const asGuest = await as(null).get<RaceDetail>(`/api/f1/races/${race.id}/`);
    expect(asGuest.body).toMatchObject({ is_watched: false, user_review_id: null });
    const watched = await as(fan).get<Page<WatchedRace>>('/api/core/watched-races/');
    expect(watched.body.results.map((w) => w.race.id)).toContain(race.id);
  });
});

describe('listing reviews', () => {
  it('lists a race’s reviews newest first, page by page', async () => {
    const race = await pastRace(t.database.db);
    const authors = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
    const ids: number[] = [];
    for (const author of authors) ids.push((await review(author, { race_id: race.id, rating: 3 })).body.id);
    const first = await as(null).get<Page<Review>>(`/api/core/reviews/?race_id=${race.id}&page_size=2`);
    expect(first.body.results.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const second = await as(null).get<Page<Review>>(
      `/api/core/reviews/?race_id=${race.id}&page_size=2&cursor=${first.body.next_cursor}`,
    );
    expect(second.body).toEqual({ results: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
  });

  it('lists a user’s reviews, and their review of one race', async () => {
    const fan = await createUser(t.database.db);
    const [a, b] = [await pastRace(t.database.db), await pastRace(t.database.db)];
    const ra = (await review(fan, { race_id: a.id, rating: 2 })).body;
    const rb = (await review(fan, { race_id: b.id, rating: 5 })).body;
    const all = await as(null).get<Page<Review>>(`/api/core/reviews/?user_id=${fan.id}`);
    expect(all.body.results.map((r) => r.id)).toEqual([rb.id, ra.id]);
    const one = await as(null).get<Page<Review>>(`/api/core/reviews/?user_id=${fan.id}&race_id=${a.id}`);
    expect(one.body.results.map((r) => r.id)).toEqual([ra.id]);
  });

  it('tells each viewer how they stand to the author: self, following, requested or none', async () => {
    const author = await createUser(t.database.db);
    const [fan, asker, stranger] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    await as(fan).post('/api/social/follows/', { user_id: author.id });
    const created = (await review(author, { race_id: (await pastRace(t.database.db)).id, rating: 4 })).body;
    await as(author).patch('/api/social/users/me/', { is_private: true });
    await as(asker).post('/api/social/follows/', { user_id: author.id });
    const statusFor = async (viewer: TestUser | null) =>
      (await as(viewer).get<Review>(`/api/core/reviews/${created.id}/`)).body.user.follow_status;
    expect(created.user.follow_status).toBe('self');
    expect(await statusFor(fan)).toBe('following');
    await as(author).patch('/api/social/users/me/', { is_private: false });
    expect(await statusFor(stranger)).toBe('none');
    expect(await statusFor(null)).toBe('none');
    // Going public accepted the request.
    expect(await statusFor(asker)).toBe('following');
  });

  it('asks for a race or a user', async () => {
    expect(await as(null).get('/api/core/reviews/')).toEqual({
      status: 400,
      body: { non_field_errors: ['Give race_id, user_id or both.'] },
    });
    expect((await as(null).get('/api/core/reviews/?race_id=abc')).status).toBe(400);
    expect((await as(null).get('/api/core/reviews/?race_id=1&cursor=nonsense')).status).toBe(400);
  });

  it('answers 404 for a user that does not exist', async () => {
    expect((await as(null).get('/api/core/reviews/?user_id=2000000000')).status).toBe(404);
  });

  it('opens one review by its id and by its share link, for guests too', async () => {
    const [fan, race] = [await createUser(t.database.db), await pastRace(t.database.db)];
    const created = (await review(fan, { race_id: race.id, rating: 4 })).body;
    for (const url of [`/api/core/reviews/${created.id}/`, `/api/core/reviews/shared/${created.id}/`]) {
      expect(await as(null).get(url)).toEqual({
        status: 200,
        body: { ...created, user: { ...created.user, follow_status: 'none' } },
      });
    }
    expect((await as(null).get('/api/core/reviews/shared/999999/')).status).toBe(404);
    expect((await as(null).get('/api/core/reviews/shared/not-a-token/')).status).toBe(404);
  });
});

describe('editing and deleting', () => {
  it('lets the author change rating and text, and nobody else', async () => {
    const [fan, other, race] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await pastRace(t.database.db),
    ];
    const created = (await review(fan, { race_id: race.id, rating: 2, review_text: 'Dull.' })).body;
    const url = `/api/core/reviews/${created.id}/`;
    expect((await as(other).patch(url, { rating: 5 })).status).toBe(403);
    expect((await as(null).patch(url, { rating: 5 })).status).toBe(401);
    const edited = await as(fan).patch<Review>(url, { rating: 5, review_text: '  Better on a rewatch. ' });
    expect(edited.body).toMatchObject({ rating: 5, review_text: 'Better on a rewatch.' });
    expect(new Date(edited.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.updated_at).getTime());
    expect((await as(fan).patch<Review>(url, { review_text: '' })).body).toMatchObject({
      rating: 5,
      review_text: null,
    });
    expect((await as(fan).patch(url, { rating: 9 })).status).toBe(400);
  });

  it('lets the author delete, with the profile count following, and nobody else', async () => {
    const [fan, other, race] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await pastRace(t.database.db),
    ];
    const created = (await review(fan, { race_id: race.id, rating: 2 })).body;
    const url = `/api/core/reviews/${created.id}/`;
    expect((await as(other).delete(url)).status).toBe(403);
    expect((await as(fan).delete(url)).status).toBe(204);
    expect((await as(fan).get(url)).status).toBe(404);
    expect((await as(fan).delete(url)).status).toBe(404);
    expect((await as(fan).get<CurrentUser>('/api/social/users/me/')).body.total_reviews).toBe(0);
    // The race can be reviewed again.
    expect((await review(fan, { race_id: race.id, rating: 4 })).status).toBe(201);
  });
});
