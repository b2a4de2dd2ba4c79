/*
 * The social scenarios of `npm run bench`: who reads which feed, which races and reviews are written
 * to, signed access tokens, the request steps, and the feeds' own SQL run directly.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { selectRows } from '../src/lib/sql.ts';
import { createEventBus } from '../src/lib/events.ts';
import { followingFeed, forYouFeed } from '../src/modules/feeds/service.ts';
import type { Step, StepContext } from './load.ts';

/** The people and objects the scenarios use, chosen from the seeded community. */
export interface SocialPlan {
  /** The most-followed account, the author of the create-review benchmark. */
  topId: number;
  topFollowers: number;
  /** Completed races it has not reviewed: each connection reviews one, then deletes the review. */
  writePool: number[];
  /** Readers of the Following feed whose fan-in (reviews of the accounts they follow) is near the median. */
  following: { id: number; fanin: number; timeline: number }[];
  medianFanin: number;
  /** Signed-in readers of For You and of race pages. */
  readers: number[];
  /** Races with the most reviews. */
  popularRaces: { id: number; reviews: number }[];
  /** (review, user) pairs not liked in the seed, each review once: toggled back and forth. */
  likePairs: { reviewId: number; userId: number }[];
  /** Public reviews that get comments, and who writes them. */
  commentTargets: number[];
  commenters: number[];
  /** Private accounts with the most pending follow requests, the readers of their request count. */
  requested: number[];
  /** Public accounts with the most reviews: the profiles readers open. */
  profiles: { id: number; username: string }[];
}

export const PAGE_SIZE = 20;
/** How the write scenarios' reviews and comments begin, so that a later run finds and deletes them. */
const WRITE_TEXT = 'Bench write:';

export async function planSocial(db: Db): Promise<SocialPlan> {
  const [top] = await selectRows<{ id: number; followers_count: number }>(
    db,
    sql`select id, followers_count from users order by followers_count desc, id limit 1`,
  );
  if (!top) throw new Error('bench: no accounts');
  // Reviews of the create-review benchmark left over by a stopped run are deleted before it starts.
  const notBenchWrite = sql`(r.review_text is null or r.review_text not like ${`${WRITE_TEXT}%`})`;
  const pool = await selectRows<{ id: number }>(
    db,
    sql`select id from races
        where (has_results or starts_at < now() - interval '3 hours')
          and id not in (select r.race_id from reviews r where r.user_id = ${top.id} and ${notBenchWrite})
        order by id`,
  );
  const following = await selectRows<{ id: number; fanin: number; timeline: number; median: number }>(
    db,
    sql`with fanin as (
          select u.id, coalesce(sum(a.reviews_count), 0)::int as n
          from users u
          left join follows f on f.follower_id = u.id and f.status = 'accepted'
          left join users a on a.id = f.following_id
          group by u.id),
        m as (select percentile_disc(0.5) within group (order by n) as median from fanin)
        select fanin.id, fanin.n as fanin, m.median,
          (select count(*)::int from feed_entries fe where fe.user_id = fanin.id) as timeline
        from fanin, m
        order by abs(fanin.n - m.median), fanin.id
        limit 100`,
  );
  const readers = await selectRows<{ id: number }>(db, sql`select id from users where id % 50 = 7 order by id`);
  const popularRaces = await selectRows<{ id: number; reviews: number }>(
    db,
    sql`select race_id as id, review_count as reviews from race_review_stats
        order by review_count desc, race_id limit 20`,
  );
  // The newest public reviews (those in everybody's feeds), each with a user who has not liked it.
  const likePairs = await selectRows<{ reviewId: number; userId: number }>(
    db,
    sql`select r.id as "reviewId", x.user_id as "userId"
        from (select r.id, r.user_id from reviews r join users a on a.id = r.user_id
              where not a.is_private and ${notBenchWrite} order by r.id desc limit 2500) r
        cross join lateral (select ((r.id::int8 * 7919) % (select count(*) from users) + 1)::int as user_id) x
        where x.user_id <> r.user_id
          and not exists (select 1 from review_likes l where l.review_id = r.id and l.user_id = x.user_id)
        order by r.id desc limit 2000`,
  );
  const commentTargets = await selectRows<{ id: number }>(
    db,
    sql`select r.id from reviews r join users a on a.id = r.user_id
        where not a.is_private and ${notBenchWrite} order by r.id desc offset 2500 limit 1000`,
  );
  const commenters = await selectRows<{ id: number }>(db, sql`select id from users where id % 20 = 3 order by id`);
  const requested = await selectRows<{ id: number }>(
    db,
    sql`select following_id as id from follows where status = 'pending'
        group by following_id order by count(*) desc, following_id limit 100`,
  );
  const profiles = await selectRows<{ id: number; username: string }>(
    db,
    sql`select id, username from users where not is_private order by reviews_count desc, id limit 100`,
  );
  return {
    topId: top.id,
    topFollowers: top.followers_count,
    writePool: pool.map((r) => r.id),
    following: following.map(({ id, fanin, timeline }) => ({ id, fanin, timeline })),
    medianFanin: following[0]?.median ?? 0,
    readers: readers.map((r) => r.id),
    popularRaces,
    likePairs,
    commentTargets: commentTargets.map((r) => r.id),
    commenters: commenters.map((r) => r.id),
    requested: requested.map((r) => r.id),
    profiles,
  };
}

/** Access tokens as the server signs them (lib/tokens.ts): HS256, sub = user id, token_type 'access'. */
export async function signAccessTokens(secret: string, userIds: Iterable<number>): Promise<Map<number, string>> {
  const key = new TextEncoder().encode(secret);
  const iat = Math.floor(Date.now() / 1000);
  const tokens = new Map<number, string>();
  for (const id of userIds) {
    if (tokens.has(id)) continue;
    const token = await new SignJWT({ token_type: 'access', user_id: id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(id))
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + 6 * 3600)
      .sign(key);
    tokens.set(id, token);
  }
  return tokens;
}

export function planUserIds(plan: SocialPlan): number[] {
  return [
    plan.topId,
    ...plan.following.map((f) => f.id),
    ...plan.readers,
    ...plan.likePairs.map((p) => p.userId),
    ...plan.commenters,
    ...plan.requested,
    ...plan.profiles.map((p) => p.id),
  ];
}

interface FeedPageBody {
  results: { id: number }[];
  next_cursor: number | null;
}

/** The cursor of page `depth` of each reader's Following feed, walked through the API's next_cursor. */
export async function walkFollowingCursors(
  base: string,
  plan: SocialPlan,
  tokens: Map<number, string>,
  depth: number,
): Promise<{ id: number; cursor: number }[]> {
  const found: { id: number; cursor: number }[] = [];
  for (const reader of plan.following) {
    let cursor: number | null = null;
    for (let page = 1; page < depth; page++) {
      const query: string = cursor === null ? '' : `?cursor=${cursor}`;
      const res = await fetch(`${base}/api/core/reviews/feed/${query}`, {
        headers: { authorization: `Bearer ${tokens.get(reader.id)}` },
      });
      if (!res.ok) throw new Error(`bench: Following feed page ${page} answered ${res.status}`);
      cursor = ((await res.json()) as FeedPageBody).next_cursor;
      if (cursor === null) break;
    }
    if (cursor !== null) found.push({ id: reader.id, cursor });
  }
  return found;
}

/** A scenario: one or more steps looped on every connection; `sql` is the same work without the API. */
export interface Scenario {
  group: string;
  steps: Step[];
  /** Connection counts measured besides BENCH_CONNECTIONS (the latency of one request alone). */
  alsoConnections?: number[];
  /** Puts the database and the scenario's state back after a measurement (the server has drained). */
  reset?: () => Promise<void>;
  /** Tables the scenario leaves dead rows in, vacuumed after it where the benchmark can. */
  churns?: string[];
  sql?: { label: string; call: (db: Db, n: number) => Promise<unknown> };
}

const rotate = <T>(items: readonly T[]) => {
  let i = 0;
  return () => {
    if (items.length === 0) throw new Error('bench: a scenario has nothing to rotate over');
    return items[i++ % items.length]!;
  };
};

const get = (label: string, next: () => { path: string; token?: string }): Step => ({ label, setup: () => next() });

/*
 * The feeds' statements as the service runs them (feeds/service.ts followingFeed and forYouFeed),
 * called directly in this process: the database's work and the mapping of rows, without HTTP.
 */

const noEvents = createEventBus({ error: () => undefined });

/** followingFeed: the timeline page with its cards, and the followed accounts' reviews past it when short. */
export async function followingFeedSql(db: Db, viewer: number, beforeId?: number): Promise<number> {
  const page = await followingFeed({ db, events: noEvents }, viewer, { page_size: PAGE_SIZE, cursor: beforeId });
  return page.results.length;
}

/** forYouFeed's first page: ranked candidate windows arranged without repeated authors, then the cards. */
export async function forYouFeedSql(db: Db, viewer: number | null): Promise<number> {
  const page = await forYouFeed({ db, events: noEvents }, viewer, { page_size: PAGE_SIZE });
  return page.results.length;
}

/** Every social scenario, by group. `deepPages` are the Following cursors from walkFollowingCursors. */
export function socialScenarios(
  base: string,
  plan: SocialPlan,
  tokens: Map<number, string>,
  deepPages: { id: number; cursor: number }[],
  depth: number,
): Scenario[] {
  const token = (id: number) => tokens.get(id)!;
  const nextFollower = rotate(plan.following);
  const nextDeep = rotate(deepPages);
  const nextReader = rotate(plan.readers);
  const nextRace = rotate(plan.popularRaces);
  const nextPair = rotate(plan.likePairs);
  const nextTarget = rotate(plan.commentTargets);
  const nextCommenter = rotate(plan.commenters);
  const nextRequested = rotate(plan.requested);
  const nextProfile = rotate(plan.profiles);
  const sqlFollowing = rotate(plan.following);
  const sqlDeep = rotate(deepPages);
  const sqlReader = rotate(plan.readers);

  // Races the most-followed account may review: taken by a connection for a create-delete pair and given
  // back once the review is deleted, so two requests never write the same review.
  let freeRaces = [...plan.writePool];
  const topToken = token(plan.topId);

  return [
    {
      group: 'following',
      steps: [
        get('GET /api/core/reviews/feed/ (page 1, median fan-in)', () => {
          const r = nextFollower();
          return { path: '/api/core/reviews/feed/', token: token(r.id) };
        }),
      ],
      sql: { label: 'Following page 1', call: (db) => followingFeedSql(db, sqlFollowing().id) },
    },
    {
      group: 'following',
      steps: [
        get(`GET /api/core/reviews/feed/?cursor= (page ${depth})`, () => {
          const r = nextDeep();
          return { path: `/api/core/reviews/feed/?cursor=${r.cursor}`, token: token(r.id) };
        }),
      ],
      sql: {
        label: `Following page ${depth}`,
        call: (db) => {
          const r = sqlDeep();
          return followingFeedSql(db, r.id, r.cursor);
        },
      },
    },
    {
      group: 'for-you',
      steps: [get('GET /api/core/reviews/for-you/ (guest)', () => ({ path: '/api/core/reviews/for-you/' }))],
      sql: { label: 'For You guest', call: (db) => forYouFeedSql(db, null) },
    },
    {
      group: 'for-you',
      steps: [
        get('GET /api/core/reviews/for-you/ (signed in)', () => ({
          path: '/api/core/reviews/for-you/',
          token: token(nextReader()),
        })),
      ],
      sql: { label: 'For You signed in', call: (db) => forYouFeedSql(db, sqlReader()) },
    },
    {
      group: 'race-reviews',
      steps: [
        get('GET /api/core/reviews/?race_id= (guest)', () => ({ path: `/api/core/reviews/?race_id=${nextRace().id}` })),
      ],
    },
    {
      group: 'race-reviews',
      steps: [
        get('GET /api/core/reviews/?race_id= (signed in)', () => ({
          path: `/api/core/reviews/?race_id=${nextRace().id}`,
          token: token(nextReader()),
        })),
      ],
    },
    {
      group: 'notifications',
      steps: [
        get('GET /api/social/notifications/count/', () => ({
          path: '/api/social/notifications/count/',
          token: token(nextReader()),
        })),
      ],
    },
    {
      group: 'notifications',
      steps: [
        get('GET /api/social/notifications/ (page 1)', () => ({
          path: '/api/social/notifications/',
          token: token(nextReader()),
        })),
      ],
    },
    {
      group: 'notifications',
      steps: [
        get('GET /api/social/follows/requests/count/ (private accounts)', () => ({
          path: '/api/social/follows/requests/count/',
          token: token(nextRequested()),
        })),
      ],
    },
    // A profile page as a signed-in reader opens it: the header, then the tabs' first pages.
    ...(
      [
        ['GET /api/social/users/by_username/', (p) => `/api/social/users/by_username/?username=${p.username}`],
        ['GET /api/social/users/{id}/stats/', (p) => `/api/social/users/${p.id}/stats/`],
        ['GET /api/core/reviews/?user_id= (page 1)', (p) => `/api/core/reviews/?user_id=${p.id}`],
        ['GET /api/core/watched-races/?user_id= (page 1)', (p) => `/api/core/watched-races/?user_id=${p.id}`],
        ['GET /api/social/users/{id}/followers/ (page 1)', (p) => `/api/social/users/${p.id}/followers/`],
      ] as [string, (p: { id: number; username: string }) => string][]
    ).map(([label, path]) => ({
      group: 'profiles',
      steps: [get(label, () => ({ path: path(nextProfile()), token: token(nextReader()) }))],
    })),
    {
      group: 'create-review',
      alsoConnections: [1],
      churns: ['reviews', 'feed_entries', 'watched_races', 'race_review_stats', 'users'],
      // Requests cut off by the end of a measurement never gave their race back: take every race back
      // once the reviews they left are deleted.
      reset: async () => {
        await deleteLeftoverReviews(base, plan, topToken);
        freeRaces = [...plan.writePool];
      },
      steps: [
        {
          label: 'POST /api/core/reviews/ (most-followed account)',
          method: 'POST',
          setup: (ctx: StepContext) => {
            const race = freeRaces.shift();
            // Every race is taken (reviews left over by an earlier run): wait on the health route.
            if (race === undefined)
              return { path: '/api/health/', method: 'GET', label: 'GET /api/health/ (no race free)' };
            ctx.race = race;
            return {
              path: '/api/core/reviews/',
              token: topToken,
              body: { race_id: race, rating: 4, review_text: `${WRITE_TEXT} a review to delete again.` },
            };
          },
          onResponse: (status, body, ctx) => {
            if (status === 201) ctx.review = (JSON.parse(body) as { id: number }).id;
            // A 400 means a review left over by an earlier run: the race stays out of the pool.
            else if (typeof ctx.race === 'number' && status !== 400) freeRaces.push(ctx.race);
          },
        },
        {
          label: 'DELETE /api/core/reviews/{id}/ (most-followed account)',
          method: 'DELETE',
          setup: (ctx) =>
            typeof ctx.review === 'number' ? { path: `/api/core/reviews/${ctx.review}/`, token: topToken } : null,
          onResponse: (status, _body, ctx) => {
            if (status === 204 && typeof ctx.race === 'number') freeRaces.push(ctx.race);
          },
        },
      ],
    },
    {
      group: 'like',
      alsoConnections: [1],
      churns: ['reviews', 'review_likes', 'notifications'],
      steps: [
        {
          label: 'POST /api/core/review-likes/toggle/',
          method: 'POST',
          setup: () => {
            const pair = nextPair();
            return {
              path: '/api/core/review-likes/toggle/',
              token: token(pair.userId),
              body: { review_id: pair.reviewId },
            };
          },
        },
      ],
    },
    {
      group: 'comment',
      alsoConnections: [1],
      churns: ['reviews', 'review_comments', 'notifications'],
      steps: [
        {
          label: 'POST /api/social/comments/',
          method: 'POST',
          setup: (ctx) => {
            const user = nextCommenter();
            ctx.user = user;
            return {
              path: '/api/social/comments/',
              token: token(user),
              body: { race_review_id: nextTarget(), comment: `${WRITE_TEXT} a comment to delete again.` },
            };
          },
          onResponse: (status, body, ctx) => {
            if (status === 201) ctx.comment = (JSON.parse(body) as { id: number }).id;
          },
        },
        {
          label: 'DELETE /api/social/comments/{id}/',
          method: 'DELETE',
          setup: (ctx) =>
            typeof ctx.comment === 'number' && typeof ctx.user === 'number'
              ? { path: `/api/social/comments/${ctx.comment}/`, token: token(ctx.user) }
              : null,
        },
      ],
    },
  ];
}

/**
 * Deletes reviews the most-followed account wrote on the write pool's races and did not delete (a run
 * stopped between the two requests), through the API so that every counter follows.
 */
export async function deleteLeftoverReviews(base: string, plan: SocialPlan, topToken: string): Promise<number> {
  const pool = new Set(plan.writePool);
  const auth = { authorization: `Bearer ${topToken}` };
  let deleted = 0;
  // Creations still waiting for the author's row lock may land after a listing: list until none is left.
  for (let quiet = 0, round = 0; quiet < 2 && round < 40; round++) {
    const res = await fetch(`${base}/api/core/reviews/?user_id=${plan.topId}&page_size=100`, { headers: auth });
    if (!res.ok) throw new Error(`bench: listing the most-followed account's reviews answered ${res.status}`);
    const { results } = (await res.json()) as { results: { id: number; race: { id: number } }[] };
    const left = results.filter((r) => pool.has(r.race.id));
    deleted += await deleteReviews(base, left, auth);
    quiet = left.length === 0 ? quiet + 1 : 0;
    if (quiet < 2) await new Promise((r) => setTimeout(r, 250));
  }
  return deleted;
}

/** How long a review by the most-followed account took to reach every follower's timeline. */
export interface FanOutTiming {
  followers: number;
  /** From sending the POST to its answer, ms. */
  answeredMs: number;
  /** From sending the POST to the last follower's timeline row, ms. */
  completeMs: number;
}

/**
 * Reviews `races` one after another as the most-followed account, on a quiet server, and times each
 * review's fan-out: until its timeline rows number the author's followers (read every 10 ms). Each
 * review is deleted again once it has reached them all.
 */
export async function measureFanOut(
  base: string,
  db: Db,
  plan: SocialPlan,
  topToken: string,
  races: readonly number[],
): Promise<FanOutTiming[]> {
  const auth = { authorization: `Bearer ${topToken}` };
  const timings: FanOutTiming[] = [];
  for (const race of races) {
    const [author] = await selectRows<{ followers: number }>(
      db,
      sql`select followers_count as followers from users where id = ${plan.topId}`,
    );
    const followers = author?.followers ?? 0;
    const started = performance.now();
    const res = await fetch(`${base}/api/core/reviews/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ race_id: race, rating: 4, review_text: `${WRITE_TEXT} a fan-out to time.` }),
    });
    const answeredMs = performance.now() - started;
    if (res.status !== 201) throw new Error(`bench: the fan-out's review answered ${res.status}`);
    const { id } = (await res.json()) as { id: number };
    for (;;) {
      const [written] = await selectRows<{ rows: number }>(
        db,
        sql`select count(*)::int as rows from feed_entries where review_id = ${id}`,
      );
      const rows = written?.rows ?? 0;
      if (rows >= followers) break;
      if (performance.now() - started > 30_000) throw new Error(`bench: fan-out stuck at ${rows} of ${followers}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    timings.push({ followers, answeredMs, completeMs: performance.now() - started });
    await deleteReviews(base, [{ id }], auth);
  }
  return timings;
}

async function deleteReviews(base: string, reviews: { id: number }[], auth: Record<string, string>) {
  let deleted = 0;
  for (const review of reviews) {
    const del = await fetch(`${base}/api/core/reviews/${review.id}/`, { method: 'DELETE', headers: auth });
    // 404: a delete still in flight from the measurement got there first.
    if (del.status !== 204 && del.status !== 404) {
      throw new Error(`bench: deleting leftover review ${review.id} answered ${del.status}`);
    }
    if (del.status === 204) deleted += 1;
  }
  return deleted;
}

/**
 * On a database that stays (PostgreSQL), puts back what the write scenarios changed: likes of the
 * toggled pairs and benchmark comments, through the API. Returns how many were put back.
 */
export async function restoreWrites(base: string, db: Db, plan: SocialPlan, tokens: Map<number, string>) {
  const reviewIds = plan.likePairs.map((p) => p.reviewId);
  const liked = await selectRows<{ review_id: number; user_id: number }>(
    db,
    sql`select l.review_id, l.user_id from review_likes l
        join unnest(${sql.param(reviewIds)}::int[], ${sql.param(plan.likePairs.map((p) => p.userId))}::int[]) p(review_id, user_id)
          on p.review_id = l.review_id and p.user_id = l.user_id`,
  );
  for (const like of liked) {
    const res = await fetch(`${base}/api/core/review-likes/toggle/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.get(like.user_id)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ review_id: like.review_id }),
    });
    if (!res.ok) throw new Error(`bench: taking back a like answered ${res.status}`);
  }
  const comments = await selectRows<{ id: number; user_id: number }>(
    db,
    sql`select id, user_id from review_comments where body like ${`${WRITE_TEXT}%`}`,
  );
  for (const c of comments) {
    const res = await fetch(`${base}/api/social/comments/${c.id}/`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${tokens.get(c.user_id)}` },
    });
    if (res.status !== 204 && res.status !== 404) {
      throw new Error(`bench: deleting a benchmark comment answered ${res.status}`);
    }
  }
  return { likes: liked.length, comments: comments.length };
}
