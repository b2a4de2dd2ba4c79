import { describe, expect, it } from 'vitest';
import type { Comment, Reply, Review } from '@paddock/contract';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { appForTests, pastRace } from '../support/social.ts';

const { t, as } = appForTests();

type Page<T> = { results: T[]; next_cursor: string | null };

async function reviewBy(author: TestUser): Promise<Review> {
  const race = await pastRace(t.database.db);
  return (await as(author).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 4 })).body;
}
const comment = (user: TestUser | null, reviewId: number, text: string, parent?: number) =>
  as(user).post<Comment>('/api/social/comments/', {
    race_review_id: reviewId,
    comment: text,
    ...(parent === undefined ? {} : { parent_comment_id: parent }),
  });
const commentCount = async (reviewId: number) =>
  (await as(null).get<Review>(`/api/core/reviews/${reviewId}/`)).body.comment_count;

describe('commenting on a review', () => {
  it('posts trimmed comments and replies, and counts them on the review', async () => {
    const [author, fan] = [await createUser(t.database.db), await createUser(t.database.db)];
    const review = await reviewBy(author);
    const top = await comment(fan, review.id, '  What a restart!  ');
    expect(top.status).toBe(201);
    expect(top.body).toMatchObject({
      comment: 'What a restart!',
      review_id: review.id,
      user: { id: fan.id },
      parent_comment_id: null,
      replies: [],
      reply_count: 0,
      like_count: 0,
      is_liked_by_user: false,
    });
    const reply = await comment(author, review.id, 'Right?', top.body.id);
    expect(reply.body).toMatchObject({ parent_comment_id: top.body.id, replies: [] });
    expect(await commentCount(review.id)).toBe(2);
  });

  it('attaches a reply to a reply to its top-level comment: one level of nesting', async () => {
    const [author, a, b] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    const review = await reviewBy(author);
    const top = (await comment(a, review.id, 'Top')).body;
    const reply = (await comment(b, review.id, 'Reply', top.id)).body;
    const deeper = (await comment(a, review.id, 'Reply to the reply', reply.id)).body;
    expect(deeper.parent_comment_id).toBe(top.id);
    const list = await as(null).get<Page<Comment>>(`/api/social/comments/?review_id=${review.id}`);
    expect(list.body.results).toHaveLength(1);
    expect(list.body.results[0]).toMatchObject({
      id: top.id,
      reply_count: 2,
      replies: [{ id: reply.id }, { id: deeper.id }],
    });
  });

  it('lists top-level comments oldest first, page by page, and the replies of one comment', async () => {
    const [author, fan] = [await createUser(t.database.db), await createUser(t.database.db)];
    const review = await reviewBy(author);
    const ids = [];
    for (const text of ['one', 'two', 'three']) ids.push((await comment(fan, review.id, text)).body.id);
    const replies = [];
    for (const text of ['r1', 'r2', 'r3']) replies.push((await comment(author, review.id, text, ids[0])).body.id);
    const first = await as(null).get<Page<Comment>>(`/api/social/comments/?review_id=${review.id}&page_size=2`);
    expect(first.body.results.map((c) => c.id)).toEqual([ids[0], ids[1]]);
    const second = await as(null).get<Page<Comment>>(
      `/api/social/comments/?review_id=${review.id}&page_size=2&cursor=${first.body.next_cursor}`,
    );
    expect(second.body).toEqual({ results: [expect.objectContaining({ id: ids[2] })], next_cursor: null });
    const byParent = await as(null).get<Page<Reply>>(`/api/social/comments/?parent_comment_id=${ids[0]}&page_size=2`);
    expect(byParent.body.results.map((r) => r.id)).toEqual(replies.slice(0, 2));
    const endpoint = await as(null).get<Page<Reply>>(
      `/api/social/comments/${ids[0]}/replies/?cursor=${byParent.body.next_cursor}`,
    );
    expect(endpoint.body.results.map((r) => r.id)).toEqual([replies[2]]);
  });

  it("tells each reader how they stand to every comment's author, for the Follow button", async () => {
    const [author, fan, reader] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    const review = await reviewBy(author);
    const top = (await comment(fan, review.id, 'Great race')).body;
    await comment(author, review.id, 'Thanks!', top.id);
    expect((await as(reader).post('/api/social/follows/', { user_id: fan.id })).status).toBe(201);
    const statuses = async (viewer: TestUser | null) => {
      const [c] = (await as(viewer).get<Page<Comment>>(`/api/social/comments/?review_id=${review.id}`)).body.results;
      return [c!.user!.follow_status, c!.replies[0]!.user!.follow_status];
    };
    expect(await statuses(reader)).toEqual(['following', 'none']);
    expect(await statuses(fan)).toEqual(['self', 'none']);
    expect(await statuses(null)).toEqual(['none', 'none']);
  });

  it('refuses empty comments and a parent from another review, and answers 404 for an unknown review', async () => {
    const [author, fan] = [await createUser(t.database.db), await createUser(t.database.db)];
    const [review, other] = [await reviewBy(author), await reviewBy(author)];
    expect(await comment(fan, review.id, '   ')).toEqual({
      status: 400,
      body: { comment: ['Comment cannot be empty'] },
    });
    expect((await comment(fan, review.id, 'x'.repeat(1001))).status).toBe(400);
    expect(await comment(fan, 999_999, 'Hello')).toEqual({ status: 404, body: { detail: 'Not found.' } });
    const elsewhere = (await comment(fan, other.id, 'Elsewhere')).body;
    expect((await comment(fan, review.id, 'Cross', elsewhere.id)).body).toEqual({
      parent_comment_id: [`Invalid pk "${elsewhere.id}" - object does not exist.`],
    });
    expect((await comment(null, review.id, 'Guest')).status).toBe(401);
    expect((await as(null).get('/api/social/comments/')).status).toBe(400);
    expect((await as(null).get('/api/social/comments/?review_id=999999')).status).toBe(404);
  });
});

describe('editing and deleting comments', () => {
  it('lets the author edit, and nobody else', async () => {
    const [author, fan, other] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    const review = await reviewBy(author);
    const mine = (await comment(fan, review.id, 'Typo')).body;
    const url = `/api/social/comments/${mine.id}/`;
    expect((await as(other).patch(url, { comment: 'Hijack' })).status).toBe(403);
    expect((await as(author).patch(url, { comment: 'Not yours' })).status).toBe(403);
    const edited = await as(fan).patch<Comment>(url, { comment: ' Fixed ' });
    expect(edited.body).toMatchObject({ id: mine.id, comment: 'Fixed' });
    expect((await as(fan).patch(url, { comment: '' })).status).toBe(400);
  });

  it('lets the author delete a comment with its replies, and the review’s count follows', async () => {
    const [author, fan] = [await createUser(t.database.db), await createUser(t.database.db)];
    const review = await reviewBy(author);
    const top = (await comment(fan, review.id, 'Top')).body;
    const reply = (await comment(author, review.id, 'Reply', top.id)).body;
    await comment(fan, review.id, 'Second reply', top.id);
    const other = (await comment(author, review.id, 'Other thread')).body;
    expect(await commentCount(review.id)).toBe(4);

    expect((await as(author).delete(`/api/social/comments/${top.id}/`)).status).toBe(403);
    expect((await as(author).delete(`/api/social/comments/${reply.id}/`)).status).toBe(204);
    expect(await commentCount(review.id)).toBe(3);
    const listed = await as(null).get<Page<Comment>>(`/api/social/comments/?review_id=${review.id}`);
    expect(listed.body.results[0]).toMatchObject({ id: top.id, reply_count: 1 });

    expect((await as(fan).delete(`/api/social/comments/${top.id}/`)).status).toBe(204);
    expect(await commentCount(review.id)).toBe(1);
    const left = await as(null).get<Page<Comment>>(`/api/social/comments/?review_id=${review.id}`);
    expect(left.body.results.map((c) => c.id)).toEqual([other.id]);
    expect((await as(fan).delete(`/api/social/comments/${top.id}/`)).status).toBe(404);
  });

  it('takes the comments with a deleted review', async () => {
    const [author, fan] = [await createUser(t.database.db), await createUser(t.database.db)];
    const review = await reviewBy(author);
    const kept = (await comment(fan, review.id, 'Soon gone')).body;
    await as(author).delete(`/api/core/reviews/${review.id}/`);
    expect((await as(fan).patch(`/api/social/comments/${kept.id}/`, { comment: 'Still here?' })).status).toBe(404);
  });
});
