import { sql, type SQL } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  THOUGHTS_CLOSED,
  type LikeToggleResult,
  type Thought,
  type ThoughtComment,
  type ThoughtPage,
  type ThoughtReply,
} from '@paddock/contract';
import { clock } from '../../src/lib/clock.ts';
import { HOUR } from '../support/factories/f1.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { appForTests } from '../support/social.ts';
import { countOf, openRace, postThought, raceStartedAgo } from './helpers.ts';

const { t, as } = appForTests();
afterEach(() => vi.restoreAllMocks());

type Page<T> = { results: T[]; next_cursor: string | null };
const user = (o: { isPrivate?: boolean; name?: string } = {}) => createUser(t.database.db, o);
const comment = (u: TestUser | null, thoughtId: number, text: string, parent?: number) =>
  as(u).post<ThoughtComment | ThoughtReply>('/api/core/thought-comments/', {
    thought_id: thoughtId,
    comment: text,
    ...(parent === undefined ? {} : { parent_comment_id: parent }),
  });
const count = (query: SQL) => countOf(t.database.db, query);

async function follow(follower: TestUser, followed: TestUser) {
  await as(follower).post('/api/social/follows/', { user_id: followed.id });
  if (followed.isPrivate) {
    const requests = await as(followed).get<{ results: { id: number; requester: { username: string } }[] }>(
      '/api/social/follows/requests/',
    );
    const request = requests.body.results.find((r) => r.requester.username === follower.username);
    await as(followed).post(`/api/social/follows/${request!.id}/requests/accept/`, {});
  }
}

describe('posting race thoughts', () => {
  it('posts a trimmed thought while the race is open and shows it newest first, page by page', async () => {
    const [race, fan] = [await openRace(t.database.db), await user()];
    const first = await as(fan).post<Thought>('/api/core/race-thoughts/', { race_id: race.id, content: '  Pole!  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      race_id: race.id,
      content: 'Pole!',
      user: { id: fan.id, username: fan.username, follow_status: 'self' },
      like_count: 0,
      comment_count: 0,
      is_liked_by_user: false,
    });
    const second = await postThought(as, fan, race.id, 'Lights out');
    const third = await postThought(as, fan, race.id, 'Safety car');

    const page1 = await as(null).get<ThoughtPage>(`/api/core/race-thoughts/by-race/${race.id}/?page_size=2`);
    expect(page1.body.results.map((r) => r.id)).toEqual([third.id, second.id]);
    expect(page1.body.results[0]?.user.follow_status).toBe('none');
    const page2 = await as(null).get<ThoughtPage>(
      `/api/core/race-thoughts/by-race/${race.id}/?page_size=2&cursor=${page1.body.next_cursor}`,
    );
    expect(page2.body).toEqual({ results: [expect.objectContaining({ id: first.body.id })], next_cursor: null });
    expect((await as(null).get(`/api/core/race-thoughts/${second.id}/`)).body).toMatchObject({ content: 'Lights out' });
  });

  it('needs a signed-in user to write, and answers 404 for unknown ids and 400 for bad input', async () => {
    const [race, fan] = [await openRace(t.database.db), await user()];
    const guest = await as(null).post('/api/core/race-thoughts/', { race_id: race.id, content: 'Hi' });
    expect(guest).toEqual({ status: 401, body: { detail: 'Authentication credentials were not provided.' } });
    expect((await as(null).post('/api/core/race-thought-likes/toggle/', { thought_id: 1 })).status).toBe(401);
    expect((await as(null).post('/api/core/thought-comments/', { thought_id: 1, comment: 'x' })).status).toBe(401);
    expect((await as(null).post('/api/core/thought-comment-likes/toggle/', { comment_id: 1 })).status).toBe(401);

    expect((await as(null).get('/api/core/race-thoughts/by-race/999999/')).status).toBe(404);
    expect((await as(null).get('/api/core/race-thoughts/999999/')).status).toBe(404);
    expect((await as(null).get('/api/core/race-thoughts/abc/')).status).toBe(404);
    expect((await as(fan).patch('/api/core/race-thoughts/999999/', { content: 'x' })).status).toBe(404);
    expect((await as(fan).delete('/api/core/race-thoughts/999999/')).status).toBe(404);
    expect((await as(fan).post('/api/core/race-thought-likes/toggle/', { thought_id: 999999 })).status).toBe(404);
    expect((await as(fan).post('/api/core/thought-comment-likes/toggle/', { comment_id: 999999 })).status).toBe(404);
    expect((await as(null).get('/api/core/thought-comments/?thought_id=999999')).status).toBe(404);
    expect((await as(null).get('/api/core/thought-comments/?parent_comment_id=999999')).status).toBe(404);

    const unknownRace = await as(fan).post('/api/core/race-thoughts/', { race_id: 999999, content: 'x' });
    expect(unknownRace).toEqual({ status: 400, body: { race_id: ['Invalid pk "999999" - object does not exist.'] } });
    const empty = await as(fan).post('/api/core/race-thoughts/', { race_id: race.id, content: '   ' });
    expect(empty).toEqual({ status: 400, body: { content: ['Thought cannot be empty'] } });
    const long = await as(fan).post('/api/core/race-thoughts/', { race_id: race.id, content: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect((await as(null).get('/api/core/race-thoughts/by-race/1/?cursor=nonsense')).status).toBe(404);
    expect((await as(null).get(`/api/core/race-thoughts/by-race/${race.id}/?cursor=nonsense`)).status).toBe(400);
    expect((await as(null).get('/api/core/thought-comments/')).status).toBe(400);
  });

  it('lets only the author edit or delete a thought (404 for anyone else)', async () => {
    const [race, author, other] = [await openRace(t.database.db), await user(), await user()];
    const thought = await postThought(as, author, race.id);
    expect((await as(other).patch(`/api/core/race-thoughts/${thought.id}/`, { content: 'Mine now' })).status).toBe(404);
    expect((await as(other).delete(`/api/core/race-thoughts/${thought.id}/`)).status).toBe(404);

    const edited = await as(author).patch<Thought>(`/api/core/race-thoughts/${thought.id}/`, { content: 'Edited' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: thought.id, content: 'Edited' });
    expect((await as(author).delete(`/api/core/race-thoughts/${thought.id}/`)).status).toBe(204);
    expect((await as(author).get(`/api/core/race-thoughts/${thought.id}/`)).status).toBe(404);
  });
});

describe('the thoughts window', () => {
  it('refuses every write before the window opens and after it closes, and reads always', async () => {
    const db = t.database.db;
    const [author, fan] = [await user(), await user()];
    const race = await openRace(db);
    const thought = await postThought(as, author, race.id);
    const top = (await comment(fan, thought.id, 'Top')).body;
    const events = () => count(sql`select count(*)::int as n from thought_events where race_id = ${race.id}`);
    const before = await events();

    const closedNow = async (label: string) => {
      const closed = { status: 400, body: { detail: THOUGHTS_CLOSED } };
      expect(await as(author).post('/api/core/race-thoughts/', { race_id: race.id, content: 'x' }), label).toEqual(
        closed,
      );
      expect(await as(author).patch(`/api/core/race-thoughts/${thought.id}/`, { content: 'x' }), label).toEqual(closed);
      expect(await as(author).delete(`/api/core/race-thoughts/${thought.id}/`), label).toEqual(closed);
      expect(await as(fan).post('/api/core/race-thought-likes/toggle/', { thought_id: thought.id }), label).toEqual(
        closed,
      );
      expect(await comment(fan, thought.id, 'x'), label).toEqual(closed);
      expect(await comment(author, thought.id, 'x', top.id), label).toEqual(closed);
      expect(await as(fan).patch(`/api/core/thought-comments/${top.id}/`, { comment: 'x' }), label).toEqual(closed);
      expect(await as(fan).delete(`/api/core/thought-comments/${top.id}/`), label).toEqual(closed);
      expect(await as(author).post('/api/core/thought-comment-likes/toggle/', { comment_id: top.id }), label).toEqual(
        closed,
      );
      // Reading goes on.
      expect((await as(null).get(`/api/core/race-thoughts/by-race/${race.id}/`)).body).toMatchObject({
        results: [{ id: thought.id, content: 'Lights out!', comment_count: 1 }],
      });
      expect((await as(null).get(`/api/core/thought-comments/?thought_id=${thought.id}`)).status).toBe(200);
    };

    const start = race.startsAt.getTime();
    vi.spyOn(clock, 'now').mockReturnValue(start + 48 * HOUR);
    await closedNow('closed 48 hours after the start');
    vi.spyOn(clock, 'now').mockReturnValue(start - 24 * HOUR - 1000);
    await closedNow('before opening 24 hours ahead');
    expect(await events()).toBe(before);

    vi.spyOn(clock, 'now').mockReturnValue(start + 48 * HOUR - 1000);
    expect((await as(fan).post('/api/core/race-thought-likes/toggle/', { thought_id: thought.id })).status).toBe(200);
  });

  it('refuses thoughts on past and far-future races', async () => {
    const fan = await user();
    for (const hoursAgo of [49, 24 * 30, -25, -24 * 7]) {
      const race = await raceStartedAgo(t.database.db, hoursAgo);
      const res = await as(fan).post('/api/core/race-thoughts/', { race_id: race.id, content: 'x' });
      expect(res, `${hoursAgo} hours`).toEqual({ status: 400, body: { detail: THOUGHTS_CLOSED } });
    }
  });
});

describe('likes', () => {
  it('toggles a like, never twice, with the count always equal to the likes', async () => {
    const [race, author] = [await openRace(t.database.db), await user()];
    const fans = await Promise.all([user(), user(), user(), user()]);
    const thought = await postThought(as, author, race.id);
    const toggle = (u: TestUser) =>
      as(u).post<LikeToggleResult>('/api/core/race-thought-likes/toggle/', { thought_id: thought.id });
    expect((await toggle(fans[0])).body).toEqual({ liked: true, like_count: 1 });
    expect((await toggle(fans[0])).body).toEqual({ liked: false, like_count: 0 });
    await Promise.all(fans.map(toggle));
    // Two toggles of one user at once: one likes, the other takes it back.
    await Promise.all([toggle(author), toggle(author)]);
    const rows = await count(sql`select count(*)::int as n from thought_likes where thought_id = ${thought.id}`);
    const shown = (await as(fans[1]).get<Thought>(`/api/core/race-thoughts/${thought.id}/`)).body;
    expect(rows).toBe(4);
    expect(shown).toMatchObject({ like_count: 4, is_liked_by_user: true });
    expect((await as(author).get<Thought>(`/api/core/race-thoughts/${thought.id}/`)).body.is_liked_by_user).toBe(false);
  });

  it('counts comment likes as rows too', async () => {
    const [race, author, fan] = [await openRace(t.database.db), await user(), await user()];
    const thought = await postThought(as, author, race.id);
    const top = (await comment(fan, thought.id, 'Top')).body;
    const toggle = (u: TestUser) =>
      as(u).post<LikeToggleResult>('/api/core/thought-comment-likes/toggle/', { comment_id: top.id });
    expect((await toggle(author)).body).toEqual({ liked: true, like_count: 1 });
    await Promise.all([toggle(fan), toggle(fan)]);
    expect((await toggle(fan)).body).toEqual({ liked: true, like_count: 2 });
    const rows = await count(sql`select count(*)::int as n from thought_comment_likes where comment_id = ${top.id}`);
    const listed = await as(fan).get<Page<ThoughtComment>>(`/api/core/thought-comments/?thought_id=${thought.id}`);
    expect(rows).toBe(2);
    expect(listed.body.results[0]).toMatchObject({ id: top.id, like_count: 2, is_liked_by_user: true });
  });
});

describe('comments on thoughts', () => {
  it('nests one level: a reply to a reply attaches to the top-level comment, and counts follow', async () => {
    const [race, author, a, b] = [await openRace(t.database.db), await user(), await user(), await user()];
    const thought = await postThought(as, author, race.id);
    const top = await comment(a, thought.id, '  Top  ');
    expect(top.status).toBe(201);
    expect(top.body).toMatchObject({ comment: 'Top', thought_id: thought.id, parent_comment_id: null, replies: [] });
    const reply = (await comment(b, thought.id, 'Reply', top.body.id)).body;
    const deeper = (await comment(a, thought.id, 'Reply to the reply', reply.id)).body;
    expect(reply.parent_comment_id).toBe(top.body.id);
    expect(deeper.parent_comment_id).toBe(top.body.id);

    const list = await as(null).get<Page<ThoughtComment>>(`/api/core/thought-comments/?thought_id=${thought.id}`);
    expect(list.body.results).toHaveLength(1);
    expect(list.body.results[0]).toMatchObject({ id: top.body.id, reply_count: 2 });
    expect(list.body.results[0]?.replies.map((r) => r.id)).toEqual([reply.id, deeper.id]);
    const replies = await as(null).get<Page<ThoughtReply>>(
      `/api/core/thought-comments/?parent_comment_id=${top.body.id}`,
    );
    expect(replies.body.results.map((r) => r.comment)).toEqual(['Reply', 'Reply to the reply']);
    expect((await as(null).get<Thought>(`/api/core/race-thoughts/${thought.id}/`)).body.comment_count).toBe(3);

    const elsewhere = await postThought(as, author, race.id, 'Another');
    const wrongParent = await comment(a, elsewhere.id, 'x', top.body.id);
    expect(wrongParent).toEqual({
      status: 400,
      body: { parent_comment_id: [`Invalid pk "${top.body.id}" - object does not exist.`] },
    });

    // Only the author edits (403 for others, as for review comments); deleting a top-level comment takes its replies.
    expect((await as(b).patch(`/api/core/thought-comments/${top.body.id}/`, { comment: 'x' })).status).toBe(403);
    expect((await as(b).delete(`/api/core/thought-comments/${top.body.id}/`)).status).toBe(403);
    const edited = await as(a).patch<ThoughtComment>(`/api/core/thought-comments/${top.body.id}/`, { comment: 'Top!' });
    expect(edited.body).toMatchObject({
      comment: 'Top!',
      reply_count: 2,
      replies: [{ id: reply.id }, { id: deeper.id }],
    });
    expect((await as(b).delete(`/api/core/thought-comments/${reply.id}/`)).status).toBe(204);
    expect((await as(null).get<Thought>(`/api/core/race-thoughts/${thought.id}/`)).body.comment_count).toBe(2);
    expect((await as(a).delete(`/api/core/thought-comments/${top.body.id}/`)).status).toBe(204);
    expect((await as(null).get<Thought>(`/api/core/race-thoughts/${thought.id}/`)).body.comment_count).toBe(0);
    expect((await as(null).get(`/api/core/thought-comments/?thought_id=${thought.id}`)).body).toEqual({
      results: [],
      next_cursor: null,
    });
  });
});

describe("a private account's thoughts", () => {
  it('are shown to the owner and approved followers only: list, single, comments and writes', async () => {
    const [race, secret, follower, stranger] = [
      await openRace(t.database.db),
      await user({ isPrivate: true }),
      await user(),
      await user(),
    ];
    await follow(follower, secret);
    const thought = await postThought(as, secret, race.id, 'For my followers');
    const top = (await comment(follower, thought.id, 'Seen it')).body;
    const visibleIds = async (u: TestUser | null) =>
      (await as(u).get<ThoughtPage>(`/api/core/race-thoughts/by-race/${race.id}/`)).body.results.map((r) => r.id);

    expect(await visibleIds(secret)).toEqual([thought.id]);
    expect(await visibleIds(follower)).toEqual([thought.id]);
    expect((await as(follower).get<Thought>(`/api/core/race-thoughts/${thought.id}/`)).body.user.follow_status).toBe(
      'following',
    );
    for (const viewer of [stranger, null]) {
      expect(await visibleIds(viewer)).toEqual([]);
      expect((await as(viewer).get(`/api/core/race-thoughts/${thought.id}/`)).status).toBe(404);
      expect((await as(viewer).get(`/api/core/thought-comments/?thought_id=${thought.id}`)).status).toBe(404);
      expect((await as(viewer).get(`/api/core/thought-comments/?parent_comment_id=${top.id}`)).status).toBe(404);
    }
    expect((await comment(stranger, thought.id, 'Let me in')).status).toBe(400);
    expect((await as(stranger).post('/api/core/race-thought-likes/toggle/', { thought_id: thought.id })).status).toBe(
      404,
    );
    expect((await as(stranger).post('/api/core/thought-comment-likes/toggle/', { comment_id: top.id })).status).toBe(
      404,
    );
  });
});
