/*
 * The generated community of `npm run bench`: 10,000 accounts and their follows, reviews, likes,
 * comments, watched races, race figures and Following timelines, written with bulk SQL
 * (generate_series, insert ... select) so that seeding is quick on PGlite and PostgreSQL alike.
 *
 * Everything is a pure function of the account's index and a few constants, hashed with PostgreSQL's
 * hashint8extended (stable across versions and platforms: hash partitioning relies on it), so two
 * seeds at the same moment are identical. Only "now" moves: times are laid out backwards from it, so
 * who follows whom, which races each account reviewed, ratings and texts never change, while review
 * dates (and the ids that follow them, which pick likers and commenters) shift a little between seeds
 * made at different times, and the like and comment totals by a few units.
 *
 * The rows are exactly what the services would have written (see the invariants in seedCommunity).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { selectRows } from '../src/lib/sql.ts';
import { unusablePasswordHash } from '../src/modules/auth/passwords.ts';

export const BENCH_PREFIX = 'bench_';
/** Bump when the generated data changes shape: a stored community of another version is replaced. */
export const COMMUNITY_VERSION = 'social-v2';

/** The shape of the community; the defaults are the issue's "real community". */
export interface CommunityShape {
  users: number;
  /** Target totals; the seeded counts land close to them. */
  reviews: number;
  likes: number;
  comments: number;
  /** Completed races the most-followed account leaves unreviewed, for the create-review benchmark. */
  writePool: number;
  /** Days a review stays in its readers' timelines (the server's FEED_TIMELINE_DAYS). */
  timelineDays: number;
}

export function communityShape(users: number): CommunityShape {
  const scale = users / 10_000;
  return {
    users,
    reviews: Math.round(300_000 * scale),
    likes: Math.round(1_000_000 * scale),
    comments: Math.round(100_000 * scale),
    writePool: 64,
    timelineDays: 30,
  };
}

/*
 * Accounts. Clearly generated ("bench_kavero_limatu_42" / "Kavero Limatu", mail at
 * bench.paddock.invalid, no usable password) with made-up names varied like real ones: ten thousand
 * users sharing a handful of words would make every trigram posting list huge, which real names do
 * not. Account i has id i + 1 (the table is empty when they are inserted, in index order); id 1 is the
 * most-followed account, popularity falls with the id.
 */
const SYLLABLES = [
  'ka',
  've',
  'ro',
  'li',
  'ma',
  'tu',
  'no',
  'si',
  'da',
  're',
  'po',
  'lan',
  'mir',
  'to',
  'be',
  'zu',
  'ha',
  'el',
  'qui',
  'sa',
  'von',
  'ri',
  'ne',
  'go',
  'pe',
  'ar',
  'il',
  'dus',
  'fe',
  'jo',
];

/** A deterministic integer hash (murmur3's finalizer), so every run generates the same users. */
export function mix(n: number): number {
  let h = Math.imul(n ^ (n >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 16)) >>> 0;
}
function word(seed: number, syllables: number): string {
  let w = '';
  for (let k = 0; k < syllables; k++) w += SYLLABLES[mix(seed * 31 + k) % SYLLABLES.length]!;
  return w;
}
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** 5% of the accounts are private, never one of the twenty most followed. */
export const PRIVATE_SHARE = 0.05;

export function generatedUser(i: number) {
  const first = word(i * 7 + 1, 2 + (i % 2));
  const last = word(i * 13 + 5, 3);
  const username = `${BENCH_PREFIX}${first}_${last}_${i}`;
  return {
    username,
    email: `${username}@bench.paddock.invalid`,
    name: `${cap(first)} ${cap(last)}`,
    isPrivate: i >= 20 && mix(i * 97 + 13) / 2 ** 32 < PRIVATE_SHARE,
  };
}

const DAY_MS = 86_400_000;
/** The community's history: reviews spread over the three years before now. */
const HISTORY_DAYS = 3 * 365;

/*
 * Tuning of the distributions (chosen by simulation to give, for 10,000 accounts: the most-followed
 * account ~4,900 followers, a handful of others 1,000-2,400, median 9 followers and 16 followings,
 * median Following fan-in ~2,000 reviews).
 */
/** Followers of the account of popularity rank k: users/2 · k^-FOLLOW_EXPONENT, jittered ±25%. */
const FOLLOW_EXPONENT = 0.75;
/**
 * Followers are drawn with a per-follower activity in [0.15, 1] (mean ACTIVITY_MEAN), so how many
 * accounts a user follows varies 7-fold, as it does among real people.
 */
const ACTIVITY_MEAN = 0.15 + 0.85 / 2.5;
/** Reviews of review rank q: REVIEW_SCALE · q^-REVIEW_EXPONENT (jittered 0.5-1.5×, at most every race). */
const REVIEW_EXPONENT = 0.8;
const REVIEW_SCALE_PER_10K = 18_900;
/**
 * The TOP_REVIEWERS most-followed accounts review (nearly) every race; below them the review rank is a
 * permutation of the popularity rank: prolific reviewers are not all popular, and popular accounts
 * not all prolific.
 */
const TOP_REVIEWERS = 6;
/** Share of accounts (beyond the 200 most followed) that never review. */
const LURKERS = 0.3;
/** Share of follows of private accounts still waiting for the owner's answer. */
const PENDING_SHARE = 0.25;
/** Strides of the permutations that pick distinct followers, likers and races: primes beyond any count. */
const PRIMES = [
  1000003, 1000033, 1000037, 1000039, 1000081, 1000099, 1000117, 1000121, 1000133, 1000151, 1000159, 1000171, 1000183,
  1000187, 1000193, 1000199,
];

const REVIEW_PHRASES = [
  'Strategy masterclass from the pit wall.',
  'Chaotic first lap, then a procession.',
  'Tyre management decided this one.',
  'The undercut worked to perfection.',
  'A safety car ruined a great fight.',
  'Rain turned it into a lottery.',
  'Qualifying pace did not translate to the race.',
  'Wheel-to-wheel racing all afternoon.',
  'Team orders left a sour taste.',
  'Brilliant overtakes in the final stint.',
  'Reliability woes ended a strong run.',
  'A dominant drive from lights to flag.',
  'The midfield battle was the real show.',
  'Penalties decided the podium.',
  'Slow burner with a thrilling finish.',
  'One of the best races of the season.',
];
const COMMENT_PHRASES = [
  'Totally agree.',
  'Hard disagree, the strategy was wrong.',
  'That restart was insane.',
  'Underrated race honestly.',
  'The onboard of that move is a must-watch.',
  'Rating it higher after a rewatch.',
  'Great review!',
  'The commentary missed half of it.',
];

/** SQL text of a uniform [0, 1) number hashed from an integer expression and a seed. */
const u = (expr: string, seed: number) =>
  `((hashint8extended((${expr})::int8, ${seed}) & 4294967295)::float8 / 4294967296.0)`;
const textArray = (items: string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]`;
const primeOf = (expr: string) => `(array[${PRIMES.join(', ')}]::int8[])[1 + ((${expr}) % ${PRIMES.length})]`;

export interface SeedLog {
  (message: string): void;
}

async function exec(database: Database, text: string): Promise<void> {
  await database.db.execute(sql.raw(text));
}

/** Inserts the accounts (ids 1..n, in popularity order); their counters are set after the rest. */
async function insertUsers(database: Database, shape: CommunityShape, now: number): Promise<void> {
  const hash = unusablePasswordHash();
  const joinedFrom = now - (HISTORY_DAYS + 60) * DAY_MS;
  for (let start = 0; start < shape.users; start += 1000) {
    const chunk = [];
    for (let i = start; i < Math.min(start + 1000, shape.users); i++) {
      // Every account exists before the history starts, so everything it did is dated after it joined.
      const joined = new Date(joinedFrom + (mix(i * 31 + 7) % (30 * DAY_MS)));
      chunk.push({ ...generatedUser(i), passwordHash: hash, createdAt: joined, updatedAt: joined });
    }
    await database.db.insert(users).values(chunk);
  }
  const [ids] = await selectRows<{ n: number; bad: number }>(
    database.db,
    sql`select count(*)::int as n,
          count(*) filter (where id <> substring(username from '_([0-9]+)$')::int + 1)::int as bad
        from users`,
  );
  if (ids?.n !== shape.users || ids.bad !== 0) throw new Error('bench: generated accounts did not get ids 1..n');
}

/** Tables the community lives in, emptied before a new seed (the F1 data stays). */
export const COMMUNITY_TABLES = [
  'users',
  'refresh_tokens',
  'follows',
  'reviews',
  'watched_races',
  'race_review_stats',
  'feed_entries',
  'review_comments',
  'review_likes',
  'comment_likes',
  'notifications',
];

/**
 * Writes the whole community into a database that has the F1 data. Returns the seconds each step took.
 *
 * Invariants kept (as the services keep them):
 * - reviews: one per (user, race), completed races only (results, or started 3 h before the review),
 *   rating 1-5, text optional, dated after the race and after the account joined, ids increasing with
 *   created_at; like_count and comment_count equal their rows; for_you_rank from them (forYouRankOf).
 * - follows: unique, never oneself; 'pending' only towards private accounts.
 * - users: followers_count / following_count count accepted follows, reviews_count the reviews.
 * - race_review_stats: reviews of public accounts only. watched_races: a row per review.
 * - feed_entries: a row per accepted follower of the author, for reviews of the last timelineDays.
 * - likes and comments only by people who may see the review (a private author's accepted followers,
 *   or the author); replies hang on a top-level comment of the same review, counted in reply_count.
 */
export async function seedCommunity(
  database: Database,
  shape: CommunityShape,
  log: SeedLog,
): Promise<Record<string, number>> {
  const N = shape.users;
  const now = Date.now();
  const NOW = `'${new Date(now).toISOString()}'::timestamptz`;
  const T0 = `'${new Date(now - HISTORY_DAYS * DAY_MS).toISOString()}'::timestamptz`;
  const timings: Record<string, number> = {};
  const step = async (name: string, ...work: (string | (() => Promise<void>))[]) => {
    const started = Date.now();
    for (const w of work) await (typeof w === 'string' ? exec(database, w) : w());
    timings[name] = (Date.now() - started) / 1000;
    log(`  ${name}: ${timings[name].toFixed(1)} s`);
  };

  await step('empty the community tables', `truncate ${COMMUNITY_TABLES.join(', ')} restart identity cascade`);
  await step(
    'helper tables',
    'drop table if exists bench_races, bench_audience',
    // Completed races by popularity: the latest first, older ones jittered (classics stay popular).
    `create table bench_races (pos int primary key, race_id int not null, starts_at timestamptz not null)`,
    `insert into bench_races
     select row_number() over (order by (extract(epoch from ${NOW} - starts_at) / 86400 + 20) * (0.35 + ${u('id', 7)}), id) - 1,
       id, starts_at
     from races where has_results or starts_at < ${NOW} - interval '3 hours'`,
  );
  await step('users', () => insertUsers(database, shape, now));
  const [raceCount] = await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from bench_races`);
  const R = raceCount?.n ?? 0;
  if (R < shape.writePool * 2) throw new Error(`bench: only ${R} completed races: the F1 seed did not load`);

  // Follows: the account of rank k gets about users/2 · k^-0.75 followers, picked by a permutation of all
  // accounts (so distinct) and kept by each candidate's activity.
  const activity = (j: string) => `(0.15 + 0.85 * power(${u(j, 6)}, 1.5))`;
  await step(
    'follows',
    `insert into follows (follower_id, following_id, status, created_at)
     select c.follower, t.id,
       case when t.is_private and ${u(`t.id::int8 * ${N} + c.follower`, 3)} < ${PENDING_SHARE} then 'pending' else 'accepted' end,
       ${T0} + (${NOW} - ${T0}) * ${u(`t.id::int8 * ${N} + c.follower`, 4)}
     from (
       select id, is_private,
         least(${N}, ceil(
           (case when id = 1 then ${N / 2} else least(${N - 1}, ${N / 2} * power(id::float8, -${FOLLOW_EXPONENT}) * (0.75 + 0.5 * ${u('id', 1)})) end)
           / ${ACTIVITY_MEAN}))::int as candidates,
         floor(${u('id', 2)} * ${N})::int8 as off, ${primeOf('id')} as stride
       from users) t
     cross join lateral generate_series(0, t.candidates - 1) m
     cross join lateral (select ((t.off + m * t.stride) % ${N} + 1)::int as follower) c
     where c.follower <> t.id and ${u(`t.id::int8 * 1000003 + c.follower`, 5)} < ${activity('c.follower')}
     order by 4`,
    `update users u set followers_count = x.followers, following_count = x.following
     from (
       select u.id,
         (select count(*) from follows f where f.following_id = u.id and f.status = 'accepted')::int as followers,
         (select count(*) from follows f where f.follower_id = u.id and f.status = 'accepted')::int as following
       from users u) x
     where u.id = x.id`,
  );

  // Reviews. Review rank q: the popularity rank for the top accounts, a permutation of it below. An
  // author with n reviews picks n distinct races among the 3n + 60 most popular (a permutation of
  // them), so occasional reviewers stick to recent races and prolific ones cover the whole history.
  // The most-followed account reviews every completed race but the writePool least popular ones.
  // Likes and comments per review are drawn first (so the counters are right on insert): weighted by
  // the author's audience, recency and a heavy tail, scaled to the target totals.
  const reviewScale = (REVIEW_SCALE_PER_10K * N) / 10_000;
  const pair = 'p.user_id::int8 * 100000 + p.race_id';
  await step(
    'reviews',
    `insert into reviews (user_id, race_id, rating, review_text, like_count, comment_count, for_you_rank, created_at, updated_at)
     with authors as (
       select id, is_private, followers_count, created_at as joined,
         (case
           when id = 1 then ${R - shape.writePool}
           when id > 200 and ${u('id', 10)} < ${LURKERS} then 0
           else least(${R}, floor(${reviewScale} * power(
             (case when id <= ${TOP_REVIEWERS} then id else ${TOP_REVIEWERS + 1} + (id::int8 * 7919) % ${N - TOP_REVIEWERS} end)::float8,
             -${REVIEW_EXPONENT}) * (0.5 + ${u('id', 8)})))
         end)::int as n
       from users),
     sized as (
       select a.*, (case when a.id = 1 then ${R - shape.writePool} else least(${R}, 3 * a.n + 60) end)::int8 as w
       from authors a where a.n > 0),
     picked as (
       select s.id as user_id, s.is_private, s.followers_count, s.joined, br.race_id, br.starts_at
       from sized s
       cross join lateral generate_series(0, s.n - 1) m
       join bench_races br on br.pos = (floor(${u('s.id', 9)} * s.w)::int8 + m::int8 * ${primeOf('s.id')}) % s.w),
     dated as (
       select p.*, ${pair} as pair,
         least(${NOW}, case
           when p.starts_at >= ${T0} and ${u(pair, 11)} < 0.7
             then lo + least(${NOW} - lo, interval '3 days' * -ln(1 - ${u(pair, 12)}))
           else lo + (${NOW} - lo) * ${u(pair, 13)}
         end) as created_at
       from picked p
       cross join lateral (select greatest(${T0}, p.starts_at + interval '3 hours', p.joined) as lo) l),
     weighted as (
       select d.*,
         power((d.followers_count + 5)::float8, 0.6)
           * (0.15 + exp(-extract(epoch from ${NOW} - d.created_at)::float8 / ${120 * 86400}))
           * least(30, power(1 - ${u('d.pair', 18)}, -0.6)) as lw
       from dated d),
     liked as (
       select w.*, least(case when w.is_private then w.followers_count else ${N - 1} end,
           floor(${shape.likes} * w.lw / sum(w.lw) over () + ${u('w.pair', 19)}))::int as likes
       from weighted w),
     commented as (
       select l.*, (case when l.is_private and l.followers_count = 0 then 0
           else floor(${shape.comments} * (l.likes + 0.5) * ${u('l.pair', 20)}
             / sum((l.likes + 0.5) * ${u('l.pair', 20)}) over () + ${u('l.pair', 21)}) end)::int as comments
       from liked l)
     select user_id, race_id,
       (case when ${u('pair', 14)} < 0.04 then 1 when ${u('pair', 14)} < 0.12 then 2 when ${u('pair', 14)} < 0.35 then 3
             when ${u('pair', 14)} < 0.72 then 4 else 5 end),
       (case when ${u('pair', 15)} < 0.35 then null
             else (${textArray(REVIEW_PHRASES)})[1 + floor(${u('pair', 16)} * ${REVIEW_PHRASES.length})::int]
               || case when ${u('pair', 17)} < 0.5 then ' ' || (${textArray(REVIEW_PHRASES)})[1 + floor(${u('pair', 22)} * ${REVIEW_PHRASES.length})::int] else '' end
        end),
       likes, comments,
       extract(epoch from created_at) / 45000.0 + log(1 + likes + 2 * comments),
       created_at, created_at
     from commented
     order by created_at, pair`,
  );
  await step(
    'watched races, race figures',
    `insert into watched_races (user_id, race_id, created_at) select user_id, race_id, created_at from reviews order by id`,
    `insert into race_review_stats (race_id, review_count, rating_sum, rating_1, rating_2, rating_3, rating_4, rating_5)
     select r.race_id, count(*), sum(r.rating), count(*) filter (where r.rating = 1), count(*) filter (where r.rating = 2),
       count(*) filter (where r.rating = 3), count(*) filter (where r.rating = 4), count(*) filter (where r.rating = 5)
     from reviews r join users a on a.id = r.user_id where not a.is_private
     group by r.race_id order by r.race_id`,
  );

  // Who may like or comment: anyone for a public author (a permutation of all accounts, distinct, never
  // the author); for a private author, its accepted followers, numbered in a hashed order.
  await step(
    'private audiences',
    `create table bench_audience (author_id int not null, m int not null, user_id int not null, primary key (author_id, m))`,
    `insert into bench_audience
     select f.following_id, row_number() over (partition by f.following_id order by ${u(`f.follower_id::int8 * ${N} + f.following_id`, 24)}, f.follower_id) - 1,
       f.follower_id
     from follows f join users a on a.id = f.following_id
     where a.is_private and f.status = 'accepted'`,
  );
  const member = (idx: string, seed: number) => `(case
      when not a.is_private then (
        select case when p.v = r.user_id then ((floor(${u('r.id', seed)} * ${N})::int8 + r.like_count::int8 * ${primeOf('r.id')}) % ${N} + 1)::int else p.v end
        from (select ((floor(${u('r.id', seed)} * ${N})::int8 + (${idx})::int8 * ${primeOf('r.id')}) % ${N} + 1)::int as v) p)
      else (select au.user_id from bench_audience au
            where au.author_id = r.user_id and au.m = (floor(${u('r.id', seed + 1)} * a.followers_count)::int + (${idx})) % a.followers_count)
    end)`;
  await step(
    'likes',
    `insert into review_likes (review_id, user_id, created_at)
     select r.id, ${member('j', 30)}, r.created_at + (${NOW} - r.created_at) * power(${u(`r.id::int8 * ${N} + j`, 32)}, 3)
     from reviews r join users a on a.id = r.user_id
     cross join lateral generate_series(0, r.like_count - 1) j
     where r.like_count > 0`,
  );
  // Comments: a review's comment_count splits into top-level comments and replies (up to 60% of the
  // rest), replies going to the first five top-level comments, half of them by the review's author.
  const replies = `(case when r.comment_count >= 2 then floor((r.comment_count - 1) * 0.6 * ${u('r.id', 40)}) else 0 end)::int`;
  const commentText = (key: string, seed: number) =>
    `(${textArray(COMMENT_PHRASES)})[1 + floor(${u(key, seed)} * ${COMMENT_PHRASES.length})::int]`;
  await step(
    'comments',
    `insert into review_comments (review_id, user_id, parent_id, body, created_at, updated_at)
     select r.id, ${member(`r.like_count + j`, 34)}, null, ${commentText(`r.id::int8 * 1000 + j`, 36)}, t.at, t.at
     from reviews r join users a on a.id = r.user_id
     cross join lateral generate_series(0, r.comment_count - ${replies} - 1) j
     cross join lateral (select r.created_at + (${NOW} - r.created_at) * power(${u(`r.id::int8 * 1000 + j`, 37)}, 3) as at) t
     where r.comment_count > 0
     order by t.at`,
    `insert into review_comments (review_id, user_id, parent_id, body, created_at, updated_at)
     select r.id, case when j % 2 = 0 then r.user_id else ${member(`r.like_count + r.comment_count + j`, 34)} end,
       parent.id, ${commentText(`r.id::int8 * 1000 + 500 + j`, 38)}, t.at, t.at
     from reviews r join users a on a.id = r.user_id
     cross join lateral generate_series(0, ${replies} - 1) j
     cross join lateral (
       select c.id, c.created_at from review_comments c
       where c.review_id = r.id and c.parent_id is null
       order by c.id offset (j % least(5, r.comment_count - ${replies})) limit 1) parent
     cross join lateral (select parent.created_at + (${NOW} - parent.created_at) * power(${u(`r.id::int8 * 1000 + 500 + j`, 39)}, 2) as at) t
     where r.comment_count >= 2
     order by t.at`,
    `update review_comments p set reply_count = x.n
     from (select parent_id, count(*)::int as n from review_comments where parent_id is not null group by parent_id) x
     where p.id = x.parent_id`,
  );
  await step(
    'review counts of users',
    `update users u set reviews_count = x.n
     from (select user_id, count(*)::int as n from reviews group by user_id) x
     where u.id = x.user_id`,
  );
  // Fan-out on write, as the feeds module does it on review.created: in review order, one row per accepted
  // follower.
  await step(
    'feed entries',
    `insert into feed_entries (user_id, review_id)
     select f.follower_id, r.id
     from reviews r join follows f on f.following_id = r.user_id and f.status = 'accepted'
     where r.created_at >= ${NOW} - interval '${shape.timelineDays} days'
     order by r.id, f.follower_id`,
  );
  // Notifications, as the event seam writes them for likes: one REVIEW_LIKED per like of someone else's
  // review, pending (never read), in the order the likes came.
  await step(
    'notifications',
    `insert into notifications (recipient_id, sender_id, type, target_id, review_id, race_id, created_at)
     select r.user_id, l.user_id, 'REVIEW_LIKED', r.id, r.id, r.race_id, l.created_at
     from review_likes l join reviews r on r.id = l.review_id
     where l.user_id <> r.user_id
     order by l.created_at`,
  );
  await step('drop helper tables', 'drop table bench_races, bench_audience');
  // PGlite runs no autovacuum: without ANALYZE the planner would not know the tables' sizes, and
  // without VACUUM every bulk-inserted row would stay in the GIN indexes' pending lists.
  await step('vacuum analyze', 'vacuum analyze');
  return timings;
}

export interface CommunityFigures {
  users: number;
  private_users: number;
  follows_accepted: number;
  follows_pending: number;
  reviews: number;
  review_likes: number;
  comments: number;
  replies: number;
  feed_entries: number;
  watched: number;
  top_followers: number;
  top_reviews: number;
  accounts_1000_followers: number;
  accounts_1000_reviews: number;
  median_followers: number;
  median_following: number;
  median_reviews: number;
  fanin_p10: number;
  fanin_median: number;
  fanin_p90: number;
  max_review_likes: number;
}

/** The seeded community's counts and distribution figures, for the report. */
export async function describeCommunity(database: Database): Promise<CommunityFigures> {
  const [row] = await selectRows<CommunityFigures>(
    database.db,
    sql`with fanin as (
          select u.id, coalesce(sum(a.reviews_count), 0)::int as n
          from users u
          left join follows f on f.follower_id = u.id and f.status = 'accepted'
          left join users a on a.id = f.following_id
          group by u.id)
        select
          (select count(*)::int from users) as users,
          (select count(*)::int from users where is_private) as private_users,
          (select count(*)::int from follows where status = 'accepted') as follows_accepted,
          (select count(*)::int from follows where status = 'pending') as follows_pending,
          (select count(*)::int from reviews) as reviews,
          (select count(*)::int from review_likes) as review_likes,
          (select count(*)::int from review_comments) as comments,
          (select count(*)::int from review_comments where parent_id is not null) as replies,
          (select count(*)::int from feed_entries) as feed_entries,
          (select count(*)::int from watched_races) as watched,
          (select followers_count from users order by followers_count desc limit 1) as top_followers,
          (select reviews_count from users order by followers_count desc limit 1) as top_reviews,
          (select count(*)::int from users where followers_count >= 1000) as accounts_1000_followers,
          (select count(*)::int from users where reviews_count >= 1000) as accounts_1000_reviews,
          (select percentile_disc(0.5) within group (order by followers_count) from users) as median_followers,
          (select percentile_disc(0.5) within group (order by following_count) from users) as median_following,
          (select percentile_disc(0.5) within group (order by reviews_count) from users) as median_reviews,
          (select percentile_disc(0.1) within group (order by n) from fanin) as fanin_p10,
          (select percentile_disc(0.5) within group (order by n) from fanin) as fanin_median,
          (select percentile_disc(0.9) within group (order by n) from fanin) as fanin_p90,
          (select max(like_count) from reviews) as max_review_likes`,
  );
  if (!row) throw new Error('bench: no community figures');
  return row;
}

/**
 * Checks the invariants of seedCommunity against the rows themselves; returns the names of those that
 * do not hold (none, unless the generator or the schema changed).
 */
export async function verifyCommunity(
  database: Database,
  timelineDays: number,
  builtThroughApi = false,
): Promise<string[]> {
  const checks: Record<string, string> = {
    'reviews only of races completed when written': `select count(*) from reviews r join races ra on ra.id = r.race_id
      where r.created_at < ra.starts_at + interval '3 hours'`,
    'reviews after their author joined': `select count(*) from reviews r join users a on a.id = r.user_id where r.created_at < a.created_at`,
    // The seed writes reviews in order; the site's concurrent writes draw ids and times in either order.
    'review ids increase with created_at': builtThroughApi
      ? 'select 0'
      : `select count(*) from (select created_at < lag(created_at) over (order by id) as bad from reviews) x where bad`,
    'like_count counts the likes': `select count(*) from reviews r
      where r.like_count <> (select count(*) from review_likes l where l.review_id = r.id)`,
    'comment_count counts comments and replies': `select count(*) from reviews r
      where r.comment_count <> (select count(*) from review_comments c where c.review_id = r.id)`,
    'for_you_rank from created_at and the counts': `select count(*) from reviews
      where abs(for_you_rank - (extract(epoch from created_at) / 45000.0 + log(1 + like_count + 2 * comment_count))) > 1e-9`,
    'followers_count, following_count and reviews_count': `select count(*) from users u where
      u.followers_count <> (select count(*) from follows f where f.following_id = u.id and f.status = 'accepted')
      or u.following_count <> (select count(*) from follows f where f.follower_id = u.id and f.status = 'accepted')
      or u.reviews_count <> (select count(*) from reviews r where r.user_id = u.id)`,
    'no self-follow; pending only towards private accounts': `select count(*) from follows f join users t on t.id = f.following_id
      where f.follower_id = f.following_id or (f.status = 'pending' and not t.is_private)`,
    'race figures count public accounts only': `select count(*) from (
      (select r.race_id, count(*)::int, sum(r.rating)::int, count(*) filter (where r.rating = 1)::int,
         count(*) filter (where r.rating = 2)::int, count(*) filter (where r.rating = 3)::int,
         count(*) filter (where r.rating = 4)::int, count(*) filter (where r.rating = 5)::int
       from reviews r join users a on a.id = r.user_id where not a.is_private group by r.race_id)
      except all
      (select race_id, review_count, rating_sum, rating_1, rating_2, rating_3, rating_4, rating_5 from race_review_stats)) x`,
    'a race figure row per race with public reviews': `select abs((select count(*) from race_review_stats) - (select count(distinct r.race_id)
      from reviews r join users a on a.id = r.user_id where not a.is_private))`,
    'watched races are the reviewed races': `select count(*) from (
      (select user_id, race_id from reviews) except (select user_id, race_id from watched_races)) x`,
    'timelines hold the recent reviews of followed accounts': `select count(*) from (
      (select f.follower_id, r.id from reviews r join follows f on f.following_id = r.user_id and f.status = 'accepted'
       where r.created_at >= (select max(created_at) from reviews) - interval '${timelineDays} days' + interval '1 hour')
      except (select user_id, review_id from feed_entries)) x`,
    'timelines hold nothing else': `select count(*) from feed_entries fe join reviews r on r.id = fe.review_id
      where not exists (select 1 from follows f where f.follower_id = fe.user_id and f.following_id = r.user_id and f.status = 'accepted')`,
    'likes and comments only by people who see the review': `select count(*) from (
      select r.user_id as author, l.user_id as viewer from review_likes l join reviews r on r.id = l.review_id
      union all
      select r.user_id, c.user_id from review_comments c join reviews r on r.id = c.review_id) x
      join users a on a.id = x.author
      where a.is_private and x.viewer <> x.author and not exists (
        select 1 from follows f where f.follower_id = x.viewer and f.following_id = x.author and f.status = 'accepted')`,
    'likes and comments after the review': `select (select count(*) from review_likes l join reviews r on r.id = l.review_id where l.created_at < r.created_at)
      + (select count(*) from review_comments c join reviews r on r.id = c.review_id where c.created_at < r.created_at)`,
    'replies hang on a top-level comment of the same review': `select count(*) from review_comments c join review_comments p on p.id = c.parent_id
      where p.parent_id is not null or p.review_id <> c.review_id or c.created_at < p.created_at`,
    'reply_count counts the replies': `select count(*) from review_comments p
      where p.reply_count <> (select count(*) from review_comments c where c.parent_id = p.id)`,
  };
  const failed: string[] = [];
  for (const [name, query] of Object.entries(checks)) {
    const [row] = await selectRows<{ n: number | string }>(database.db, sql.raw(`select (${query})::int8 as n`));
    if (Number(row?.n) !== 0) failed.push(`${name} (${row?.n} rows)`);
  }
  return failed;
}
