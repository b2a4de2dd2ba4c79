import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Comment, FeedPage, Liker, Review } from '@paddock/contract';
import { commentLikes, reviewComments, reviewLikes, reviews } from '../../src/db/schema/index.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { appForTests, pastRace } from '../support/social.ts';

const { t, as } = appForTests();

async function reviewBy(author: TestUser): Promise<Review> {
  const race = await pastRace(t.database.db);
  return (await as(author).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 4 })).body;
}
const likeReview = (user: TestUser | null, reviewId: number) =>
  as(user).post<{ liked: boolean; like_count: number }>('/api/core/review-likes/toggle/', { review_id: reviewId });
const likeComment = (user: TestUser | null, commentId: number) =>
  as(user).post<{ liked: boolean; like_count: number }>('/api/social/comment-likes/toggle/', { comment_id: commentId });

async function storedReviewLikes(reviewId: number) {
  const [row] = await t.database.db.select({ n: count() }).from(reviewLikes).where(eq(reviewLikes.reviewId, reviewId));
  const [review] = await t.database.db
    .select({ likeCount: reviews.likeCount })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  return { rows: row?.n, counted: review?.likeCount };
}

describe('liking a review', () => {
  it('likes, then takes the like back, with the count and the viewer’s flag following', async () => {
    const [author, fan] = [await createUser(t.database.db), await createUser(t.database.db)];
    const review = await reviewBy(author);
    expect(await likeReview(fan, review.id)).toEqual({ status: 200, body: { liked: true, like_count: 1 } });
    expect((await as(fan).get<Review>(`/api/core/reviews/${review.id}/`)).body).toMatchObject({
      like_count: 1,
      is_liked_by_user: true,
    });
    expect((await as(author).get<Review>(`/api/core/reviews/${review.id}/`)).body.is_liked_by_user).toBe(false);
    expect(await likeReview(fan, review.id)).toEqual({ status: 200, body: { liked: false, like_count: 0 } });
  });

  it('shows the like in the feeds of the one who liked', async () => {
    const [author, fan] = [await createUser(t.database.db), await createUser(t.database.db)];
    await as(fan).post('/api/social/follows/', { user_id: author.id });
    const review = await reviewBy(author);
    await likeReview(fan, review.id);
    const feed = await as(fan).get<FeedPage>('/api/core/reviews/feed/');
    expect(feed.body.results[0]).toMatchObject({ id: review.id, like_count: 1, is_liked_by_user: true });
  });

  it('needs a signed-in user and a review that exists', async () => {
    const fan = await createUser(t.database.db);
    expect((await likeReview(null, 1)).status).toBe(401);
    expect(await likeReview(fan, 999_999)).toEqual({ status: 404, body: { detail: 'Not found.' } });
  });

  it('keeps the count equal to the likes when many fans like at once', async () => {
    const author = await createUser(t.database.db);
    const review = await reviewBy(author);
    const fans = await Promise.all(Array.from({ length: 12 }, () => createUser(t.database.db)));
    const answers = await Promise.all(fans.map((fan) => likeReview(fan, review.id)));
    expect(answers.every((a) => a.status === 200 && a.body.liked)).toBe(true);
    expect(answers.map((a) => a.body.like_count).sort((x, y) => x - y)).toEqual(fans.map((_, i) => i + 1));
    expect(await storedReviewLikes(review.id)).toEqual({ rows: 12, counted: 12 });
  });

  it('keeps the count equal to the likes when one fan toggles many times at once', async () => {
    const [author, fan] = [await createUser(t.database.db), await createUser(t.database.db)];
    const review = await reviewBy(author);
    const answers = await Promise.all(Array.from({ length: 7 }, () => likeReview(fan, review.id)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Seven toggles: liked, unliked, ... liked.
    expect(answers.filter((a) => a.body.liked)).toHaveLength(4);
    expect(await storedReviewLikes(review.id)).toEqual({ rows: 1, counted: 1 });
  });
});

describe('liking a comment', () => {
  it('likes and unlikes, lists who liked, and keeps the count equal to the likes under concurrency', async () => {
    const [author, commenter] = [await createUser(t.database.db), await createUser(t.database.db)];
    const review = await reviewBy(author);
    const comment = (
      await as(commenter).post<Comment>('/api/social/comments/', { race_review_id: review.id, comment: 'Great call' })
    ).body;
    const fans = await Promise.all(Array.from({ length: 8 }, () => createUser(t.database.db)));
    await Promise.all(fans.map((fan) => likeComment(fan, comment.id)));
    await likeComment(fans[0]!, comment.id); // takes one back
    const [rows] = await t.database.db
      .select({ n: count() })
      .from(commentLikes)
      .where(eq(commentLikes.commentId, comment.id));
    const [stored] = await t.database.db
      .select({ likeCount: reviewComments.likeCount })
      .from(reviewComments)
      .where(eq(reviewComments.id, comment.id));
    expect({ rows: rows?.n, counted: stored?.likeCount }).toEqual({ rows: 7, counted: 7 });

    const likers = await as(null).get<{ results: Liker[]; next_cursor: string | null }>(
      `/api/social/comment-likes/?comment_id=${comment.id}&page_size=5`,
    );
    expect(likers.body.results).toHaveLength(5);
    const rest = await as(null).get<{ results: Liker[]; next_cursor: string | null }>(
      `/api/social/comment-likes/?comment_id=${comment.id}&page_size=5&cursor=${likers.body.next_cursor}`,
    );
    const everyone = [...likers.body.results, ...rest.body.results].map((l) => l.user.id);
    expect(new Set(everyone)).toEqual(new Set(fans.slice(1).map((f) => f.id)));
    expect((await likeComment(null, comment.id)).status).toBe(401);
    expect((await likeComment(author, 999_999)).status).toBe(404);
  });
});
