import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPage, Review } from '@paddock/contract';
import { feedEntries, feedFanouts } from '../../src/db/schema/index.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { caller, pastRace } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * A review by an account with more followers than FEED_FANOUT_INLINE_MAX is written into their
 * timelines after its transaction, FEED_FANOUT_BATCH followers at a time, from a queue in the database.
 */

let t: TestApp;
let as: ReturnType<typeof caller>;
let star: TestUser;
let fans: TestUser[];

beforeAll(async () => {
  // Five followers, written two at a time.
  t = await createTestApp({ FEED_FANOUT_INLINE_MAX: 2, FEED_FANOUT_BATCH: 2 });
  as = caller(t);
  star = await createUser(t.database.db);
  fans = [];
  for (let i = 0; i < 5; i += 1) {
    const fan = await createUser(t.database.db);
    await as(fan).post('/api/social/follows/', { user_id: star.id });
    fans.push(fan);
  }
});
afterAll(() => t.close());

const write = async (author: TestUser) =>
  (await as(author).post<Review>('/api/core/reviews/', { race_id: (await pastRace(t.database.db)).id, rating: 4 }))
    .body;
const feedIds = async (viewer: TestUser) =>
  (await as(viewer).get<FeedPage>('/api/core/reviews/feed/')).body.results.map((r) => r.id);

/** The Following feed once the queue has been worked through (the worker runs after the answer). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  return read();
}

describe('a review by an account with many followers', () => {
  it('reaches every follower’s Following feed shortly after it is written, and leaves no queue behind', async () => {
    // Their pages are read (and kept) before: each batch written drops its followers' kept pages.
    for (const fan of fans) await feedIds(fan);
    const review = await write(star);
    for (const fan of fans) {
      expect(
        await eventually(
          () => feedIds(fan),
          (ids) => ids.includes(review.id),
        ),
      ).toContain(review.id);
    }
    const queued = await eventually(
      () => t.database.db.select({ n: count() }).from(feedFanouts),
      ([row]) => row?.n === 0,
    );
    expect(queued[0]?.n).toBe(0);
  });

  it('is written at once for an account with few followers', async () => {
    const small = await createUser(t.database.db);
    await as(fans[0]!).post('/api/social/follows/', { user_id: small.id });
    const review = await write(small);
    expect(await feedIds(fans[0]!)).toContain(review.id);
  });

  it('leaves every timeline with the review when it is deleted, also while still queued', async () => {
    const review = await write(star);
    await as(star).delete(`/api/core/reviews/${review.id}/`);
    await eventually(
      () => t.database.db.select({ n: count() }).from(feedFanouts),
      ([row]) => row?.n === 0,
    );
    const [left] = await t.database.db
      .select({ n: count() })
      .from(feedEntries)
      .where(eq(feedEntries.reviewId, review.id));
    expect(left?.n).toBe(0);
    for (const fan of fans) expect(await feedIds(fan)).not.toContain(review.id);
  });
});
