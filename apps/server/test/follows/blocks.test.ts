import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  Comment,
  CurrentUser,
  FeedPage,
  Notification,
  PublicProfile,
  RelationListItem,
  Review,
  Thought,
  ThoughtComment,
} from '@paddock/contract';
import { selectRows } from '../../src/lib/sql.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { appForTests, pastRace } from '../support/social.ts';
import { openRace, postThought } from '../thoughts/helpers.ts';

/*
 * Blocks and mutes (issue 24, decision 028): what each side can do and see afterwards, in every list,
 * feed, thread, notification and profile, through the real app.
 */

const { t, as } = appForTests();

type Page<T> = { results: T[]; next_cursor: string | null };
const user = (o: { isPrivate?: boolean } = {}) => createUser(t.database.db, o);
const block = (from: TestUser, to: TestUser) => as(from).post('/api/social/blocks/', { user_id: to.id });
const mute = (from: TestUser, to: TestUser) => as(from).post('/api/social/mutes/', { user_id: to.id });
const follow = (from: TestUser, to: TestUser) => as(from).post('/api/social/follows/', { user_id: to.id });
const me = async (u: TestUser) => (await as(u).get<CurrentUser>('/api/social/users/me/')).body;
const profile = async (viewer: TestUser | null, of: TestUser) =>
  (await as(viewer).get<PublicProfile>(`/api/social/users/by_username/?username=${of.username}`)).body;
const review = async (author: TestUser, raceId: number, text = 'What a race') =>
  (await as(author).post<Review>('/api/core/reviews/', { race_id: raceId, rating: 4, review_text: text })).body;
const ids = (page: { results: { id: number }[] }) => page.results.map((r) => r.id);
const raceReviews = async (viewer: TestUser | null, raceId: number) =>
  ids((await as(viewer).get<Page<Review>>(`/api/core/reviews/?race_id=${raceId}`)).body);
const forYou = async (viewer: TestUser) =>
  ids((await as(viewer).get<FeedPage>('/api/core/reviews/for-you/?page_size=50')).body);
const following = async (viewer: TestUser) =>
  ids((await as(viewer).get<FeedPage>('/api/core/reviews/feed/?page_size=50')).body);
const commentsOn = async (viewer: TestUser | null, reviewId: number) =>
  (await as(viewer).get<Page<Comment>>(`/api/social/comments/?review_id=${reviewId}`)).body.results;
const notifications = async (u: TestUser) =>
  (await as(u).get<Page<Notification>>('/api/social/notifications/')).body.results;
const cannotInteract = { status: 403, body: { detail: 'You cannot interact with this account.' } };

describe('blocking', () => {
  it('answers 201, then 200 when it stands, lists the blocked account, and 204 then 404 when taken back', async () => {
    const [ana, bo] = [await user(), await user()];
    expect(await block(ana, bo)).toEqual({ status: 201, body: { detail: 'Blocked.' } });
    expect(await block(ana, bo)).toEqual({ status: 200, body: { detail: 'Blocked.' } });
    const list = await as(ana).get<Page<RelationListItem>>('/api/social/blocks/');
    expect(list.body.results.map((r) => [r.user.id, r.user.username, typeof r.created_at])).toEqual([
      [bo.id, bo.username, 'string'],
    ]);
    expect((await as(bo).get<Page<RelationListItem>>('/api/social/blocks/')).body.results).toEqual([]);
    expect((await as(ana).delete(`/api/social/blocks/${bo.id}/`)).status).toBe(204);
    expect((await as(ana).delete(`/api/social/blocks/${bo.id}/`)).status).toBe(404);
    expect((await as(ana).get<Page<RelationListItem>>('/api/social/blocks/')).body.results).toEqual([]);
  });

  it('refuses oneself, an unknown account, and a guest', async () => {
    const [ana, bo] = [await user(), await user()];
    expect(await block(ana, ana)).toEqual({ status: 400, body: { user_id: ['You cannot block yourself.'] } });
    expect(await mute(ana, ana)).toEqual({ status: 400, body: { user_id: ['You cannot mute yourself.'] } });
    expect((await as(ana).post('/api/social/blocks/', { user_id: 2_000_000_000 })).status).toBe(400);
    expect((await as(ana).post('/api/social/blocks/', { user_id: 'x' })).status).toBe(400);
    for (const url of ['/api/social/blocks/', '/api/social/mutes/']) {
      expect((await as(null).post(url, { user_id: bo.id })).status).toBe(401);
      expect((await as(null).get(url)).status).toBe(401);
      expect((await as(null).delete(`${url}${bo.id}/`)).status).toBe(401);
    }
  });

  it('removes the follows and requests both ways, with their counts, and neither can follow again', async () => {
    const [ana, bo, cy] = [await user({ isPrivate: true }), await user(), await user()];
    await follow(ana, bo);
    await follow(bo, ana); // a pending request to the private ana
    await follow(cy, bo);
    expect(await me(bo)).toMatchObject({ followers_count: 2, following_count: 0 });
    expect((await block(bo, ana)).status).toBe(201);
    expect(await me(ana)).toMatchObject({ followers_count: 0, following_count: 0 });
    expect(await me(bo)).toMatchObject({ followers_count: 1, following_count: 0 });
    expect((await as(ana).get<{ count: number }>('/api/social/follows/requests/count/')).body.count).toBe(0);
    expect(await follow(ana, bo)).toEqual({ status: 403, body: { detail: 'You cannot follow this account.' } });
    expect(await follow(bo, ana)).toEqual({
      status: 403,
      body: { detail: 'You have blocked this account. Unblock it to follow it.' },
    });
    await as(bo).delete(`/api/social/blocks/${ana.id}/`);
    expect((await follow(ana, bo)).status).toBe(201);
  });

  it("shows the blocker's profile to the blocked as a private one it cannot request, and refuses its lists", async () => {
    const [ana, bo] = [await user(), await user()];
    await block(ana, bo);
    expect(await profile(bo, ana)).toMatchObject({
      is_private: true,
      follow_status: 'none',
      can_follow: false,
      blocking: false,
    });
    expect(await profile(ana, bo)).toMatchObject({ is_private: false, can_follow: false, blocking: true });
    expect(await profile(null, ana)).toMatchObject({ is_private: false, can_follow: true, blocking: false });
    expect(await as(bo).get(`/api/social/users/${ana.id}/followers/`)).toEqual({
      status: 403,
      body: { detail: 'This account is private.' },
    });
    expect(await as(ana).get(`/api/social/users/${bo.id}/following/`)).toEqual({
      status: 403,
      body: { detail: 'You have blocked this account.' },
    });
  });

  it("keeps each side's reviews and comments out of the other's lists and feeds, and of nobody else's", async () => {
    const [ana, bo, cy] = [await user(), await user(), await user()];
    const race = await pastRace(t.database.db, 4);
    const [byAna, byBo, byCy] = [await review(ana, race.id), await review(bo, race.id), await review(cy, race.id)];
    await as(ana).post('/api/social/comments/', { race_review_id: byCy.id, comment: 'From Ana' });
    await as(bo).post('/api/social/comments/', { race_review_id: byCy.id, comment: 'From Bo' });
    // Read (and kept) before the block: what the block changes must not come from a kept page.
    expect(await raceReviews(ana, race.id)).toEqual([byCy.id, byBo.id, byAna.id]);
    expect(await forYou(bo)).toEqual(expect.arrayContaining([byAna.id, byCy.id]));

    await block(ana, bo);
    expect(await raceReviews(ana, race.id)).toEqual([byCy.id, byAna.id]);
    expect(await raceReviews(bo, race.id)).toEqual([byCy.id, byBo.id]);
    expect(await raceReviews(cy, race.id)).toEqual([byCy.id, byBo.id, byAna.id]);
    expect(await raceReviews(null, race.id)).toEqual([byCy.id, byBo.id, byAna.id]);
    expect(await forYou(bo)).not.toContain(byAna.id);
    expect(await forYou(ana)).not.toContain(byBo.id);
    expect((await commentsOn(ana, byCy.id)).map((c) => c.comment)).toEqual(['From Ana']);
    expect((await commentsOn(bo, byCy.id)).map((c) => c.comment)).toEqual(['From Bo']);
    expect((await commentsOn(cy, byCy.id)).map((c) => c.comment)).toEqual(['From Ana', 'From Bo']);
    expect((await as(bo).get(`/api/core/reviews/${byAna.id}/`)).status).toBe(404);
    expect((await as(ana).get(`/api/core/reviews/${byBo.id}/`)).status).toBe(404);
    expect((await as(bo).get(`/api/core/reviews/?user_id=${ana.id}`)).status).toBe(403);
  });

  it("refuses the blocked account's likes, comments and replies on the blocker's content (403), and the other way", async () => {
    const [ana, bo, cy] = [await user(), await user(), await user()];
    const race = await pastRace(t.database.db, 4);
    const [byAna, byCy] = [await review(ana, race.id), await review(cy, race.id)];
    const anaOnCy = (await as(ana).post<Comment>('/api/social/comments/', { race_review_id: byCy.id, comment: 'Hi' }))
      .body;
    const boOnCy = (await as(bo).post<Comment>('/api/social/comments/', { race_review_id: byCy.id, comment: 'Yo' }))
      .body;
    await block(ana, bo);
    expect(await as(bo).post('/api/core/review-likes/toggle/', { review_id: byAna.id })).toEqual(cannotInteract);
    expect(await as(bo).post('/api/social/comments/', { race_review_id: byAna.id, comment: 'Hey' })).toEqual(
      cannotInteract,
    );
    expect(
      await as(bo).post('/api/social/comments/', {
        race_review_id: byCy.id,
        parent_comment_id: anaOnCy.id,
        comment: 'Hey',
      }),
    ).toEqual(cannotInteract);
    expect(await as(bo).post('/api/social/comment-likes/toggle/', { comment_id: anaOnCy.id })).toEqual(cannotInteract);
    expect(await as(ana).post('/api/social/comment-likes/toggle/', { comment_id: boOnCy.id })).toEqual(cannotInteract);
    // A review that is not there is still 404, and others act as before.
    expect((await as(bo).post('/api/core/review-likes/toggle/', { review_id: 2_000_000_000 })).status).toBe(404);
    expect((await as(cy).post('/api/core/review-likes/toggle/', { review_id: byAna.id })).status).toBe(200);
    const [row] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from review_comments where user_id = ${bo.id}`,
    );
    expect(row!.n).toBe(1);
  });

  it("refuses likes and comments on the blocker's race thoughts, and leaves them out of each other's lists", async () => {
    const [ana, bo, cy] = [await user(), await user(), await user()];
    const race = await openRace(t.database.db);
    const anaThought: Thought = await postThought(as, ana, race.id, 'Ana live');
    const boThought: Thought = await postThought(as, bo, race.id, 'Bo live');
    const cyThought: Thought = await postThought(as, cy, race.id, 'Cy live');
    const anaOnCy = (
      await as(ana).post<ThoughtComment>('/api/core/thought-comments/', { thought_id: cyThought.id, comment: 'A' })
    ).body;
    await block(ana, bo);
    expect(await as(bo).post('/api/core/race-thought-likes/toggle/', { thought_id: anaThought.id })).toEqual(
      cannotInteract,
    );
    expect(await as(bo).post('/api/core/thought-comments/', { thought_id: anaThought.id, comment: 'x' })).toEqual(
      cannotInteract,
    );
    expect(
      await as(bo).post('/api/core/thought-comments/', {
        thought_id: cyThought.id,
        parent_comment_id: anaOnCy.id,
        comment: 'x',
      }),
    ).toEqual(cannotInteract);
    expect(await as(bo).post('/api/core/thought-comment-likes/toggle/', { comment_id: anaOnCy.id })).toEqual(
      cannotInteract,
    );
    const thoughtsSeenBy = async (viewer: TestUser) =>
      ids((await as(viewer).get<Page<Thought>>(`/api/core/race-thoughts/by-race/${race.id}/`)).body);
    expect(await thoughtsSeenBy(bo)).toEqual([cyThought.id, boThought.id]);
    expect(await thoughtsSeenBy(ana)).toEqual([cyThought.id, anaThought.id]);
    const threadSeenBy = async (viewer: TestUser) =>
      (await as(viewer).get<Page<ThoughtComment>>(`/api/core/thought-comments/?thought_id=${cyThought.id}`)).body
        .results;
    expect(await threadSeenBy(bo)).toEqual([]);
    expect(await threadSeenBy(cy)).toHaveLength(1);
  });

  it('takes back what the two told each other, and lets nothing new pass', async () => {
    const [ana, bo] = [await user(), await user()];
    const race = await pastRace(t.database.db, 4);
    const byAna = await review(ana, race.id);
    const byBo = await review(bo, race.id);
    await as(bo).post('/api/core/review-likes/toggle/', { review_id: byAna.id });
    await as(ana).post('/api/core/review-likes/toggle/', { review_id: byBo.id });
    expect((await notifications(ana)).map((n) => n.sender.id)).toEqual([bo.id]);
    await block(ana, bo);
    expect(await notifications(ana)).toEqual([]);
    expect(await notifications(bo)).toEqual([]);
    await as(ana).delete(`/api/social/blocks/${bo.id}/`);
    // Unblocked: they may act again, and are heard again.
    await as(bo).post('/api/social/comments/', { race_review_id: byAna.id, comment: 'Truce' });
    expect((await notifications(ana)).map((n) => n.notification_type)).toEqual(['COMMENT_ON_REVIEW']);
  });

  it('never leaves a follow beside a block when both are asked for at once, and counts end equal to rows', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 10 }, async (_, i): Promise<[TestUser, TestUser]> => [
        await user({ isPrivate: i % 2 === 0 }),
        await user(),
      ]),
    );
    const answers = await Promise.all(pairs.flatMap(([a, b]) => [follow(b, a), block(a, b), follow(a, b)]));
    expect(answers.every((a) => a.status < 500)).toBe(true);
    const rows = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from follows f join blocks b
          on (b.blocker_id = f.follower_id and b.blocked_id = f.following_id)
          or (b.blocker_id = f.following_id and b.blocked_id = f.follower_id)`,
    );
    expect(rows[0]!.n).toBe(0);
    const drift = await selectRows<{ id: number }>(
      t.database.db,
      sql`select u.id from users u
          where u.followers_count <> (select count(*) from follows where following_id = u.id and status = 'accepted')
             or u.following_count <> (select count(*) from follows where follower_id = u.id and status = 'accepted')`,
    );
    expect(drift).toEqual([]);
  });
});

describe('muting', () => {
  it("takes the muted account's reviews out of the muter's lists and feeds, and nothing else", async () => {
    const [ana, bo, cy] = [await user(), await user(), await user()];
    const race = await pastRace(t.database.db, 5);
    await follow(ana, bo);
    const [byBo, byCy] = [await review(bo, race.id), await review(cy, race.id)];
    expect(await following(ana)).toEqual([byBo.id]);
    expect(await raceReviews(ana, race.id)).toEqual([byCy.id, byBo.id]);

    expect(await mute(ana, bo)).toEqual({ status: 201, body: { detail: 'Muted.' } });
    expect(await mute(ana, bo)).toEqual({ status: 200, body: { detail: 'Muted.' } });
    expect(await following(ana)).toEqual([]);
    expect(await raceReviews(ana, race.id)).toEqual([byCy.id]);
    expect(await forYou(ana)).not.toContain(byBo.id);
    // Still followed; its profile, its own list and a link to its review open.
    expect(await profile(ana, bo)).toMatchObject({ follow_status: 'following', muting: true, can_follow: true });
    expect(ids((await as(ana).get<Page<Review>>(`/api/core/reviews/?user_id=${bo.id}`)).body)).toEqual([byBo.id]);
    expect((await as(ana).get(`/api/core/reviews/${byBo.id}/`)).status).toBe(200);
    // The muted account notices nothing.
    expect(await raceReviews(bo, race.id)).toEqual([byCy.id, byBo.id]);
    expect(await profile(bo, ana)).toMatchObject({ muting: false, blocking: false, can_follow: true });
    expect((await as(bo).post('/api/core/review-likes/toggle/', { review_id: byCy.id })).status).toBe(200);

    expect((await as(ana).get<Page<RelationListItem>>('/api/social/mutes/')).body.results).toHaveLength(1);
    expect((await as(ana).delete(`/api/social/mutes/${bo.id}/`)).status).toBe(204);
    expect(await following(ana)).toEqual([byBo.id]);
    expect(await raceReviews(ana, race.id)).toEqual([byCy.id, byBo.id]);
  });

  it("creates no notification from the muted account, and leaves its comments out of the muter's threads", async () => {
    const [ana, bo] = [await user(), await user()];
    const race = await pastRace(t.database.db, 5);
    const byAna = await review(ana, race.id);
    await mute(ana, bo);
    expect((await as(bo).post('/api/core/review-likes/toggle/', { review_id: byAna.id })).status).toBe(200);
    expect((await as(bo).post('/api/social/comments/', { race_review_id: byAna.id, comment: 'Nice one' })).status).toBe(
      201,
    );
    expect(await notifications(ana)).toEqual([]);
    expect(await commentsOn(ana, byAna.id)).toEqual([]);
    expect((await commentsOn(null, byAna.id)).map((c) => c.comment)).toEqual(['Nice one']);
  });
});
