import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, Review } from '@paddock/contract';
import { pendingNotifications } from '../../src/modules/notifications/service.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { caller, pastRace } from '../social/helpers.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

/* Notification rows written through the event seam (the screens that list them come later). */

let t: TestApp;
let as: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  as = caller(t);
});
afterAll(() => t.close());

const inbox = async (user: TestUser) =>
  (await pendingNotifications({ db: t.database.db, events: t.app.events }, user.id)).map((n) => ({
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
