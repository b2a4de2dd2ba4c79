import { beforeAll, describe, expect, it } from 'vitest';
import type { FeedPage, Review } from '@paddock/contract';
import { reviewSchema } from '@paddock/contract';
import { createUser, signedIn, type TestUser } from '../support/factories/users.ts';
import { appForTests } from '../support/social.ts';
import { buildWorld, markWatched, OLD_RACE_WORDS, readerWith, WINNER_WORDS, type World } from './world.ts';

/*
 * The spoiler shield on reviews (decision 033): a race's reviews, the feeds, popular reviews, a review and its
 * shared link. A shielded card keeps its author, race and dates; its rating and text are withheld. A reader's
 * own reviews are never shielded from them; the reader cache keeps what their shield decided, until it changes.
 */

const { t, as } = appForTests();
let world: World;
beforeAll(async () => {
  world = await buildWorld(t, as, 2092);
  // Likes make the reviews popular.
  const fan = await createUser(t.database.db);
  for (const review of [world.recentReview, world.oldReview]) {
    expect((await as(fan).post('/api/core/review-likes/toggle/', { review_id: review.id })).status).toBe(200);
  }
});

async function get<T>(user: TestUser | null, url: string, headers: Record<string, string> = {}) {
  const auth = user === null ? {} : await signedIn(t, user);
  const res = await t.app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

const raceReviews = (raceId: number) => `/api/core/reviews/?race_id=${raceId}`;
const reviewOf = (reviews: readonly Review[], id: number) => reviews.find((r) => r.id === id);

/** What the reader sees of a review: its words and stars, or that they are withheld. */
const seen = (review: Review | undefined) =>
  review && { text: review.review_text, rating: review.rating, hidden: review.spoilers_hidden };
const withheld = { text: null, rating: null, hidden: true };

describe("a race's reviews", () => {
  it("shows an unwatched-shield reader none of race 1057's review texts until they mark it watched", async () => {
    const reader = await readerWith(t, as, 'unwatched');
    const page = await get<{ results: Review[] }>(reader, raceReviews(1057));
    const card = reviewOf(page.results, world.recentReview.id);
    expect(seen(card)).toEqual(withheld);
    // The author, race and date stay.
    expect(card).toMatchObject({ user: { id: world.author.id }, race: { id: 1057 } });
    expect(card?.created_at).toBe(world.recentReview.created_at);
    expect(JSON.stringify(page)).not.toContain(WINNER_WORDS);
    for (const review of page.results) reviewSchema.parse(review);

    await markWatched(as, reader, 1057);
    const after = await get<{ results: Review[] }>(reader, raceReviews(1057));
    expect(seen(reviewOf(after.results, world.recentReview.id))).toEqual({
      text: WINNER_WORDS,
      rating: 5,
      hidden: false,
    });
  });

  it('per setting: off shows all, recent hides only the recent race, unwatched both', async () => {
    const expected = {
      off: [false, false],
      recent: [true, false],
      unwatched: [true, true],
    } as const;
    for (const [shield, [recentHidden, oldHidden]] of Object.entries(expected)) {
      const reader = await readerWith(t, as, shield as keyof typeof expected);
      const recent = await get<{ results: Review[] }>(reader, raceReviews(world.recent.id));
      const old = await get<{ results: Review[] }>(reader, raceReviews(world.old.id));
      expect(reviewOf(recent.results, world.recentReview.id)?.spoilers_hidden, shield).toBe(recentHidden);
      expect(reviewOf(old.results, world.oldReview.id)?.spoilers_hidden, shield).toBe(oldHidden);
    }
  });

  it('leaves guests every review text', async () => {
    const page = await get<{ results: Review[] }>(null, raceReviews(1057));
    expect(seen(reviewOf(page.results, world.recentReview.id))).toEqual({
      text: WINNER_WORDS,
      rating: 5,
      hidden: false,
    });
  });

  it("never hides a reader's own review from them, even once they unmarked the race watched", async () => {
    const reader = await readerWith(t, as, 'unwatched');
    const mine = await as(reader).post<Review>('/api/core/reviews/', {
      race_id: world.old.id,
      rating: 2,
      review_text: 'My own words',
    });
    expect(mine.status).toBe(201);
    expect(mine.body.spoilers_hidden).toBe(false);
    expect((await as(reader).delete(`/api/core/watched-races/${world.old.id}/`)).status).toBe(204);
    const page = await get<{ results: Review[] }>(reader, raceReviews(world.old.id));
    expect(seen(reviewOf(page.results, mine.body.id))).toEqual({ text: 'My own words', rating: 2, hidden: false });
    expect(seen(reviewOf(page.results, world.oldReview.id))).toEqual(withheld);
  });

  it('lifts the shield from a race the reader reviews (reviewing marks it watched)', async () => {
    const reader = await readerWith(t, as, 'recent');
    // The page is kept for the reader: reviewing must drop it.
    expect(
      seen(reviewOf((await get<{ results: Review[] }>(reader, raceReviews(1057))).results, world.recentReview.id)),
    ).toEqual(withheld);
    expect((await as(reader).post('/api/core/reviews/', { race_id: 1057, rating: 4 })).status).toBe(201);
    const page = await get<{ results: Review[] }>(reader, raceReviews(1057));
    expect(seen(reviewOf(page.results, world.recentReview.id))?.text).toBe(WINNER_WORDS);
  });
});

describe('the feeds, popular reviews and a single review', () => {
  it('shows a shielded reader no review text of the race in For You, and all of them once watched', async () => {
    const reader = await readerWith(t, as, 'unwatched');
    const page = await get<FeedPage>(reader, '/api/core/reviews/for-you/?page_size=50');
    expect(seen(reviewOf(page.results, world.recentReview.id))).toEqual(withheld);
    expect(JSON.stringify(page)).not.toContain(WINNER_WORDS);
    expect(JSON.stringify(page)).not.toContain(OLD_RACE_WORDS);
    await markWatched(as, reader, 1057);
    const after = await get<FeedPage>(reader, '/api/core/reviews/for-you/?page_size=50');
    expect(seen(reviewOf(after.results, world.recentReview.id))?.text).toBe(WINNER_WORDS);
    expect(seen(reviewOf(after.results, world.oldReview.id))).toEqual(withheld);
  });

  it('withholds them in the Following feed, popular reviews, a review and its shared link', async () => {
    const reader = await readerWith(t, as, 'recent');
    expect((await as(reader).post('/api/social/follows/', { user_id: world.author.id })).status).toBe(201);
    const following = await get<FeedPage>(reader, '/api/core/reviews/feed/');
    expect(seen(reviewOf(following.results, world.recentReview.id))).toEqual(withheld);
    expect(seen(reviewOf(following.results, world.oldReview.id))?.text).toBe(OLD_RACE_WORDS);

    const popular = await get<Review[]>(reader, '/api/core/reviews/popular/');
    expect(seen(reviewOf(popular, world.recentReview.id))).toEqual(withheld);

    for (const url of [
      `/api/core/reviews/${world.recentReview.id}/`,
      `/api/core/reviews/shared/${world.recentReview.id}/`,
    ]) {
      expect(seen(await get<Review>(reader, url))).toEqual(withheld);
      expect(seen(await get<Review>(null, url))?.text).toBe(WINNER_WORDS);
    }
  });

  it('reveals a race’s reviews for the requests that name it in X-Spoilers-Revealed', async () => {
    const reader = await readerWith(t, as, 'unwatched');
    const reveal = { 'x-spoilers-revealed': '1057' };
    const revealed = await get<{ results: Review[] }>(reader, raceReviews(1057), reveal);
    expect(seen(reviewOf(revealed.results, world.recentReview.id))?.text).toBe(WINNER_WORDS);
    const forYou = await get<FeedPage>(reader, '/api/core/reviews/for-you/?page_size=50', reveal);
    expect(seen(reviewOf(forYou.results, world.recentReview.id))?.text).toBe(WINNER_WORDS);
    expect(seen(reviewOf(forYou.results, world.oldReview.id))).toEqual(withheld);
    const single = await get<Review>(reader, `/api/core/reviews/${world.recentReview.id}/`, reveal);
    expect(single.review_text).toBe(WINNER_WORDS);
    // The kept page of the request with the header is not the one of the requests without it.
    const plain = await get<{ results: Review[] }>(reader, raceReviews(1057));
    expect(seen(reviewOf(plain.results, world.recentReview.id))).toEqual(withheld);
  });
});

describe('kept lists', () => {
  it("keeps a guest's list and a shielded reader's page apart, whichever comes first", async () => {
    const guestFirst = await get<{ results: Review[] }>(null, raceReviews(world.old.id));
    const reader = await readerWith(t, as, 'unwatched');
    const readerPage = await get<{ results: Review[] }>(reader, raceReviews(world.old.id));
    expect(seen(reviewOf(guestFirst.results, world.oldReview.id))?.text).toBe(OLD_RACE_WORDS);
    expect(seen(reviewOf(readerPage.results, world.oldReview.id))).toEqual(withheld);
    // The reader's page went into the reader cache, not the guests' answer.
    const guestAgain = await get<{ results: Review[] }>(null, raceReviews(world.old.id));
    expect(seen(reviewOf(guestAgain.results, world.oldReview.id))?.text).toBe(OLD_RACE_WORDS);
    const other = await readerWith(t, as, 'off');
    const otherPage = await get<{ results: Review[] }>(other, raceReviews(world.old.id));
    expect(seen(reviewOf(otherPage.results, world.oldReview.id))?.text).toBe(OLD_RACE_WORDS);
    // And the shielded reader's kept page follows their setting at once.
    await as(reader).patch('/api/social/users/me/', { spoiler_shield: 'recent' });
    const after = await get<{ results: Review[] }>(reader, raceReviews(world.old.id));
    expect(seen(reviewOf(after.results, world.oldReview.id))?.text).toBe(OLD_RACE_WORDS);
  });
});
