import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DELETE_PASSWORD_REQUIRED,
  DELETE_PASSWORD_WRONG,
  type Comment,
  type RaceDetail,
  type Review,
  type StaffReport,
  type Thought,
} from '@paddock/contract';
import { run, selectRows } from '../../src/lib/sql.ts';
import { clock } from '../../src/lib/clock.ts';
import { setAvatar, setStaff } from '../../src/modules/users/service.ts';
import { countsOffTheirRows } from '../support/counters.ts';
import { createDriver } from '../support/factories/f1.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { appForTests, pastRace } from '../support/social.ts';
import { openRace, postThought } from '../thoughts/helpers.ts';

/*
 * "Delete your account" (issue 24, decision 032): the account and what it wrote go, what others wrote
 * in reply stays under a placeholder, and every count, figure, list and token follows at once.
 */

type Page<T> = { results: T[]; next_cursor: string | null };

const { t, as } = appForTests();
afterEach(() => vi.restoreAllMocks());
const PASSWORD = 'a long and secret phrase 42';

const deleteMe = (user: TestUser | null, payload: object) => as(user).delete('/api/social/users/me/', payload);

describe('deleting an account', () => {
  it('asks for the password: a wrong or missing one is a 400 field error and changes nothing', async () => {
    const ana = await createUser(t.database.db, { password: PASSWORD });
    expect(await deleteMe(ana, { password: 'not it' })).toEqual({
      status: 400,
      body: { password: [DELETE_PASSWORD_WRONG] },
    });
    expect(await deleteMe(ana, {})).toEqual({ status: 400, body: { password: [DELETE_PASSWORD_REQUIRED] } });
    expect((await deleteMe(null, { password: PASSWORD })).status).toBe(401);
    expect((await as(ana).get('/api/social/users/me/')).status).toBe(200);
  });

  it('removes the account and what it wrote; counts, figures, lists, search and tokens follow', async () => {
    const ana = await createUser(t.database.db, { password: PASSWORD, name: 'Ana Leaving' });
    const [bo, cy] = [await createUser(t.database.db), await createUser(t.database.db)];
    const race = await pastRace(t.database.db, 3);
    const live = await openRace(t.database.db);
    const anaReview = (await as(ana).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 5 })).body;
    const boReview = (await as(bo).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 1 })).body;
    await as(cy).post('/api/core/review-likes/toggle/', { review_id: anaReview.id });
    await as(cy).post('/api/social/comments/', { race_review_id: anaReview.id, comment: 'On a review that goes' });
    // On Bo's review: Ana's comment Bo answered (stays, emptied), one nobody answered (goes), her reply.
    const answered = (
      await as(ana).post<Comment>('/api/social/comments/', { race_review_id: boReview.id, comment: 'Answered' })
    ).body;
    const boReply = (
      await as(bo).post<Comment>('/api/social/comments/', {
        race_review_id: boReview.id,
        parent_comment_id: answered.id,
        comment: 'Bo answers',
      })
    ).body;
    await as(ana).post('/api/social/comments/', { race_review_id: boReview.id, comment: 'Unanswered' });
    const boComment = (
      await as(bo).post<Comment>('/api/social/comments/', { race_review_id: boReview.id, comment: 'Bo alone' })
    ).body;
    await as(ana).post('/api/social/comments/', {
      race_review_id: boReview.id,
      parent_comment_id: boComment.id,
      comment: 'Ana replies',
    });
    await as(ana).post('/api/core/review-likes/toggle/', { review_id: boReview.id });
    await as(ana).post('/api/social/comment-likes/toggle/', { comment_id: boComment.id });
    const boThought: Thought = await postThought(as, bo, live.id, 'Lights out');
    await postThought(as, ana, live.id, 'Mine');
    await as(ana).post('/api/core/race-thought-likes/toggle/', { thought_id: boThought.id });
    await as(ana).post('/api/core/thought-comments/', { thought_id: boThought.id, comment: 'Yes' });
    await as(ana).post('/api/social/follows/', { user_id: bo.id });
    await as(bo).post('/api/social/follows/', { user_id: ana.id });
    await as(cy).post('/api/social/follows/', { user_id: ana.id });
    await as(ana).post('/api/social/watchlists/', { name: 'Later', is_public: true });
    const driver = await createDriver(t.database.db);
    await run(
      t.database.db,
      sql`insert into starred_drivers (user_id, race_id, driver_id) values (${ana.id}, ${race.id}, ${driver.id})`,
    );
    await as(cy).post('/api/core/reports/', { target_type: 'comment', target_id: answered.id, reason: 'spam' });
    const before = (await as(null).get<RaceDetail>(`/api/f1/races/${race.id}/`)).body;
    expect(before).toMatchObject({ review_count: 2, average_rating: 3 });
    const searched = async () =>
      (await as(null).get<{ users: { id: number }[] }>(`/api/core/search/?q=${ana.username}`)).body.users.map(
        (u) => u.id,
      );
    expect(await searched()).toContain(ana.id);

    expect((await deleteMe(ana, { password: PASSWORD })).status).toBe(204);

    // Its token stops at once, and it cannot sign in.
    expect((await as(ana).get('/api/social/users/me/')).status).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { username: ana.username, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect((await as(null).get(`/api/social/users/by_username/?username=${ana.username}`)).status).toBe(404);
    expect(await searched()).not.toContain(ana.id);

    // Its review is gone from the race's list and figures; Bo's review lost its like and comments.
    const raceReviews = (await as(cy).get<Page<Review>>(`/api/core/reviews/?race_id=${race.id}`)).body.results;
    expect(raceReviews.map((r) => r.id)).toEqual([boReview.id]);
    expect(raceReviews[0]).toMatchObject({ like_count: 0, comment_count: 2 });
    expect((await as(cy).get(`/api/core/reviews/${anaReview.id}/`)).status).toBe(404);
    const after = (await as(null).get<RaceDetail>(`/api/f1/races/${race.id}/`)).body;
    expect(after).toMatchObject({ review_count: 1, average_rating: 1 });

    // Bo's reply stays under a placeholder; Bo's own comment lost Ana's reply and like.
    const thread = (await as(cy).get<Page<Comment>>(`/api/social/comments/?review_id=${boReview.id}`)).body.results;
    expect(thread).toHaveLength(2);
    expect(thread[0]).toMatchObject({
      id: answered.id,
      user: null,
      comment: '',
      is_deleted: true,
      reply_count: 1,
      replies: [{ id: boReply.id, comment: 'Bo answers' }],
    });
    expect(thread[1]).toMatchObject({ id: boComment.id, like_count: 0, reply_count: 0, replies: [] });
    expect((await as(cy).post('/api/social/comment-likes/toggle/', { comment_id: answered.id })).status).toBe(404);
    // A report about it tells staff that what was reported is gone.
    const staff = await createUser(t.database.db);
    await setStaff(t.database.db, staff.username, true);
    const queue = (await as(staff).get<Page<StaffReport>>('/api/core/reports/')).body.results;
    expect(queue.find((r) => r.target_type === 'comment' && r.target_id === answered.id)).toMatchObject({
      target: null,
    });

    // The thought lost its like and comment; Ana's thought is gone.
    const thoughts = (await as(null).get<Page<Thought>>(`/api/core/race-thoughts/by-race/${live.id}/`)).body.results;
    expect(thoughts.map((x) => [x.id, x.like_count, x.comment_count])).toEqual([[boThought.id, 0, 0]]);

    // Followers and following of the others, and every other count, equal their rows again.
    const boNow = (
      await as(cy).get<{ followers_count: number; following_count: number }>(
        `/api/social/users/by_username/?username=${bo.username}`,
      )
    ).body;
    expect(boNow).toMatchObject({ followers_count: 0, following_count: 0 });
    expect(await countsOffTheirRows(t.database.db)).toEqual([]);
    const left = await selectRows<{ n: number }>(
      t.database.db,
      sql`select ((select count(*) from watchlists where user_id = ${ana.id})
        + (select count(*) from starred_drivers where user_id = ${ana.id})
        + (select count(*) from notifications where recipient_id = ${ana.id} or sender_id = ${ana.id})
        + (select count(*) from feed_entries where user_id = ${ana.id} or review_id = ${anaReview.id}))::int as n`,
    );
    expect(left[0]!.n).toBe(0);

    // The username is held: nobody can register it (in any case) for 30 days.
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      payload: {
        username: ana.username.toUpperCase(),
        email: 'someone.new@example.com',
        password: PASSWORD,
        password_confirm: PASSWORD,
      },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ username: ['A user with that username already exists.'] });
  });

  it('deletes its picture file, and frees its username after 30 days', async () => {
    const ana = await createUser(t.database.db, { password: PASSWORD });
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#e10600' } })
      .webp()
      .toBuffer();
    const url = await setAvatar(
      { db: t.database.db, events: t.app.events, mediaDir: t.app.config.MEDIA_DIR, log: t.app.log },
      ana.id,
      webp,
    );
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await deleteMe(ana, { password: PASSWORD })).status).toBe(204);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    const registerAs = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register/',
        payload: { username, email: `${username}.again@example.com`, password: PASSWORD },
      });
    const dayMs = 86_400_000;
    vi.spyOn(clock, 'now').mockReturnValue(Date.now() + 29 * dayMs);
    expect((await registerAs(ana.username)).statusCode).toBe(400);
    vi.spyOn(clock, 'now').mockReturnValue(Date.now() + 31 * dayMs);
    expect((await registerAs(ana.username)).statusCode).toBe(201);
  });

  it('keeps every count equal to its rows when the account goes during a storm of likes', async () => {
    const ana = await createUser(t.database.db, { password: PASSWORD });
    const fans = await Promise.all(Array.from({ length: 6 }, () => createUser(t.database.db)));
    const races = [await pastRace(t.database.db, 4), await pastRace(t.database.db, 5)];
    const anaReview = (await as(ana).post<Review>('/api/core/reviews/', { race_id: races[0]!.id, rating: 4 })).body;
    const fanReviews = await Promise.all(
      fans.slice(0, 2).map(async (fan, i) => {
        return (await as(fan).post<Review>('/api/core/reviews/', { race_id: races[i]!.id, rating: 3 })).body;
      }),
    );
    // Fans like and unlike Ana's review and each other's, and Ana likes theirs, without pause until the
    // deletion has answered: the storm runs through its transaction.
    let deleting = true;
    const storm = async (user: TestUser, reviewIds: number[]) => {
      const toggle = async (reviewId: number) => {
        // A request arrives as I/O: an answer given without any (a token refused from memory) must not keep
        // this loop from letting the deletion go on.
        await new Promise((resolve) => setImmediate(resolve));
        return (await as(user).post('/api/core/review-likes/toggle/', { review_id: reviewId })).status;
      };
      const statuses: number[] = [];
      for (let i = 0; deleting; i++) statuses.push(await toggle(reviewIds[i % reviewIds.length]!));
      // Once more, after the deletion answered.
      return [...statuses, await toggle(reviewIds[0]!)];
    };
    const fanReviewIds = fanReviews.map((r) => r.id);
    const storms = [storm(ana, fanReviewIds), ...fans.map((fan) => storm(fan, [anaReview.id, ...fanReviewIds]))];
    const deleted = await deleteMe(ana, { password: PASSWORD });
    deleting = false;
    expect(deleted.status).toBe(204);
    const [anas, ...fansStatuses] = await Promise.all(storms);
    // Every toggle answered, before the deletion or refused after it: never a 5xx. Ana's after it was
    // refused (her token stopped), and so were the fans' on her review.
    for (const status of [...anas!, ...fansStatuses.flat()]) expect([200, 401, 404]).toContain(status);
    expect(anas!.at(-1)).toBe(401);
    for (const statuses of fansStatuses) expect(statuses.at(-1)).toBe(404);
    expect(await countsOffTheirRows(t.database.db)).toEqual([]);
    const left = await selectRows<{ n: number }>(
      t.database.db,
      sql`select (select count(*) from review_likes where user_id = ${ana.id} or review_id = ${anaReview.id})::int as n`,
    );
    expect(left[0]!.n).toBe(0);
  });
});
