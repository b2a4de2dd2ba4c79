/*
 * A small community built through the API, as its members would build it (BENCH_COMMUNITY=api): members
 * register, follow a few accounts each (skewed toward a few), review completed races (the Following
 * timelines are written by the site's own fan-out) and like reviews (skewed toward the most-followed
 * authors); one more reader follows 200 of them. Every account is clearly generated: usernames bench_…,
 * mail @bench.paddock.invalid. The benchmark then checks the same invariants as of the seeded community.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { selectRows } from '../src/lib/sql.ts';
import { BENCH_PREFIX } from './community.ts';

export interface ApiCommunityShape {
  members: number;
  reviewsEach: number;
  followsEach: number;
  likes: number;
  /** Accounts the one heavy reader follows. */
  readerFollows: number;
}

export const API_COMMUNITY: ApiCommunityShape = {
  members: 300,
  reviewsEach: 30,
  followsEach: 10,
  likes: 5_000,
  readerFollows: 200,
};

/** A small deterministic generator (mulberry32), so every run builds the same community. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `work` over `items`, `width` at a time. */
async function inPool<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

export async function buildCommunityThroughApi(
  base: string,
  db: Db,
  shape: ApiCommunityShape,
  log: (message: string) => void,
): Promise<void> {
  const send = async <T>(token: string | null, path: string, body: object, expected: number): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (res.status !== expected) throw new Error(`bench: POST ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const started = Date.now();
  const since = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

  // Members, then the heavy reader (the last account).
  const accounts = Array.from({ length: shape.members + 1 }, (_, i) => i);
  const members: { id: number; token: string }[] = [];
  await inPool(accounts, 4, async (i) => {
    const username = i === shape.members ? `${BENCH_PREFIX}api_reader` : `${BENCH_PREFIX}api_${i}`;
    const answer = await send<{ access: string; user: { id: number } }>(
      null,
      '/api/auth/register/',
      {
        username,
        email: `${username}@bench.paddock.invalid`,
        password: `bench password ${i} of the api community`,
        name: i === shape.members ? 'Bench API Reader' : `Bench API Member ${i}`,
      },
      201,
    );
    members[i] = { id: answer.user.id, token: answer.access };
  });
  log(`api community: ${members.length} accounts registered (${since()})`);

  // Follows, skewed toward the first accounts (the cube of a uniform draw), before the reviews: the
  // reviews reach their followers' timelines through the fan-out, as they do on the site.
  const next = random(2026);
  const follows: { from: number; to: number }[] = [];
  for (let i = 0; i < shape.members; i++) {
    const chosen = new Set<number>();
    while (chosen.size < shape.followsEach) {
      const to = Math.floor(shape.members * next() ** 3);
      if (to !== i) chosen.add(to);
    }
    for (const to of chosen) follows.push({ from: i, to });
  }
  for (let to = 0; to < shape.readerFollows; to++) follows.push({ from: shape.members, to });
  await inPool(follows, 8, async ({ from, to }) => {
    await send(members[from]!.token, '/api/social/follows/', { user_id: members[to]!.id }, 201);
  });
  log(`api community: ${follows.length} follows (${since()})`);

  // Reviews of the most recent completed races, each member a different run of them.
  const races = await selectRows<{ id: number }>(
    db,
    sql`select id from races where has_results or starts_at < now() - interval '3 hours'
        order by starts_at desc limit ${shape.reviewsEach * 2}`,
  );
  if (races.length < shape.reviewsEach * 2) throw new Error('bench: not enough completed races for the api community');
  const reviews: { author: number; race: number }[] = [];
  for (let i = 0; i < shape.members; i++) {
    for (let k = 0; k < shape.reviewsEach; k++)
      reviews.push({ author: i, race: races[(i + 2 * k) % races.length]!.id });
  }
  const byAuthor: number[][] = Array.from({ length: shape.members }, () => []);
  await inPool(reviews, 8, async ({ author, race }) => {
    const review = await send<{ id: number }>(
      members[author]!.token,
      '/api/core/reviews/',
      {
        race_id: race,
        rating: 1 + ((author + race) % 5),
        review_text: `Bench API member ${author} on race ${race}: the start, the strategy calls and the last laps.`,
      },
      201,
    );
    byAuthor[author]!.push(review.id);
  });
  log(`api community: ${reviews.length} reviews (${since()})`);

  // Likes, most of them on the reviews of the most-followed authors.
  const liked = new Set<string>();
  const likes: { liker: number; review: number }[] = [];
  while (likes.length < shape.likes) {
    const author = Math.floor(shape.members * next() ** 3);
    const liker = Math.floor(shape.members * next());
    const own = byAuthor[author]!;
    const review = own[Math.floor(own.length * next())]!;
    if (liker === author || liked.has(`${liker}:${review}`)) continue;
    liked.add(`${liker}:${review}`);
    likes.push({ liker, review });
  }
  await inPool(likes, 8, async ({ liker, review }) => {
    await send(members[liker]!.token, '/api/core/review-likes/toggle/', { review_id: review }, 200);
  });
  log(`api community: ${likes.length} likes (${since()})`);

  // The fan-outs of the most-followed members' reviews are written by the worker after their answers.
  for (;;) {
    const [left] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from feed_fanouts`);
    if ((left?.n ?? 0) === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  log(`api community: every fan-out written (${since()})`);
}
