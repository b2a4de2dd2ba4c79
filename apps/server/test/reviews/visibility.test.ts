import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, FeedPage, Race, RaceDetail, Review, SeasonStats } from '@paddock/contract';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { caller, pastRace } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * A private account's reviews, the comments under them, its watched races and follower lists are for
 * the owner and accepted followers only, in every endpoint, counts included (api-decisions "Visibility").
 */

let t: TestApp;
let as: ReturnType<typeof caller>;
let owner: TestUser;
let friend: TestUser;
let asker: TestUser;
let stranger: TestUser;
let raceId: number;
let reviewId: number;
let commentId: number;

type Page<T> = { results: T[]; next_cursor: string | null };

beforeAll(async () => {
  t = await createTestApp();
  as = caller(t);
  owner = await createUser(t.database.db);
  [friend, asker, stranger] = [
    await createUser(t.database.db),
    await createUser(t.database.db),
    await createUser(t.database.db),
  ];
  await as(friend).post('/api/social/follows/', { user_id: owner.id });
  await as(owner).patch('/api/social/users/me/', { is_private: true });
  await as(asker).post('/api/social/follows/', { user_id: owner.id }); // a pending request
  const race = await pastRace(t.database.db, 3);
  raceId = race.id;
  reviewId = (await as(owner).post<Review>('/api/core/reviews/', { race_id: raceId, rating: 1, review_text: 'Secret' }))
    .body.id;
  commentId = (await as(friend).post<Comment>('/api/social/comments/', { race_review_id: reviewId, comment: 'Shh' }))
    .body.id;
  await as(friend).post('/api/core/review-likes/toggle/', { review_id: reviewId });
});
afterAll(() => t.close());

const others = () => [stranger, asker, null];
const insiders = () => [owner, friend];
const ids = (page: { results: { id: number }[] }) => page.results.map((r) => r.id);

describe("a private account's review", () => {
  it('opens for the owner and accepted followers, and is 404 for everyone else, share link included', async () => {
    for (const url of [`/api/core/reviews/${reviewId}/`, `/api/core/reviews/shared/${reviewId}/`]) {
      for (const viewer of insiders()) expect((await as(viewer).get(url)).status).toBe(200);
      for (const viewer of others())
        expect(await as(viewer).get(url)).toEqual({ status: 404, body: { detail: 'Not found.' } });
    }
  });

  it("is left out of the race's reviews for everyone else", async () => {
    const url = `/api/core/reviews/?race_id=${raceId}`;
    for (const viewer of insiders()) expect(ids((await as(viewer).get<Page<Review>>(url)).body)).toEqual([reviewId]);
    for (const viewer of others()) expect(ids((await as(viewer).get<Page<Review>>(url)).body)).toEqual([]);
  });

  it("makes the account's review, watched and follower lists 403 for everyone else", async () => {
    for (const url of [
      `/api/core/reviews/?user_id=${owner.id}`,
      `/api/core/watched-races/?user_id=${owner.id}`,
      `/api/social/users/${owner.id}/followers/`,
      `/api/social/users/${owner.id}/following/`,
    ]) {
      for (const viewer of insiders()) expect((await as(viewer).get(url)).status).toBe(200);
      for (const viewer of others()) {
        expect(await as(viewer).get(url)).toEqual({ status: 403, body: { detail: 'This account is private.' } });
      }
    }
  });

  it('is in the For You feed of a follower only, and in nobody else’s', async () => {
    const forYou = (viewer: TestUser | null) => as(viewer).get<FeedPage>('/api/core/reviews/for-you/?page_size=50');
    expect(ids((await forYou(friend)).body)).toContain(reviewId);
    for (const viewer of [stranger, asker, null]) expect(ids((await forYou(viewer)).body)).not.toContain(reviewId);
    // Never one's own review.
    expect(ids((await forYou(owner)).body)).not.toContain(reviewId);
  });

  it('is in the Following feed of accepted followers, not of a pending requester', async () => {
    const feed = (viewer: TestUser) => as(viewer).get<FeedPage>('/api/core/reviews/feed/');
    expect(ids((await feed(friend)).body)).toEqual([reviewId]);
    expect(ids((await feed(asker)).body)).toEqual([]);
  });

  it('keeps its comments, their likers and the like button from everyone else', async () => {
    expect(
      (await as(friend).get<Page<Comment>>(`/api/social/comments/?review_id=${reviewId}`)).body.results,
    ).toHaveLength(1);
    for (const viewer of others()) {
      expect((await as(viewer).get(`/api/social/comments/?review_id=${reviewId}`)).status).toBe(404);
      expect((await as(viewer).get(`/api/social/comments/${commentId}/replies/`)).status).toBe(404);
      expect((await as(viewer).get(`/api/social/comment-likes/?comment_id=${commentId}`)).status).toBe(404);
    }
    for (const viewer of [stranger, asker]) {
      expect((await as(viewer).post('/api/core/review-likes/toggle/', { review_id: reviewId })).status).toBe(404);
      expect((await as(viewer).post('/api/social/comment-likes/toggle/', { comment_id: commentId })).status).toBe(404);
      // A comment and a reply are refused as for a review that is not there: nothing says it exists.
      for (const parent_comment_id of [undefined, commentId]) {
        const comment = await as(viewer).post('/api/social/comments/', {
          race_review_id: reviewId,
          comment: 'Let me in',
          parent_comment_id,
        });
        expect(comment).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
      }
    }
  });

  it('is not counted in the race figures, trending or season lists, and is popular only among its followers', async () => {
    const race = await as(friend).get<RaceDetail>(`/api/f1/races/${raceId}/`);
    expect(race.body).toMatchObject({ review_count: 0, average_rating: null });
    expect(race.body.rating_distribution).toEqual({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 });
    const trending = await as(friend).get<Race[]>('/api/f1/races/trending/');
    expect(trending.body.map((r) => r.id)).not.toContain(raceId);
    const season = await as(friend).get<SeasonStats>(`/api/f1/season_stats/?season=${race.body.season.year}`);
    expect(season.body.community.most_reviewed.map((r) => r.race.id)).not.toContain(raceId);
    const popular = async (viewer: TestUser | null) =>
      (await as(viewer).get<Review[]>('/api/core/reviews/popular/')).body.map((r) => r.id);
    expect(await popular(friend)).toContain(reviewId);
    for (const viewer of others()) expect(await popular(viewer)).not.toContain(reviewId);
  });

  it('counts in the race figures once the account goes public, and leaves them when it turns private again', async () => {
    await as(owner).patch('/api/social/users/me/', { is_private: false });
    let race = (await as(null).get<RaceDetail>(`/api/f1/races/${raceId}/`)).body;
    expect(race).toMatchObject({ review_count: 1, average_rating: 1 });
    expect(race.rating_distribution['1']).toBe(1);
    expect((await as(stranger).get(`/api/core/reviews/${reviewId}/`)).status).toBe(200);

    await as(owner).patch('/api/social/users/me/', { is_private: true });
    race = (await as(null).get<RaceDetail>(`/api/f1/races/${raceId}/`)).body;
    expect(race).toMatchObject({ review_count: 0, average_rating: null });
    // Going public accepted the pending request: the former requester is a follower now.
    expect((await as(asker).get(`/api/core/reviews/${reviewId}/`)).status).toBe(200);
    expect((await as(stranger).get(`/api/core/reviews/${reviewId}/`)).status).toBe(404);
  });
});
