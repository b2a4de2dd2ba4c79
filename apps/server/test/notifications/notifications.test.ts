import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Comment, Notification, Review } from '@paddock/contract';
import { notifications } from '../../src/db/schema/index.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { appForTests, pastRace } from '../support/social.ts';

/* Notification rows written through the event seam, and the API the notification screens read. */

const { t, as } = appForTests();

/** A user's pending notifications, oldest first, as stored. */
const inbox = async (user: TestUser) =>
  (
    await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, user.id))
      .orderBy(notifications.id)
  ).map((n) => ({
    type: n.type,
    sender: n.senderId,
    review: n.reviewId,
    comment: n.commentId,
  }));

async function reviewBy(author: TestUser): Promise<Review> {
  const race = await pastRace(t.database.db);
  return (await as(author).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 4 })).body;
}

describe('notifications', () => {
  it('tells a public account about a new follower, and a requester about an accepted request', async () => {
    const [fan, driver, owner] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db, { isPrivate: true }),
    ];
    await as(fan).post('/api/social/follows/', { user_id: driver.id });
    expect(await inbox(driver)).toEqual([
      { type: 'FOLLOWED_PUBLIC_ACCOUNT', sender: fan.id, review: null, comment: null },
    ]);
    await as(fan).post('/api/social/follows/', { user_id: owner.id });
    expect(await inbox(owner)).toEqual([]);
    await as(owner).patch('/api/social/users/me/', { is_private: false });
    expect(await inbox(fan)).toEqual([
      { type: 'FOLLOW_REQUEST_ACCEPTED', sender: owner.id, review: null, comment: null },
    ]);
  });

  it('tells an author about a like, once, however often it is toggled, and never about their own', async () => {
    const [author, fan] = [await createUser(t.database.db), await createUser(t.database.db)];
    const review = await reviewBy(author);
    for (let i = 0; i < 3; i += 1) await as(fan).post('/api/core/review-likes/toggle/', { review_id: review.id });
    await as(author).post('/api/core/review-likes/toggle/', { review_id: review.id });
    expect(await inbox(author)).toEqual([{ type: 'REVIEW_LIKED', sender: fan.id, review: review.id, comment: null }]);
  });

  it('tells the review’s author about comments and a comment’s author about replies and likes', async () => {
    const [author, a, b] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    const review = await reviewBy(author);
    const post = (user: TestUser, text: string, parent?: number) =>
      as(user).post<Comment>('/api/social/comments/', {
        race_review_id: review.id,
        comment: text,
        ...(parent ? { parent_comment_id: parent } : {}),
      });
    const top = (await post(a, 'First!')).body;
    const reply = (await post(b, 'Second', top.id)).body;
    const own = (await post(author, 'Thanks both', top.id)).body;
    await as(b).post('/api/social/comment-likes/toggle/', { comment_id: top.id });
    await as(a).post('/api/social/comment-likes/toggle/', { comment_id: top.id }); // their own comment

    expect(await inbox(author)).toEqual([
      { type: 'COMMENT_ON_REVIEW', sender: a.id, review: review.id, comment: top.id },
      { type: 'COMMENT_ON_REVIEW', sender: b.id, review: review.id, comment: reply.id },
    ]);
    expect(await inbox(a)).toEqual([
      { type: 'REPLY_TO_COMMENT', sender: b.id, review: review.id, comment: reply.id },
      { type: 'REPLY_TO_COMMENT', sender: author.id, review: review.id, comment: own.id },
      { type: 'COMMENT_LIKED', sender: b.id, review: review.id, comment: top.id },
    ]);
    expect(await inbox(b)).toEqual([]);
  });

  it('sends one notification, the reply, to a review author answered in their own thread', async () => {
    const [author, fan] = [await createUser(t.database.db), await createUser(t.database.db)];
    const review = await reviewBy(author);
    const mine = (
      await as(author).post<Comment>('/api/social/comments/', { race_review_id: review.id, comment: 'Mine' })
    ).body;
    const answer = (
      await as(fan).post<Comment>('/api/social/comments/', {
        race_review_id: review.id,
        comment: 'Answer',
        parent_comment_id: mine.id,
      })
    ).body;
    expect(await inbox(author)).toEqual([
      { type: 'REPLY_TO_COMMENT', sender: fan.id, review: review.id, comment: answer.id },
    ]);
  });

  it('drops notifications about a review that was deleted', async () => {
    const [author, fan] = [await createUser(t.database.db), await createUser(t.database.db)];
    const review = await reviewBy(author);
    await as(fan).post('/api/core/review-likes/toggle/', { review_id: review.id });
    await as(author).delete(`/api/core/reviews/${review.id}/`);
    expect(await inbox(author)).toEqual([]);
  });
});

type Page<T> = { results: T[]; next_cursor: string | null };

describe('the notification screens’ API', () => {
  it('lists pending notifications newest first with who did what and what a click opens', async () => {
    const [author, fan, other] = [
      await createUser(t.database.db, { name: 'Lena Fischer' }),
      await createUser(t.database.db, { name: 'Sam Okafor' }),
      await createUser(t.database.db, { name: 'Max Tifoso' }),
    ];
    const review = await reviewBy(author);
    await as(fan).post('/api/core/review-likes/toggle/', { review_id: review.id });
    const comment = (
      await as(fan).post<Comment>('/api/social/comments/', { race_review_id: review.id, comment: 'Great read' })
    ).body;
    await as(other).post('/api/social/follows/', { user_id: author.id });

    const list = await as(author).get<Page<Notification>>('/api/social/notifications/');
    expect(list.status).toBe(200);
    const race = `${review.race.season.year} ${review.race.name}`;
    expect(list.body.results.map((n) => [n.notification_type, n.message])).toEqual([
      ['FOLLOWED_PUBLIC_ACCOUNT', 'Max Tifoso started following you'],
      ['COMMENT_ON_REVIEW', `Sam Okafor commented on your review of the ${race}`],
      ['REVIEW_LIKED', `Sam Okafor liked your review of the ${race}`],
    ]);
    expect(list.body.results[1]).toMatchObject({
      sender: { id: fan.id, username: fan.username, name: 'Sam Okafor', profile_picture: null },
      related_review_id: review.id,
      related_comment_id: comment.id,
      related_race_id: review.race.id,
      related_thought_id: null,
      related_thought_comment_id: null,
    });
    expect(new Date(list.body.results[0]!.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await as(author).get('/api/social/notifications/count/')).body).toEqual({ count: 3 });
    // Nobody else sees them.
    expect((await as(fan).get<Page<Notification>>('/api/social/notifications/')).body.results).toEqual([]);
  });

  it('pages through many notifications without repeating one', async () => {
    const author = await createUser(t.database.db);
    const fans = await Promise.all(Array.from({ length: 5 }, () => createUser(t.database.db)));
    for (const fan of fans) await as(fan).post('/api/social/follows/', { user_id: author.id });
    const seen: number[] = [];
    let url: string | null = '/api/social/notifications/?page_size=2';
    while (url) {
      const page: Page<Notification> = (await as(author).get<Page<Notification>>(url)).body;
      seen.push(...page.results.map((n) => n.sender.id));
      url = page.next_cursor ? `/api/social/notifications/?page_size=2&cursor=${page.next_cursor}` : null;
    }
    expect(seen).toEqual(fans.map((f) => f.id).reverse());
  });

  it('removes a notification that is read or dismissed, only for its recipient, and all of them at once', async () => {
    const author = await createUser(t.database.db);
    const [a, b, c] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    for (const fan of [a, b, c]) await as(fan).post('/api/social/follows/', { user_id: author.id });
    const [fromC, fromB] = (await as(author).get<Page<Notification>>('/api/social/notifications/')).body.results;

    expect((await as(a).post(`/api/social/notifications/${fromC!.id}/read/`, {})).status).toBe(404);
    expect((await as(a).delete(`/api/social/notifications/${fromC!.id}/`)).status).toBe(404);
    expect((await as(author).post(`/api/social/notifications/${fromC!.id}/read/`, {})).status).toBe(204);
    expect((await as(author).post(`/api/social/notifications/${fromC!.id}/read/`, {})).status).toBe(404);
    expect((await as(author).delete(`/api/social/notifications/${fromB!.id}/`)).status).toBe(204);
    expect((await as(author).get('/api/social/notifications/count/')).body).toEqual({ count: 1 });

    expect((await as(author).post('/api/social/notifications/read-all/', {})).body).toEqual({ count: 1 });
    expect((await as(author).get('/api/social/notifications/count/')).body).toEqual({ count: 0 });
  });

  it('needs a signed-in user, and answers 404 for ids that name nothing and 400 for a broken cursor', async () => {
    expect((await as(null).get('/api/social/notifications/')).status).toBe(401);
    expect((await as(null).get('/api/social/notifications/count/')).status).toBe(401);
    expect((await as(null).post('/api/social/notifications/read-all/', {})).status).toBe(401);
    const user = await createUser(t.database.db);
    expect((await as(user).post('/api/social/notifications/abc/read/', {})).status).toBe(404);
    expect((await as(user).delete('/api/social/notifications/99999999999/')).status).toBe(404);
    // A cursor naming an id no row can have is refused like any broken one, not passed to the database.
    const huge = Buffer.from(JSON.stringify([9_007_199_254_740_991])).toString('base64url');
    for (const cursor of [huge, 'nope']) {
      expect(await as(user).get(`/api/social/notifications/?cursor=${cursor}`)).toEqual({
        status: 400,
        body: { cursor: ['Invalid cursor.'] },
      });
      expect((await as(user).get(`/api/social/users/${user.id}/followers/?cursor=${cursor}`)).status).toBe(400);
    }
  });
});
