import { describe, expect, it } from 'vitest';
import { feedPageSchema, pageOf, reviewSchema, type FeedPage, type Review } from '@paddock/contract';
import { answerJson, ReviewCards } from '../../src/modules/reviews/cards.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { FOR_YOU_TAG } from '../../src/modules/reviews/cached.ts';
import { appForTests, pastRace } from '../support/social.ts';

/** A card as a guest sees it, enough for the cache's bookkeeping. */
const card = (id: number, authorId = 1, likeCount = 0) =>
  ({ id, user: { id: authorId }, like_count: likeCount }) as unknown as Review;

/** A load that answers the ids asked for and records them. */
function recordingLoad(likeCount = 0) {
  const asked: number[][] = [];
  const load = async (ids: number[]) => {
    asked.push(ids);
    return ids.map((id) => card(id, id % 3, likeCount));
  };
  return { asked, load };
}

describe('kept review cards', () => {
  it('loads only the missing cards, in one call, and keeps them', async () => {
    const cards = new ReviewCards({ maxEntries: 10 });
    const { asked, load } = recordingLoad();
    expect([...(await cards.cards([1, 2], load)).keys()]).toEqual([1, 2]);
    expect([...(await cards.cards([2, 3, 1], load)).keys()].sort()).toEqual([1, 2, 3]);
    expect(asked).toEqual([[1, 2], [3]]);
  });

  it('leaves out a review gone before its card was read', async () => {
    const cards = new ReviewCards({ maxEntries: 10 });
    const found = await cards.cards([1, 2], async () => [card(2)]);
    expect([...found.keys()]).toEqual([2]);
  });

  it('reads a dropped card again, and an author’s every card after their name changed', async () => {
    const cards = new ReviewCards({ maxEntries: 10 });
    const { asked, load } = recordingLoad();
    await cards.cards([1, 2, 3, 4], load);
    cards.dropReviews([2]);
    cards.dropAuthors([1]); // cards 1 and 4 (id % 3)
    await cards.cards([1, 2, 3, 4], load);
    expect(asked[1]).toEqual([1, 2, 4]);
  });

  it('does not keep a card whose load raced a drop of it', async () => {
    const cards = new ReviewCards({ maxEntries: 10 });
    let release!: () => void;
    const slow = cards.cards([1, 2], async (ids) => {
      await new Promise<void>((resolve) => (release = resolve));
      return ids.map((id) => card(id, 5, 0));
    });
    await Promise.resolve();
    cards.dropReviews([1]);
    release();
    expect((await slow).get(1)?.like_count).toBe(0);
    const { asked, load } = recordingLoad(1);
    expect((await cards.cards([1, 2], load)).get(1)?.like_count).toBe(1);
    expect(asked).toEqual([[1]]);
  });

  it('keeps nothing while its drops may be lost, and drops everything when F1 data changed', async () => {
    let trusted = false;
    let epoch = 0;
    const cards = new ReviewCards({ maxEntries: 10, trusted: () => trusted, epoch: () => epoch });
    const { asked, load } = recordingLoad();
    await cards.cards([1], load);
    expect(cards.size).toBe(0);
    trusted = true;
    await cards.cards([1], load);
    epoch = 1;
    await cards.cards([1], load);
    expect(asked).toHaveLength(3);
  });

  it('holds at most its number of cards, and none older than its maximum age', async () => {
    let now = 0;
    const cards = new ReviewCards({ maxEntries: 2, maxAgeMs: 1_000, now: () => now });
    const { asked, load } = recordingLoad();
    await cards.cards([1, 2, 3], load);
    expect(cards.size).toBe(2);
    await cards.cards([3], load);
    now = 1_000;
    await cards.cards([3], load);
    expect(asked).toEqual([[1, 2, 3], [3]]);
  });

  it('follows drop messages, and drops everything on one it cannot read', async () => {
    const cards = new ReviewCards({ maxEntries: 10 });
    const { load } = recordingLoad();
    await cards.cards([1, 2, 3, 4], load);
    cards.apply(JSON.stringify({ reviews: [4] }));
    expect(cards.size).toBe(3);
    cards.apply(JSON.stringify({ authors: [2] })); // card 2
    expect(cards.size).toBe(2);
    cards.apply('{"reviews":["1; drop"]}');
    expect(cards.size).toBe(0);
  });

  it('vouches for an answer made from its cards only while each of them is still the kept one', async () => {
    let now = 0;
    let trusted = true;
    let epoch = 0;
    const options = { maxEntries: 10, maxAgeMs: 1_000, now: () => now, trusted: () => trusted, epoch: () => epoch };
    const cards = new ReviewCards(options);
    const { load } = recordingLoad();
    const used = async (ids: number[]) => [...(await cards.cards(ids, load)).values()];

    const answer = await used([1, 2]);
    expect(cards.holds(answer)).toBe(true);
    expect(cards.holds([card(1), answer[1]!])).toBe(false); // another object: a card read again
    cards.dropReviews([2]);
    expect(cards.holds(answer)).toBe(false);

    const byAuthor = await used([1, 3]);
    cards.dropAuthors([0]); // card 3 (id % 3)
    expect(cards.holds(byAuthor)).toBe(false);

    const old = await used([4]);
    now = 1_000;
    expect(cards.holds(old)).toBe(false);

    const heard = await used([5]);
    trusted = false;
    expect(cards.holds(heard)).toBe(false);
    trusted = true;
    epoch = 1;
    expect(cards.holds(heard)).toBe(false);
    expect(new ReviewCards({ ...options, maxEntries: 0 }).holds([])).toBe(false);
  });

  it('keeps readers’ answers within its byte budget, each while its cards are unchanged', async () => {
    const bytes = (n: number) => Buffer.alloc(n, 'x');
    // Room for two answers of 1,000 bytes (each counts about 1 KB more for its bookkeeping).
    const cards = new ReviewCards({ maxEntries: 10, answerBytes: 2 * (1_000 + 1024) });
    const { load } = recordingLoad();
    const [first, second, third] = [{}, {}, {}];
    const one = [...(await cards.cards([1], load)).values()];
    const two = [...(await cards.cards([2], load)).values()];
    cards.keepAnswer(first, bytes(1_000), one);
    cards.keepAnswer(second, bytes(1_000), two);
    expect(cards.keptAnswer(first)?.length).toBe(1_000);
    cards.keepAnswer(third, bytes(1_000), two);
    // The least recently used went: the second page's answer.
    expect(cards.keptAnswer(second)).toBeUndefined();
    expect(cards.keptAnswerBytes).toBe(2 * (1_000 + 1024));
    cards.keepAnswer({}, bytes(5_000), one);
    expect(cards.keptAnswerBytes).toBe(2 * (1_000 + 1024));

    cards.dropReviews([2]);
    expect(cards.keptAnswer(third)).toBeUndefined();
    expect(cards.keptAnswer(first)?.length).toBe(1_000);
    expect(cards.keptAnswerBytes).toBe(1_000 + 1024);
    expect(new ReviewCards({ maxEntries: 10, answerBytes: 0 }).keptAnswer(first)).toBeUndefined();
  });
});

describe("a reader's answer put together from kept card bytes", () => {
  const review = (id: number, text: string | null): Review => ({
    id,
    race: {
      id: 7,
      name: 'São Paulo Grand Prix',
      season: { year: 2024 },
      circuit_name: 'Autódromo José Carlos Pace',
      date: '2024-11-03T15:30:00.000Z',
      location: 'São Paulo',
      round_number: 21,
      country_code: 'BR',
    },
    user: { id: 3, username: 'ayrton_fan', name: 'Zoë "Wet Race" Ünal', profile_picture: null, follow_status: 'none' },
    rating: 5,
    review_text: text,
    like_count: 12,
    is_liked_by_user: false,
    comment_count: 2,
    created_at: '2024-11-04T08:00:00.000Z',
    updated_at: '2024-11-04T09:00:00.000Z',
    is_hidden: false,
    spoilers_hidden: false,
  });

  it('is the JSON of the reviews with the reader’s side, whatever the text holds', () => {
    const cards = [
      {
        card: review(1, 'Rain, “chaos” and 🏆: \\u0000follow_status\\u0000 is not a mark.'),
        follow_status: 'following',
        liked: true,
        shielded: false,
      },
      { card: review(2, null), follow_status: 'requested', liked: false, shielded: false },
    ] as const;
    const json = answerJson(cards, { next_cursor: 41, meta: { last_author_id: 3 } }).toString();
    expect(json).toBe(
      JSON.stringify({
        results: cards.map(({ card, follow_status, liked }) => ({
          ...card,
          user: { ...card.user, follow_status },
          is_liked_by_user: liked,
        })),
        next_cursor: 41,
        meta: { last_author_id: 3 },
      }),
    );
    expect(answerJson([], {}).toString()).toBe('{"results":[]}');
  });

  it('shows each reader their own side of the same cards', () => {
    const [first, second] = [review(1, 'Monza'), review(2, 'Spa')];
    const asJson = (
      sides: readonly { card: Review; follow_status: Review['user']['follow_status']; liked: boolean }[],
    ) =>
      JSON.stringify({
        results: sides.map(({ card, follow_status, liked }) => ({
          ...card,
          user: { ...card.user, follow_status },
          is_liked_by_user: liked,
        })),
      });
    const readers = [
      [
        { card: first, follow_status: 'following', liked: true, shielded: false },
        { card: second, follow_status: 'none', liked: false, shielded: false },
      ],
      [
        { card: first, follow_status: 'none', liked: false, shielded: false },
        { card: second, follow_status: 'self', liked: true, shielded: false },
      ],
      [
        { card: first, follow_status: 'following', liked: true, shielded: false },
        { card: second, follow_status: 'requested', liked: false, shielded: false },
      ],
    ] as const;
    for (const sides of readers) expect(answerJson(sides, {}).toString()).toBe(asJson(sides));
  });

  it('withholds the rating and text of a card from a reader whose spoiler shield hides its race, only for them', () => {
    const card = review(1, 'Verstappen won it from the pit lane');
    const shielded = answerJson([{ card, follow_status: 'none', liked: false, shielded: true }], {}).toString();
    expect(JSON.parse(shielded)).toEqual({
      results: [{ ...card, rating: null, review_text: null, spoilers_hidden: true }],
    });
    expect(shielded).not.toContain('Verstappen');
    // The same card, kept once, still reads in full for the next reader.
    const open = answerJson([{ card, follow_status: 'none', liked: false, shielded: false }], {}).toString();
    expect(JSON.parse(open)).toEqual({ results: [card] });
  });
});

describe('what a reader sees of kept cards', () => {
  const { t, as } = appForTests();
  const member = () => createUser(t.database.db);

  /**
   * A review by `author` that `reader` (following them) and a guest have read in every list, so its card
   * and the guest's lists are kept.
   */
  async function readReview(author: TestUser, reader: TestUser) {
    await as(reader).post('/api/social/follows/', { user_id: author.id });
    const race = await pastRace(t.database.db);
    const review = (await as(author).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 3 })).body;
    // A reader's answers are sent without the route's schema: each is checked against the contract here.
    const lists = {
      following: async () =>
        feedPageSchema.parse((await as(reader).get<FeedPage>('/api/core/reviews/feed/')).body).results,
      forYou: async () =>
        feedPageSchema.parse((await as(reader).get<FeedPage>('/api/core/reviews/for-you/?page_size=100')).body).results,
      race: async () =>
        pageOf(reviewSchema).parse((await as(reader).get(`/api/core/reviews/?race_id=${race.id}`)).body).results,
      guestRace: async () =>
        (await as(null).get<{ results: Review[] }>(`/api/core/reviews/?race_id=${race.id}`)).body.results,
      one: async () => [(await as(reader).get<Review>(`/api/core/reviews/${review.id}/`)).body],
      guestProfile: async () =>
        (await as(null).get<{ results?: Review[] }>(`/api/core/reviews/?user_id=${author.id}`)).body.results ?? [],
      guestForYou: async () => (await as(null).get<FeedPage>('/api/core/reviews/for-you/?page_size=100')).body.results,
    };
    const everywhere = async () => {
      const seen = await Promise.all(Object.values(lists).map((list) => list()));
      return seen.map((results) => results.find((r) => r.id === review.id));
    };
    expect((await everywhere()).every((r) => r?.rating === 3)).toBe(true);
    return { review, race, everywhere };
  }

  it('shows a like, its undoing, a comment and its deletion in the very next request of every list', async () => {
    const [author, reader, fan] = [await member(), await member(), await member()];
    const { review, everywhere } = await readReview(author, reader);

    await as(fan).post('/api/core/review-likes/toggle/', { review_id: review.id });
    expect((await everywhere()).map((r) => r?.like_count)).toEqual(Array(7).fill(1));
    await as(fan).post('/api/core/review-likes/toggle/', { review_id: review.id });
    expect((await everywhere()).map((r) => r?.like_count)).toEqual(Array(7).fill(0));

    const comment = await as(fan).post<{ id: number }>('/api/social/comments/', {
      race_review_id: review.id,
      comment: 'Great read.',
    });
    expect((await everywhere()).map((r) => r?.comment_count)).toEqual(Array(7).fill(1));
    await as(fan).delete(`/api/social/comments/${comment.body.id}/`);
    expect((await everywhere()).map((r) => r?.comment_count)).toEqual(Array(7).fill(0));
  });

  it('shows the reader’s own like and follow on cards others share', async () => {
    const [author, reader] = [await member(), await member()];
    const { review, everywhere } = await readReview(author, reader);
    await as(reader).post('/api/core/review-likes/toggle/', { review_id: review.id });
    const [following, forYou, race, guestRace, one, guestProfile, guestForYou] = await everywhere();
    for (const r of [following, forYou, race, one]) {
      expect(r).toMatchObject({ is_liked_by_user: true, user: { follow_status: 'following' } });
    }
    for (const r of [guestRace, guestProfile, guestForYou]) {
      expect(r).toMatchObject({ like_count: 1, is_liked_by_user: false, user: { follow_status: 'none' } });
    }
  });

  it('shows an edit, a new name and a deletion in the very next request of every list', async () => {
    const [author, reader] = [await member(), await member()];
    const { review, everywhere } = await readReview(author, reader);

    await as(author).patch(`/api/core/reviews/${review.id}/`, { rating: 5, review_text: 'Better on a rewatch.' });
    expect((await everywhere()).map((r) => [r?.rating, r?.review_text])).toEqual(
      Array(7).fill([5, 'Better on a rewatch.']),
    );
    await as(author).patch('/api/social/users/me/', { name: 'Renamed Writer' });
    expect((await everywhere()).map((r) => r?.user.name)).toEqual(Array(7).fill('Renamed Writer'));

    await as(author).delete(`/api/core/reviews/${review.id}/`);
    expect(await everywhere()).toEqual(Array(7).fill(undefined));
  });

  it('hides a review from guests in the next request of every list once its author went private', async () => {
    const [author, reader] = [await member(), await member()];
    const { everywhere } = await readReview(author, reader);
    await as(author).patch('/api/social/users/me/', { is_private: true });
    const [following, forYou, race, guestRace, one, guestProfile, guestForYou] = await everywhere();
    expect([following, forYou, race, one].every((r) => r !== undefined)).toBe(true);
    expect([guestRace, guestProfile, guestForYou]).toEqual([undefined, undefined, undefined]);
  });

  it('shows a reader what their follow request, its acceptance and their unfollow change, in the next request', async () => {
    const [author, reader, other] = [await member(), await member(), await member()];
    // A private author read by a follower, so the lists hold their review; the reader has read them too.
    const { review, race } = await readReview(author, other);
    await as(author).patch('/api/social/users/me/', { is_private: true });
    const readerLists = async () => {
      const following = (await as(reader).get<FeedPage>('/api/core/reviews/feed/')).body.results;
      const forYou = (await as(reader).get<FeedPage>('/api/core/reviews/for-you/?page_size=100')).body.results;
      const raceList = (await as(reader).get<{ results: Review[] }>(`/api/core/reviews/?race_id=${race.id}`)).body
        .results;
      return [following, forYou, raceList].map((list) => list.find((r) => r.id === review.id)?.user.follow_status);
    };
    expect(await readerLists()).toEqual([undefined, undefined, undefined]);

    await as(reader).post('/api/social/follows/', { user_id: author.id });
    expect(await readerLists()).toEqual([undefined, undefined, undefined]);
    const requests = await as(author).get<{ results: { id: number }[] }>('/api/social/follows/requests/');
    await as(author).post(`/api/social/follows/${requests.body.results[0]!.id}/requests/accept/`, {});
    expect(await readerLists()).toEqual(['following', 'following', 'following']);

    await as(reader).delete(`/api/social/follows/${author.id}/`);
    expect(await readerLists()).toEqual([undefined, undefined, undefined]);
  });

  it('keeps a reader’s page of a race’s reviews through others’ likes and comments, showing them all the same', async () => {
    const [author, reader, fan] = [await member(), await member(), await member()];
    const { review, race } = await readReview(author, reader);
    const raceList = async () =>
      (await as(reader).get<{ results: Review[] }>(`/api/core/reviews/?race_id=${race.id}`)).body.results;
    await raceList();
    // Pages of For You go with any like (it is ranked by them): none is left to go here.
    t.app.readerCache.invalidate([FOR_YOU_TAG]);
    const kept = t.app.readerCache.size;
    await as(fan).post('/api/core/review-likes/toggle/', { review_id: review.id });
    await as(fan).post('/api/social/comments/', { race_review_id: review.id, comment: 'Agreed.' });
    // Which reviews the page shows did not change: it is still kept (only the card went).
    expect(t.app.readerCache.size).toBe(kept);
    expect((await raceList()).find((r) => r.id === review.id)).toMatchObject({ like_count: 1, comment_count: 1 });
    // A new review on the race does change them.
    const other = await member();
    await as(other).post('/api/core/reviews/', { race_id: race.id, rating: 4 });
    expect(t.app.readerCache.size).toBeLessThan(kept);
    expect(await raceList()).toHaveLength(2);
  });

  it('keeps a guest’s For You, but not one that leaves out what that guest saw', async () => {
    await as(null).get('/api/core/reviews/for-you/');
    const kept = t.app.readCache.size;
    await as(null).get('/api/core/reviews/for-you/');
    await as(null).get('/api/core/reviews/for-you/?seen_ids=1,2,3');
    expect(t.app.readCache.size).toBe(kept);
  });

  it('shows a public author’s card with the reader’s follow request as soon as it is made', async () => {
    const [author, reader] = [await member(), await member()];
    const race = await pastRace(t.database.db);
    await as(author).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 2 });
    const status = async () =>
      (await as(reader).get<{ results: Review[] }>(`/api/core/reviews/?race_id=${race.id}`)).body.results[0]?.user
        .follow_status;
    expect(await status()).toBe('none');
    await as(reader).post('/api/social/follows/', { user_id: author.id });
    expect(await status()).toBe('following');
  });
});
