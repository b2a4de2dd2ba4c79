import { describe, expect, it } from 'vitest';
import type { CurrentUser, FollowListItem, FollowRequest, PublicProfile } from '@paddock/contract';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { appForTests } from '../support/social.ts';

const { t, as } = appForTests();

type Page<T> = { results: T[]; next_cursor: string | null };
const me = async (user: TestUser) => (await as(user).get<CurrentUser>('/api/social/users/me/')).body;
const follow = (from: TestUser, to: TestUser) =>
  as(from).post<{ status: string }>('/api/social/follows/', { user_id: to.id });
const profile = (viewer: TestUser | null, of: TestUser) =>
  as(viewer).get<PublicProfile>(`/api/social/users/by_username/?username=${of.username.toUpperCase()}`);

describe('following', () => {
  it('follows a public account at once and counts it on both sides', async () => {
    const [fan, driver] = [await createUser(t.database.db), await createUser(t.database.db)];
    expect(await follow(fan, driver)).toEqual({ status: 201, body: { status: 'following' } });
    expect(await me(fan)).toMatchObject({ following_count: 1, followers_count: 0 });
    expect(await me(driver)).toMatchObject({ following_count: 0, followers_count: 1 });
  });

  it('asks a private account instead, and counts nothing until it accepts', async () => {
    const [fan, owner] = [await createUser(t.database.db), await createUser(t.database.db, { isPrivate: true })];
    expect(await follow(fan, owner)).toEqual({ status: 201, body: { status: 'requested' } });
    expect(await me(owner)).toMatchObject({ followers_count: 0 });
    expect((await profile(fan, owner)).body.follow_status).toBe('requested');
  });

  it('lets two people follow each other at the same moment, many pairs at once, and counts every follow', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 12 }, async (): Promise<[TestUser, TestUser]> => [
        await createUser(t.database.db),
        await createUser(t.database.db),
      ]),
    );
    const answers = await Promise.all(pairs.flatMap(([a, b]) => [follow(a, b), follow(b, a)]));
    expect(answers.map((a) => a.status)).toEqual(Array(24).fill(201));
    for (const user of pairs.flat()) expect(await me(user)).toMatchObject({ following_count: 1, followers_count: 1 });
  });

  it('answers the current state when following again, changing nothing', async () => {
    const [fan, driver] = [await createUser(t.database.db), await createUser(t.database.db)];
    await follow(fan, driver);
    expect(await follow(fan, driver)).toEqual({ status: 200, body: { status: 'following' } });
    expect(await me(driver)).toMatchObject({ followers_count: 1 });
  });

  it('refuses to follow oneself or an account that does not exist', async () => {
    const fan = await createUser(t.database.db);
    expect(await follow(fan, fan)).toEqual({ status: 400, body: { user_id: ['You cannot follow yourself.'] } });
    const ghost = await as(fan).post('/api/social/follows/', { user_id: 2_000_000_000 });
    expect(ghost.status).toBe(400);
    expect(Object.keys(ghost.body as object)).toEqual(['user_id']);
  });

  it('needs a signed-in user', async () => {
    const driver = await createUser(t.database.db);
    expect((await as(null).post('/api/social/follows/', { user_id: driver.id })).status).toBe(401);
    expect((await as(null).delete(`/api/social/follows/${driver.id}/`)).status).toBe(401);
  });

  it('unfollows, withdraws a request, and says 404 when there was nothing to undo', async () => {
    const [fan, driver, owner] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db, { isPrivate: true }),
    ];
    await follow(fan, driver);
    await follow(fan, owner);
    expect((await as(fan).delete(`/api/social/follows/${driver.id}/`)).status).toBe(204);
    expect((await as(fan).delete(`/api/social/follows/${owner.id}/`)).status).toBe(204);
    expect(await me(fan)).toMatchObject({ following_count: 0 });
    expect(await me(driver)).toMatchObject({ followers_count: 0 });
    expect((await profile(fan, owner)).body.follow_status).toBe('none');
    expect((await as(fan).delete(`/api/social/follows/${driver.id}/`)).status).toBe(404);
  });
});

describe('a profile by username', () => {
  it('tells the viewer how they stand: self, following, requested or none, and whether they are followed back', async () => {
    const [a, b, c] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db, { isPrivate: true }),
    ];
    await follow(b, a);
    await follow(a, c);
    expect((await profile(a, a)).body).toMatchObject({ follow_status: 'self', follows_you: false });
    expect((await profile(a, b)).body).toMatchObject({ follow_status: 'none', follows_you: true });
    expect((await profile(b, a)).body).toMatchObject({ follow_status: 'following', follows_you: false });
    expect((await profile(a, c)).body).toMatchObject({ follow_status: 'requested', is_private: true });
    expect((await profile(null, a)).body).toMatchObject({
      follow_status: 'none',
      follows_you: false,
      followers_count: 1,
    });
  });

  it('finds private accounts too, with their counts, and answers 404 for an unknown name', async () => {
    const owner = await createUser(t.database.db, { isPrivate: true, bio: 'Pit wall regular' });
    const found = await profile(null, owner);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: owner.id, is_private: true, bio: 'Pit wall regular', total_reviews: 0 });
    expect((await as(null).get('/api/social/users/by_username/?username=nobody_here')).status).toBe(404);
  });
});

describe('followers and following lists', () => {
  it('lists accepted follows newest first, page by page, with the viewer’s own status towards each', async () => {
    const star = await createUser(t.database.db);
    const fans = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
    for (const fan of fans) await follow(fan, star);
    const viewer = fans[0]!;
    await follow(viewer, fans[2]!);

    const first = await as(viewer).get<Page<FollowListItem>>(`/api/social/users/${star.id}/followers/?page_size=2`);
    expect(first.body.results.map((r) => r.username)).toEqual([fans[2]!.username, fans[1]!.username]);
    expect(first.body.results.map((r) => r.follow_status)).toEqual(['following', 'none']);
    const second = await as(viewer).get<Page<FollowListItem>>(
      `/api/social/users/${star.id}/followers/?page_size=2&cursor=${first.body.next_cursor}`,
    );
    expect(second.body).toMatchObject({
      results: [{ username: viewer.username, follow_status: 'self' }],
      next_cursor: null,
    });

    const following = await as(null).get<Page<FollowListItem>>(`/api/social/users/${viewer.id}/following/`);
    expect(following.body.results.map((r) => r.username)).toEqual([fans[2]!.username, star.username]);
  });

  it('keeps a private account’s lists to its owner and accepted followers', async () => {
    const owner = await createUser(t.database.db);
    const [friend, asker, stranger] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    await follow(friend, owner);
    await as(owner).patch('/api/social/users/me/', { is_private: true });
    await follow(asker, owner);
    const url = `/api/social/users/${owner.id}/followers/`;
    for (const viewer of [stranger, asker, null]) {
      expect(await as(viewer).get(url)).toEqual({ status: 403, body: { detail: 'This account is private.' } });
    }
    expect((await as(owner).get(url)).status).toBe(200);
    expect((await as(friend).get<Page<FollowListItem>>(url)).body.results.map((r) => r.id)).toEqual([friend.id]);
  });

  it('answers 404 for an account that does not exist', async () => {
    expect((await as(null).get('/api/social/users/2000000000/followers/')).status).toBe(404);
    expect((await as(null).get('/api/social/users/abc/following/')).status).toBe(404);
  });
});

describe('a private account going public', () => {
  it('accepts its pending requests, and the requesters now follow it', async () => {
    const owner = await createUser(t.database.db, { isPrivate: true });
    const [a, b] = [await createUser(t.database.db), await createUser(t.database.db)];
    await follow(a, owner);
    await follow(b, owner);
    const res = await as(owner).patch<CurrentUser>('/api/social/users/me/', { is_private: false });
    expect(res.body).toMatchObject({ is_private: false, followers_count: 2 });
    expect(await me(a)).toMatchObject({ following_count: 1 });
    expect((await profile(b, owner)).body.follow_status).toBe('following');
  });
});

describe('follow requests', () => {
  const requests = (user: TestUser) => as(user).get<Page<FollowRequest>>('/api/social/follows/requests/');
  const requestCount = async (user: TestUser) =>
    (await as(user).get<{ count: number }>('/api/social/follows/requests/count/')).body.count;

  it('lists the pending requests to a private account, newest first, with who asked', async () => {
    const owner = await createUser(t.database.db, { isPrivate: true });
    const [a, b] = [await createUser(t.database.db, { name: 'Ada' }), await createUser(t.database.db)];
    await follow(a, owner);
    await follow(b, owner);
    const list = await requests(owner);
    expect(list.status).toBe(200);
    expect(list.body.results.map((r) => r.requester.id)).toEqual([b.id, a.id]);
    expect(list.body.results[1]).toMatchObject({
      requester: { id: a.id, username: a.username, name: 'Ada', profile_picture: null },
    });
    expect(await requestCount(owner)).toBe(2);
    expect((await requests(a)).body.results).toEqual([]);
  });

  it('accepts: the requester follows, is counted and is told; the request is gone', async () => {
    const owner = await createUser(t.database.db, { isPrivate: true });
    const fan = await createUser(t.database.db);
    await follow(fan, owner);
    const [request] = (await requests(owner)).body.results;

    const res = await as(owner).post(`/api/social/follows/${request!.id}/requests/accept/`, {});
    expect(res).toEqual({ status: 200, body: { detail: 'Follow request accepted.' } });
    expect((await profile(fan, owner)).body.follow_status).toBe('following');
    expect(await me(owner)).toMatchObject({ followers_count: 1 });
    expect(await me(fan)).toMatchObject({ following_count: 1 });
    expect(await requestCount(owner)).toBe(0);
    const told = await as(fan).get<Page<{ notification_type: string }>>('/api/social/notifications/');
    expect(told.body.results.map((n) => n.notification_type)).toEqual(['FOLLOW_REQUEST_ACCEPTED']);
    // Answered once: a second answer finds nothing.
    expect((await as(owner).post(`/api/social/follows/${request!.id}/requests/decline/`, {})).status).toBe(404);
  });

  it('declines: nothing is counted, the requester may ask again', async () => {
    const owner = await createUser(t.database.db, { isPrivate: true });
    const fan = await createUser(t.database.db);
    await follow(fan, owner);
    const [request] = (await requests(owner)).body.results;
    const res = await as(owner).post(`/api/social/follows/${request!.id}/requests/decline/`, {});
    expect(res).toEqual({ status: 200, body: { detail: 'Follow request declined.' } });
    expect((await profile(fan, owner)).body.follow_status).toBe('none');
    expect(await me(owner)).toMatchObject({ followers_count: 0 });
    expect(await follow(fan, owner)).toEqual({ status: 201, body: { status: 'requested' } });
  });

  it('lets only the requested account answer', async () => {
    const owner = await createUser(t.database.db, { isPrivate: true });
    const [fan, stranger] = [await createUser(t.database.db), await createUser(t.database.db)];
    await follow(fan, owner);
    const [request] = (await requests(owner)).body.results;
    for (const who of [fan, stranger]) {
      for (const answer of ['accept', 'decline']) {
        const res = await as(who).post(`/api/social/follows/${request!.id}/requests/${answer}/`, {});
        expect(res).toEqual({ status: 404, body: { detail: 'Not found.' } });
      }
    }
    expect((await as(null).post(`/api/social/follows/${request!.id}/requests/accept/`, {})).status).toBe(401);
    expect((await as(null).get('/api/social/follows/requests/')).status).toBe(401);
    expect((await as(null).get('/api/social/follows/requests/count/')).status).toBe(401);
    expect((await profile(fan, owner)).body.follow_status).toBe('requested');
  });

  it('cannot accept an accepted follow or a withdrawn request', async () => {
    const owner = await createUser(t.database.db, { isPrivate: true });
    const fan = await createUser(t.database.db);
    await follow(fan, owner);
    const [request] = (await requests(owner)).body.results;
    await as(fan).delete(`/api/social/follows/${owner.id}/`);
    expect((await as(owner).post(`/api/social/follows/${request!.id}/requests/accept/`, {})).status).toBe(404);
    expect(await requestCount(owner)).toBe(0);
  });
});
