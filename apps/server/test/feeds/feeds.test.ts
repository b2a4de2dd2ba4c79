import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeedPage, Review } from '@paddock/contract';
import { eq } from 'drizzle-orm';
import { feedEntries } from '../../src/db/schema/index.ts';
import { clock } from '../../src/lib/clock.ts';
import { pruneFeedTimelines } from '../../src/modules/feeds/service.ts';
import { DAY } from '../support/factories/f1.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { caller, pastRace } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let as: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  as = caller(t);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

async function write(author: TestUser, rating = 3): Promise<Review> {
  const race = await pastRace(t.database.db, 100);
  const res = await as(author).post<Review>('/api/core/reviews/', { race_id: race.id, rating });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const follow = (from: TestUser, to: TestUser) => as(from).post('/api/social/follows/', { user_id: to.id });
const feedUrl = (feed: 'feed' | 'for-you', q: Record<string, string | number | undefined>) => {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) query.set(k, String(v));
  return `/api/core/reviews/${feed}/?${query.toString()}`;
};

/** Every page of a feed, following next_cursor and meta.last_author_id as the web client does. */
async function allPages(viewer: TestUser | null, feed: 'feed' | 'for-you', pageSize: number, seen?: number[]) {
  const pages: FeedPage[] = [];
  let cursor: number | undefined;
  let lastAuthor: number | undefined;
  for (let i = 0; i < 50; i += 1) {
    const res = await as(viewer).get<FeedPage>(
      feedUrl(feed, { page_size: pageSize, cursor, last_author_id: lastAuthor, seen_ids: seen?.join(',') }),
    );
    expect(res.status).toBe(200);
    pages.push(res.body);
    if (res.body.next_cursor === null) return pages;
    cursor = res.body.next_cursor;
    lastAuthor = res.body.meta.last_author_id ?? undefined;
  }
  throw new Error('the feed did not end');
}
const idsOf = (pages: FeedPage[]) => pages.flatMap((p) => p.results.map((r) => r.id));

describe('the Following feed', () => {
  it('shows the reviews of followed accounts, newest first, page by page without repeats', async () => {
    const reader = await createUser(t.database.db);
    const [a, b, unfollowed] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    await follow(reader, a);
    await follow(reader, b);
    const written: number[] = [];
    for (const author of [a, b, a, unfollowed, b, a, b]) {
      const r = await write(author);
      if (author !== unfollowed) written.push(r.id);
    }
    const pages = await allPages(reader, 'feed', 2);
    expect(idsOf(pages)).toEqual([...written].reverse());
    expect(pages.map((p) => p.results.length)).toEqual([2, 2, 2]);
    expect(pages[0]!.meta.last_author_id).toBe(pages[0]!.results[1]!.user.id);
  });

  it('reads from the newest for a cursor past any id, instead of failing', async () => {
    const [reader, author] = [await createUser(t.database.db), await createUser(t.database.db)];
    await follow(reader, author);
    const review = await write(author);
    for (const cursor of ['99999999999999999999999', '2147483648']) {
      const page = await as(reader).get<FeedPage>(`/api/core/reviews/feed/?cursor=${cursor}`);
      expect(page.status).toBe(200);
      expect(idsOf([page.body])).toEqual([review.id]);
    }
  });

  it('leaves out the ids the client has seen', async () => {
    const [reader, author] = [await createUser(t.database.db), await createUser(t.database.db)];
    await follow(reader, author);
    const [r1, r2, r3] = [await write(author), await write(author), await write(author)];
    const res = await as(reader).get<FeedPage>(feedUrl('feed', { seen_ids: `${r3.id},${r1.id}` }));
    expect(res.body.results.map((r) => r.id)).toEqual([r2.id]);
    expect(res.body.next_cursor).toBeNull();
  });

  it('includes what a newly followed account wrote before, and drops an unfollowed account at once', async () => {
    const [reader, author] = [await createUser(t.database.db), await createUser(t.database.db)];
    const before = await write(author);
    await follow(reader, author);
    const after = await write(author);
    expect(idsOf(await allPages(reader, 'feed', 20))).toEqual([after.id, before.id]);
    await as(reader).delete(`/api/social/follows/${author.id}/`);
    expect(idsOf(await allPages(reader, 'feed', 20))).toEqual([]);
  });

  it('keeps older reviews reachable after the timeline is pruned, in order, without repeats', async () => {
    const [reader, author] = [await createUser(t.database.db), await createUser(t.database.db)];
    await follow(reader, author);
    const now = Date.now();
    const old: number[] = [];
    for (const daysAgo of [60, 50, 40]) {
      vi.spyOn(clock, 'now').mockReturnValue(now - daysAgo * DAY);
      old.push((await write(author)).id);
    }
    vi.restoreAllMocks();
    const recent = [(await write(author)).id, (await write(author)).id];
    await pruneFeedTimelines({ db: t.database.db, events: t.app.events }, t.config.FEED_TIMELINE_DAYS);
    const kept = await t.database.db.select().from(feedEntries).where(eq(feedEntries.userId, reader.id));
    expect(kept.map((e) => e.reviewId).sort()).toEqual([...recent].sort());
    expect(idsOf(await allPages(reader, 'feed', 2))).toEqual([...old, ...recent].reverse());

    // A new follower gets the recent reviews from the timeline and the old ones after them.
    const late = await createUser(t.database.db);
    await follow(late, author);
    expect(idsOf(await allPages(late, 'feed', 3))).toEqual([...old, ...recent].reverse());
  });

  it('is for signed-in users', async () => {
    expect((await as(null).get('/api/core/reviews/feed/')).status).toBe(401);
  });

  it('refuses malformed query values', async () => {
    const reader = await createUser(t.database.db);
    for (const query of [
      'seen_ids=1,,2',
      'seen_ids=a',
      'cursor=abc',
      'page_size=0',
      'page_size=101',
      'last_author_id=-1',
    ]) {
      expect((await as(reader).get(`/api/core/reviews/feed/?${query}`)).status).toBe(400);
    }
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    expect((await as(reader).get(`/api/core/reviews/feed/?seen_ids=${tooMany}`)).status).toBe(400);
  });
});

describe('page sizes', () => {
  it('answers pages of up to 100 reviews, as every list does', async () => {
    const reader = await createUser(t.database.db);
    expect((await as(reader).get('/api/core/reviews/feed/?page_size=100')).status).toBe(200);
    expect((await as(reader).get('/api/core/reviews/for-you/?page_size=100')).status).toBe(200);
    expect((await as(null).get('/api/core/reviews/for-you/?page_size=100')).status).toBe(200);
    expect((await as(null).get('/api/core/reviews/for-you/?page_size=101')).status).toBe(400);
  });
});

describe('the For You feed', () => {
  let authors: TestUser[];
  let viewer: TestUser;
  let written: Review[];

  beforeAll(async () => {
    // A separate app: the ranking is over every review, so other tests' reviews would get in the way.
    await t.close();
    t = await createTestApp();
    as = caller(t);
    viewer = await createUser(t.database.db);
    authors = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
    const [a, b, c] = authors as [TestUser, TestUser, TestUser];
    written = [];
    // A prolific author, a casual one and one who wrote once; and the viewer's own review.
    for (const author of [a, a, a, b, a, a, b, c, a]) written.push(await write(author));
    await write(viewer);
  });

  it('never shows the same author twice in a row, across pages too, and never a review twice', async () => {
    for (const pageSize of [1, 2, 3, 20]) {
      const pages = await allPages(viewer, 'for-you', pageSize);
      const items = pages.flatMap((p) => p.results);
      const ids = items.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (let i = 1; i < items.length; i += 1) expect(items[i]!.user.id).not.toBe(items[i - 1]!.user.id);
      expect(items.every((r) => r.user.id !== viewer.id)).toBe(true);
      // The three authors are all there.
      expect(new Set(items.map((r) => r.user.id))).toEqual(new Set(authors.map((u) => u.id)));
    }
  });

  it('ranks a review others engage with above newer ones', async () => {
    const [b] = [authors[1]!];
    const older = written.find((r) => r.user.id === b.id)!;
    for (const fan of [await createUser(t.database.db), await createUser(t.database.db), viewer]) {
      await as(fan).post('/api/core/review-likes/toggle/', { review_id: older.id });
    }
    const first = await as(null).get<FeedPage>(feedUrl('for-you', { page_size: 1 }));
    expect(first.body.results[0]!.id).toBe(older.id);
  });

  it('leaves out seen reviews and is open to guests', async () => {
    const seen = written.slice(0, 4).map((r) => r.id);
    const ids = idsOf(await allPages(null, 'for-you', 20, seen));
    expect(ids.some((id) => seen.includes(id))).toBe(false);
    expect(ids.length).toBeGreaterThan(0);
  });

  it('carries the previous page’s last author across pages', async () => {
    const first = await as(viewer).get<FeedPage>(feedUrl('for-you', { page_size: 1 }));
    const lastAuthor = first.body.meta.last_author_id!;
    expect(lastAuthor).toBe(first.body.results[0]!.user.id);
    const second = await as(viewer).get<FeedPage>(
      feedUrl('for-you', { page_size: 1, cursor: first.body.next_cursor!, last_author_id: lastAuthor }),
    );
    expect(second.body.results[0]!.user.id).not.toBe(lastAuthor);
  });
});
