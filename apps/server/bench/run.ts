/*
 * `npm run bench`: load-tests the API on the full F1 history and a generated community shaped like a
 * real one, on embedded PGlite and/or PostgreSQL, and prints requests/s, p50 and p99 per endpoint.
 *
 * What it seeds (bench/community.ts; bulk SQL, deterministic, every account clearly generated: usernames
 * bench_…, mail @bench.paddock.invalid, no usable password): the F1 seed, then 10,000 accounts (5%
 * private), ~183,000 follows skewed Zipf-like (the most-followed account ~4,900 followers, nine accounts
 * over 1,000; some follows of private accounts pending), ~300,000 reviews over three years (the six
 * most-followed accounts review every completed race, ~25 accounts over 1,000; median Following fan-in
 * ~2,000 reviews), ~1,000,000 likes, ~100,000 comments with a few replies, watched races, race figures
 * and the Following timelines of the last 30 days (~800,000 rows). The rows respect every invariant the
 * services keep (counters, ranks, visibility, timelines); they are checked after each seed. Seeding
 * takes about a minute on PGlite and 40 s on PostgreSQL.
 *
 * BENCH_COMMUNITY=api measures instead a small community built through the API by a server of its own
 * (bench/api-community.ts): 300 members register, follow ten accounts each (skewed toward a few), review 30
 * completed races each (the Following timelines written by the site's fan-out) and like 5,000 reviews (skewed
 * toward the most-followed authors); one more reader follows 200 of them. The same invariants are checked.
 * It runs on the embedded server or on PostgreSQL, in a database of its own (paddock_bench_api, built anew by
 * every run), and takes about 90 s to build.
 *
 * Databases (BENCH_DB):
 * - pglite: a fresh PGlite in a temporary DATA_DIR, seeded each run and deleted afterwards.
 * - postgres: DATABASE_URL, or postgres://postgres@127.0.0.1:5432/paddock_bench (created if missing).
 *   The community is seeded once and reused (its table bench_seed says which; BENCH_RESEED=1 or a
 *   week's age seeds it again); the write scenarios put back what they changed (the REVIEW_LIKED
 *   notifications of the toggled likes stay, as the service leaves them). A database with accounts of
 *   its own is refused.
 * - embedded: the PostgreSQL server `npm start` runs by default (decision 018), in a temporary DATA_DIR,
 *   seeded each run and deleted afterwards; the benchmark starts it, the site's process joins it.
 * - both: PGlite, then PostgreSQL; all: PGlite, embedded PostgreSQL, then PostgreSQL.
 * The default is postgres when DATABASE_URL is set, else embedded.
 *
 * Scenarios (BENCH_SCENARIOS, comma-separated groups; default all): GET /api/health/ always, as the
 * reference every figure is divided by (the machine is shared and noisy); following (the Following feed
 * of signed-in readers whose fan-in is near the median: page 1, and page BENCH_FEED_DEPTH reached
 * through next_cursor); for-you (guests, signed-in readers); race-reviews (GET /api/core/reviews/?race_id=
 * of the most reviewed races, guest and signed in); notifications (the bell's two counts and the first page
 * of notifications of signed-in readers, the request count of the private accounts asked most); profiles (a
 * signed-in reader opens the public profiles with the most reviews: header, stats, and the first page of
 * reviews, watched races and followers); create-review (the most-followed account reviews a
 * race it had not reviewed, then deletes the review: two rows; then, on a quiet server, five such reviews one
 * at a time, each timed until every follower's timeline has it: the fan-out's completion); like (review like toggles by 2,000 users
 * on 2,000 reviews); comment (a comment, then its deletion); f1 (the F1 read endpoints, and search: 16 queries people often type, and "typing", every prefix of
 * the drivers' and 2,000 members' names, more distinct queries than the search cache keeps); compression
 * (health and three F1 answers from 1 KB to 100 KB, each without Accept-Encoding and with a browser's
 * "gzip, deflate, br": the cost of compressing API answers on the fly); live (1,000 server-sent-event clients
 * on one race's thoughts while a thought is posted every 100 ms: the delay from each POST's answer to
 * every client, and the events missed; bench/live.ts); bell (1,000 members each with their notification stream
 * open while their reviews are liked, one like every 50 ms: the delay from each like's answer to its author's
 * stream, and the notifications missed; bench/bell.ts); pages (public pages rendered on the server, as a
 * browser asks for them: season overviews, drivers and races, kept for reuse (BENCH_CONNECTIONS=1 with
 * PAGE_CACHE_ENTRIES=0 gives the time of a render); it serves the built web app, so `npm run build` first). Aliases: feeds,
 * writes, social (all but f1). Every status is checked: non-2xx answers and connection errors/timeouts
 * are counted apart, and the first non-2xx bodies printed.
 *
 * Dead rows: the write scenarios leave some (a review by the most-followed account writes and deletes
 * ~4,900 timeline rows), and neither PGlite nor this machine's PostgreSQL (autovacuum = off) vacuums by
 * itself, so the benchmark runs VACUUM ANALYZE: on PostgreSQL at the start and after each write
 * measurement, on PGlite between passes (with the server down) and before the bare SQL.
 *
 * Bare SQL: for each feed, the feed's own queries (feeds/queries.ts and the reviews service's reads, as
 * feeds/service.ts calls them) run in this process at the same concurrency for the same time, on a pool
 * like the server's (PostgreSQL) or on the PGlite instance itself once the server has stopped (PGlite
 * opens in one process only). API÷SQL is the share of the bare SQL's rate the API keeps.
 *
 * Columns: req/s, p50 and p99 (exact percentiles of every answer), each beside its ratio to
 * GET /api/health/ in the same pass (÷health for rates, ×health for latencies); non-2xx answers;
 * errors (connection errors and autocannon's 10 s timeouts); max ms, the slowest answer; backlog s, the
 * time the server needed after the measurement stopped to answer what was still queued (drained before
 * the next measurement); for the feeds, the bare SQL's req/s, p50, p99 and API÷SQL. The write
 * scenarios are also measured at 1 connection: the latency of one request alone, without queueing.
 *
 * Settings: BENCH_SECONDS per measurement (default 5), BENCH_CONNECTIONS (default 50; "1,50" runs
 * both), BENCH_REPEAT passes (default 1; the table shows each figure's median over the passes, ratios
 * taken within each pass), BENCH_FEED_DEPTH (default 5), BENCH_USERS (default 10000), BENCH_OUT (a
 * JSON file of every pass's figures; `npx tsx bench/median.ts a.json b.json …` prints the medians of
 * several runs), BENCH_WATCHDOG_MINUTES (default 20: the run is stopped after). The machine's load
 * average is printed with every pass: on a shared machine, compare the ratios more than the rates.
 * A whole run takes about 4 minutes on PGlite (1 minute of it seeding) and 2.5 on PostgreSQL.
 *
 * What the framework and each plugin cost the trivial route (bare Fastify, + security headers, + rate
 * limit, + compression, + the app's hooks and options, the real /api/health/) is measured apart, without
 * seeding: `npx tsx apps/server/bench/plugins.ts` (bench/plugins.ts; about 3.5 minutes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { freePort } from '../src/db/embedded-postgres.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { loadSeedIfEmpty } from '../src/f1data/seed-loader.ts';
import { selectRows } from '../src/lib/sql.ts';
import {
  BENCH_PREFIX,
  COMMUNITY_TABLES,
  COMMUNITY_VERSION,
  communityShape,
  describeCommunity,
  generatedUser,
  seedCommunity,
  verifyCommunity,
  type CommunityFigures,
} from './community.ts';
import { API_COMMUNITY, buildCommunityThroughApi } from './api-community.ts';
import { addBenchRace, BENCH_RACE_ID, measureLive, printLive, removeBenchRace, type LiveResult } from './live.ts';
import { forgetBell, measureBell, planBell, printBell, type BellPair, type BellResult } from './bell.ts';
import { drain, median, runCalls, runSteps, warmUp, type Step } from './load.ts';
import {
  checkTargets,
  compareWithPostgres,
  DB_NAMES,
  HEALTH,
  printTable,
  summarize,
  type DbKind,
  type Row,
  type TableRow,
} from './report.ts';
import {
  deleteLeftoverReviews,
  measureFanOut,
  planSocial,
  planUserIds,
  restoreWrites,
  signAccessTokens,
  socialScenarios,
  walkFollowingCursors,
  type Scenario,
  type SocialPlan,
} from './social.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '50').split(',').map(Number);
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 1));
const USER_COUNT = Number(process.env.BENCH_USERS ?? 10_000);
const FEED_DEPTH = Math.max(2, Number(process.env.BENCH_FEED_DEPTH ?? 5));
const WATCHDOG_MS = Number(process.env.BENCH_WATCHDOG_MINUTES ?? 20) * 60_000;
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/paddock_bench';
/** BENCH_COMMUNITY=api: the small community built through the API (bench/api-community.ts). */
const API_BUILT = process.env.BENCH_COMMUNITY === 'api';
const DEFAULT_API_PG_URL = 'postgres://postgres@127.0.0.1:5432/paddock_bench_api';
const PG_SEED_MAX_AGE_DAYS = 7;
const serverRoot = path.resolve(import.meta.dirname, '..');

const GROUPS = [
  'following',
  'for-you',
  'race-reviews',
  'notifications',
  'profiles',
  'create-review',
  'like',
  'comment',
  'f1',
  'compression',
  'live',
  'bell',
  'pages',
];
const ALIASES: Record<string, string[]> = {
  all: GROUPS,
  social: GROUPS.filter((g) => !['f1', 'compression', 'live', 'bell', 'pages'].includes(g)),
  feeds: ['following', 'for-you'],
  writes: ['create-review', 'like', 'comment'],
};
function selectedGroups(): Set<string> {
  const asked = (process.env.BENCH_SCENARIOS ?? 'all').split(',').map((s) => s.trim().toLowerCase());
  const groups = new Set<string>();
  for (const name of asked.filter(Boolean)) {
    const expanded = ALIASES[name] ?? (GROUPS.includes(name) || name === 'health' ? [name] : null);
    if (!expanded)
      throw new Error(`BENCH_SCENARIOS: unknown "${name}" (${[...GROUPS, ...Object.keys(ALIASES)].join(', ')})`);
    for (const g of expanded) groups.add(g);
  }
  return groups;
}

function selectedDatabases(): { kind: DbKind; url?: string }[] {
  const asked = process.env.BENCH_DB ?? (process.env.DATABASE_URL ? 'postgres' : 'embedded');
  if (API_BUILT && process.env.DATABASE_URL) {
    throw new Error('bench: BENCH_COMMUNITY=api builds its community in a database of its own; unset DATABASE_URL');
  }
  const url = API_BUILT ? DEFAULT_API_PG_URL : (process.env.DATABASE_URL ?? DEFAULT_PG_URL);
  const all: Record<string, { kind: DbKind; url?: string }[]> = {
    pglite: [{ kind: 'pglite' }],
    embedded: [{ kind: 'embedded' }],
    postgres: [{ kind: 'postgres', url }],
    both: [{ kind: 'pglite' }, { kind: 'postgres', url }],
    all: [{ kind: 'pglite' }, { kind: 'embedded' }, { kind: 'postgres', url }],
  };
  const chosen = all[asked];
  if (!chosen) throw new Error(`BENCH_DB: "${asked}" is not one of ${Object.keys(all).join(', ')}`);
  return chosen;
}

const log = (message: string) => console.log(`bench: ${message}`);
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/* The F1 read endpoints (the benchmark's first scenarios). */

function rotating(label: string, paths: string[], acceptEncoding?: string): Step {
  let i = 0;
  return { label, setup: () => ({ path: paths[i++ % paths.length]!, acceptEncoding }) };
}

/**
 * The cost of compressing answers: the same requests without Accept-Encoding and with a browser's,
 * from a tiny answer (under the threshold: never compressed) to large ones.
 */
function compressionScenarios(f1: Scenario[]): Scenario[] {
  const paths = (label: string) => {
    const step = f1.flatMap((s) => s.steps).find((s) => s.label === label);
    if (!step) throw new Error(`no F1 scenario ${label}`);
    const seen: string[] = [];
    for (let i = 0; i < 50; i++) {
      const out = step.setup({});
      if (out && !seen.includes(out.path)) seen.push(out.path);
    }
    return seen;
  };
  const endpoints: [string, string[]][] = [
    [HEALTH, ['/api/health/']],
    ['GET /api/f1/races/upcoming/', ['/api/f1/races/upcoming/']],
    ['GET /api/f1/races/{id}/results/', paths('GET /api/f1/races/{id}/results/')],
    ['GET /api/f1/season_stats/?season=…', paths('GET /api/f1/season_stats/?season=…')],
  ];
  return endpoints.flatMap(([label, list]) =>
    ['', 'gzip, deflate, br'].map((encoding) => ({
      group: 'compression',
      steps: [rotating(`${label} ${encoding ? '[br, gzip]' : '[identity]'}`, list, encoding || undefined)],
    })),
  );
}

async function f1Scenarios(database: Database): Promise<Scenario[]> {
  const rows = await selectRows<{ id: number; year: number }>(
    database.db,
    sql`select id, year from races where has_results order by starts_at desc`,
  );
  if (rows.length === 0) throw new Error('no races with results: the F1 seed did not load (see the message above)');
  // The latest twenty races and a spread over the whole history.
  const raceIds = [...rows.slice(0, 20), ...rows.filter((_, i) => i % 50 === 0)].map((r) => r.id);
  const years = [...new Set(rows.map((r) => r.year))];
  const seasons = [years[0], years[1], 2021, 2008, 1988, 1976, 1950].filter(
    (y) => y !== undefined && years.includes(y),
  );
  const someone = generatedUser(4242);
  const queries = [
    'perez',
    'monza',
    'hamilton',
    'verstappen',
    'silverstone',
    'ferrari',
    '2021',
    '2021 abu dhabi',
    'schumacher',
    'red bull',
    'interlagos',
    'leclerc',
    'senna',
    someone.username,
    someone.name,
    someone.name.split(' ')[1]!.slice(0, 5),
  ];
  // Typing, letter by letter: every prefix of 3+ letters of each driver's and of 2,000 members' names,
  // more distinct queries than the search cache keeps, so that each one is searched afresh.
  const drivers = await selectRows<{ name: string }>(database.db, sql`select name from drivers order by id`);
  const names = [...drivers.map((d) => d.name), ...Array.from({ length: 2000 }, (_, i) => generatedUser(i * 5).name)];
  const typed = [...new Set(names.flatMap((n) => Array.from({ length: n.length - 2 }, (_, i) => n.slice(0, i + 3))))];
  const f1 = (step: Step): Scenario => ({ group: 'f1', steps: [step] });
  const searchPath = (q: string) => `/api/core/search/?q=${encodeURIComponent(q)}`;
  return [
    f1(rotating('GET /api/core/search/?q=…', queries.map(searchPath))),
    f1(
      rotating(
        `GET /api/core/search/?q=… (typing: ${typed.length.toLocaleString('en')} queries)`,
        typed.map(searchPath),
      ),
    ),
    f1(
      rotating(
        'GET /api/f1/races/{id}/',
        raceIds.map((id) => `/api/f1/races/${id}/`),
      ),
    ),
    f1(
      rotating(
        'GET /api/f1/races/{id}/results/',
        raceIds.map((id) => `/api/f1/races/${id}/results/`),
      ),
    ),
    f1(
      rotating(
        'GET /api/f1/races/{id}/weekend/',
        raceIds.map((id) => `/api/f1/races/${id}/weekend/`),
      ),
    ),
    f1(
      rotating(
        'GET /api/f1/season_stats/?season=…',
        seasons.map((y) => `/api/f1/season_stats/?season=${y}`),
      ),
    ),
    f1(
      rotating(
        'GET /api/f1/standings/?season=…&round=…',
        seasons.flatMap((y) => [`/api/f1/standings/?season=${y}`, `/api/f1/standings/?season=${y}&round=2`]),
      ),
    ),
    f1(rotating('GET /api/f1/drivers/', ['/api/f1/drivers/', ...seasons.map((y) => `/api/f1/drivers/?season=${y}`)])),
    f1(rotating('GET /api/f1/races/upcoming/', ['/api/f1/races/upcoming/'])),
  ];
}

/**
 * Public pages rendered on the server (decision 024), as a browser asks for them (gzip): season
 * overviews, drivers and races, each made only of cached answers and so kept for reuse.
 */
async function pageScenarios(database: Database): Promise<Scenario[]> {
  const races = await selectRows<{ id: number; year: number }>(
    database.db,
    sql`select id, year from races where has_results order by starts_at desc limit 20`,
  );
  const drivers = await selectRows<{ id: string }>(
    database.db,
    sql`select driver_id as id from race_results group by driver_id order by count(*) desc limit 20`,
  );
  const years = [...new Set(races.map((r) => r.year))];
  const page = (label: string, paths: string[]): Scenario => ({
    group: 'pages',
    steps: [rotating(label, paths, 'gzip, deflate, br')],
  });
  return [
    page(
      'GET /season-overview?season=… (kept)',
      [...years, 2021, 2008, 1988].map((y) => `/season-overview?season=${y}`),
    ),
    page(
      'GET /driver/{id} (kept)',
      drivers.map((d) => `/driver/${d.id}`),
    ),
    page(
      'GET /race/{id} (kept)',
      races.map((r) => `/race/${r.id}`),
    ),
    // The floor a kept page is measured against besides health: the same bytes sent with no work at all.
    page('GET /assets/… (a built file of a race page’s size, reference)', [staticFileOfSize(RACE_PAGE_GZIP_BYTES)]),
  ];
}

/** A race page's HTML as a browser gets it (gzip), about: the size the reference file is chosen by. */
const RACE_PAGE_GZIP_BYTES = 13_000;

/** The built asset whose precompressed (.gz) copy is nearest `bytes`, as a path to ask for. */
function staticFileOfSize(bytes: number): string {
  const assets = path.join(webDist, 'assets');
  const [nearest] = readdirSync(assets)
    .filter((name) => name.endsWith('.js.gz'))
    .map((name) => ({ name: name.slice(0, -'.gz'.length), size: statSync(path.join(assets, name)).size }))
    .sort((a, b) => Math.abs(a.size - bytes) - Math.abs(b.size - bytes));
  if (!nearest) throw new Error(`no built assets in ${assets}: npm run build first`);
  return `/assets/${nearest.name}`;
}

/* Databases. */

/** Creates the PostgreSQL database of `url` when it does not exist yet. */
async function ensurePostgresDatabase(url: string, fresh = false): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (fresh) {
    // The api community's own database, built anew by every run.
    if (url !== DEFAULT_API_PG_URL) throw new Error(`bench: will not empty the database "${name}"`);
    const admin = new URL(url);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await client.end();
    }
  }
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err;
  } finally {
    await probe.end().catch(() => undefined);
  }
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`bench: will not create a database named "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
    log(`created the database ${name}`);
  } finally {
    await client.end();
  }
}

interface StoredSeed {
  version: string;
  users: number;
  age_days: number;
  seed_seconds: number;
}

/** The community stored in a PostgreSQL database by an earlier run, if any. */
async function storedSeed(database: Database): Promise<StoredSeed | null> {
  await database.db.execute(sql`create table if not exists bench_seed (
    version text not null, users int not null, seeded_at timestamptz not null, seed_seconds float8 not null)`);
  const [row] = await selectRows<StoredSeed>(
    database.db,
    sql`select version, users, extract(epoch from now() - seeded_at)::float8 / 86400 as age_days, seed_seconds
        from bench_seed limit 1`,
  );
  return row ?? null;
}

interface Prepared {
  database: Database;
  dataDir: string;
  figures: CommunityFigures;
  seedSeconds: number;
  seeded: boolean;
  plan: SocialPlan;
  f1: Scenario[];
  pages: Scenario[];
  /** The bell's (liker, review) pairs, one per member whose stream is open. */
  bell: BellPair[];
}

async function prepare(kind: DbKind, url: string | undefined, groups: Set<string>): Promise<Prepared> {
  const started = Date.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-'));
  if (kind === 'postgres') await ensurePostgresDatabase(url!, API_BUILT);
  // The benchmark owns an embedded server (it seeds through it); the site's process joins it.
  const database = await openDatabase({
    databaseUrl: kind === 'postgres' ? url : undefined,
    dataDir,
    embedded: kind === 'embedded' ? 'postgres' : 'pglite',
    log,
    // Seeding a community runs statements far longer than a request's timeout allows (decision 019).
    longQueries: true,
  });
  log(kind === 'pglite' ? `embedded PGlite in ${dataDir}` : database.location);
  await migrateDatabase(database);
  const seed = await loadSeedIfEmpty(database.db, { info: log, warn: log });
  if (!seed.loaded) log('F1 data already present');

  const shape = communityShape(USER_COUNT);
  let stored: StoredSeed | null = null;
  if (API_BUILT) {
    // The small community, built through the API by a server of its own, on a database of its own.
    if (kind === 'pglite') throw new Error('bench: BENCH_COMMUNITY=api runs on the embedded server or PostgreSQL');
    const seedStarted = Date.now();
    const builder = await startServer(kind, url, dataDir, randomBytes(48).toString('base64url'));
    await buildCommunityThroughApi(builder, database.db, API_COMMUNITY, log);
    await stopServer();
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    await vacuum(database);
    return ready(database, dataDir, groups, started, { seedSeconds, seeded: true, timelineDays: shape.timelineDays });
  }
  if (kind === 'postgres') {
    const [other] = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from users where username not like ${`${BENCH_PREFIX}%`}`,
    );
    if ((other?.n ?? 0) > 0) {
      throw new Error(
        `bench: ${database.location} has ${other?.n} accounts of its own; the benchmark replaces the community ` +
          `of its database: use a dedicated one, such as ${DEFAULT_PG_URL}`,
      );
    }
    stored = await storedSeed(database);
  }
  const reuse =
    stored !== null &&
    stored.version === COMMUNITY_VERSION &&
    stored.users === USER_COUNT &&
    stored.age_days < PG_SEED_MAX_AGE_DAYS &&
    process.env.BENCH_RESEED !== '1';
  let seedSeconds: number;
  if (reuse) {
    seedSeconds = stored!.seed_seconds;
    log(`reusing the community seeded ${stored!.age_days.toFixed(1)} days ago (in ${seedSeconds.toFixed(1)} s)`);
  } else {
    log(`seeding the community (${USER_COUNT} accounts)…`);
    const seedStarted = Date.now();
    await seedCommunity(database, shape, (m) => log(m));
    seedSeconds = (Date.now() - seedStarted) / 1000;
    log(`community seeded in ${seedSeconds.toFixed(1)} s`);
    if (kind === 'postgres') {
      await database.db.execute(sql`delete from bench_seed`);
      await database.db.execute(
        sql`insert into bench_seed values (${COMMUNITY_VERSION}, ${USER_COUNT}, now(), ${seedSeconds})`,
      );
    }
  }
  if (kind === 'postgres') {
    const vacuumStarted = Date.now();
    await vacuum(database);
    log(`vacuumed in ${seconds(vacuumStarted)}`);
  }
  return ready(database, dataDir, groups, started, { seedSeconds, seeded: !reuse, timelineDays: shape.timelineDays });
}

/** Checks the community's invariants, then plans the scenarios on it. */
async function ready(
  database: Database,
  dataDir: string,
  groups: Set<string>,
  started: number,
  seed: { seedSeconds: number; seeded: boolean; timelineDays: number },
): Promise<Prepared> {
  const verifyStarted = Date.now();
  const failed = await verifyCommunity(database, seed.timelineDays, API_BUILT);
  if (failed.length > 0) throw new Error(`bench: the community breaks invariants:\n  ${failed.join('\n  ')}`);
  log(`invariants hold (checked in ${seconds(verifyStarted)})`);
  const figures = await describeCommunity(database);
  const plan = await planSocial(database.db);
  const f1 = await f1Scenarios(database);
  const pages = groups.has('pages') ? await pageScenarios(database) : [];
  if (groups.has('live')) await addBenchRace(database.db);
  // The bell's likers are none of the like scenario's, whose toggles leave notifications pending.
  const toggling = new Set(plan.likePairs.map((p) => p.userId));
  const bell = groups.has('bell')
    ? await planBell(
        database.db,
        plan.profiles.map((p) => p.id).filter((id) => !toggling.has(id)),
      )
    : [];
  log(`data ready in ${seconds(started)}`);
  return { database, dataDir, figures, seedSeconds: seed.seedSeconds, seeded: seed.seeded, plan, f1, pages, bell };
}

/* The server. */

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health/`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become healthy within 60 s');
}

let child: ChildProcess | null = null;

/** The built web app, which the pages group needs (`npm run build` first). */
const webDist = path.resolve(serverRoot, '../web/dist');
let serveWebApp = false;

async function startServer(kind: DbKind, url: string | undefined, dataDir: string, secret: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SECRET_KEY: secret,
    LOG_LEVEL: 'warn',
    SEED_F1: 'false',
    SEED_DEMO: 'false',
    // Measured requests only: no results fetched from Jolpica meanwhile.
    RESULTS_SYNC: 'off',
    API_RATE_LIMIT: '100000000',
    // The api community registers its members from one address.
    REGISTER_RATE_LIMIT: '100000000',
    // The API alone (a folder without a built web app), unless pages are measured.
    WEB_DIST: serveWebApp ? webDist : path.join(dataDir, 'no-web-app'),
  };
  delete env.DATABASE_URL;
  if (kind === 'postgres') env.DATABASE_URL = url;
  env.EMBEDDED_DATABASE = kind === 'embedded' ? 'postgres' : 'pglite';
  // BENCH_SERVER_NODE_ARGS reaches the measured server's node, e.g. "--cpu-prof --cpu-prof-dir=prof" for a
  // CPU profile of the whole run (Node allows --cpu-prof only on its command line).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(serverRoot, 'src/main.ts')], {
    cwd: serverRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  await waitForHealth(base, child);
  return base;
}

async function stopServer(): Promise<void> {
  const running = child;
  child = null;
  if (running && running.exitCode === null) {
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGTERM');
    await exited;
  }
}

/* Measuring. */

/**
 * VACUUM ANALYZE: PGlite runs no autovacuum, and this machine's PostgreSQL neither (autovacuum = off).
 * The write scenarios leave dead rows (a review by the most-followed account writes and deletes ~4,900
 * timeline rows); left there, they slow every later read, and the planner too, which walks over dead
 * index entries when it probes a column's extreme values (measured: 23 ms instead of 1.4 ms to plan
 * the timeline query after a few runs).
 */
async function vacuum(database: Database, tables: string[] = COMMUNITY_TABLES): Promise<void> {
  await database.db.execute(sql.raw(`vacuum analyze ${tables.join(', ')}`));
}

async function measureApi(base: string, scenarios: Scenario[], pass: number, database: Database | null) {
  const rows: Row[] = [];
  const settle = async (s: Scenario) => {
    const ms = await drain(base);
    await s.reset?.();
    if (database && s.churns) await vacuum(database, s.churns);
    return ms / 1000;
  };
  for (const s of scenarios) {
    await warmUp(base, s.steps);
    await settle(s);
    for (const connections of [...new Set([...(s.alsoConnections ?? []), ...CONNECTIONS])]) {
      const measured = await runSteps(base, s.steps, connections, SECONDS);
      const backlog = await settle(s);
      for (const m of measured) rows.push({ ...m, backlog, source: 'api', pass, sqlLabel: s.sql?.label });
    }
  }
  return rows;
}

async function measureSql(database: Database, scenarios: Scenario[], pass: number) {
  const rows: Row[] = [];
  for (const s of scenarios) {
    if (!s.sql) continue;
    const { label, call } = s.sql;
    await runCalls(label, (n) => call(database.db, n), 2, 1);
    for (const connections of CONNECTIONS) {
      const measured = await runCalls(label, (n) => call(database.db, n), connections, SECONDS);
      rows.push({ ...measured, source: 'sql', pass });
    }
  }
  return rows;
}

interface DbResult {
  kind: DbKind;
  seedSeconds: number;
  seeded: boolean;
  figures: CommunityFigures;
  plan: Pick<SocialPlan, 'topId' | 'topFollowers' | 'medianFanin'> & { writePool: number; timelineMedian: number };
  rows: Row[];
  table: TableRow[];
  targets: string[];
  live: LiveResult | null;
  bell: BellResult | null;
}

async function benchDatabase(kind: DbKind, url: string | undefined, groups: Set<string>): Promise<DbResult> {
  const prepared = await prepare(kind, url, groups);
  const { plan, figures } = prepared;
  let database: Database | null = prepared.database;
  const f = figures;
  log(
    `community: ${f.users} accounts (${f.private_users} private), ${f.follows_accepted} follows + ${f.follows_pending} pending, ` +
      `${f.reviews} reviews, ${f.review_likes} likes, ${f.comments} comments (${f.replies} replies), ` +
      `${f.feed_entries} timeline rows`,
  );
  log(
    `most-followed account: ${f.top_followers} followers, ${f.top_reviews} reviews; ${f.accounts_1000_followers} accounts ` +
      `with 1,000+ followers, ${f.accounts_1000_reviews} with 1,000+ reviews; median followers ${f.median_followers}, ` +
      `following ${f.median_following}, reviews ${f.median_reviews}; Following fan-in p10/median/p90 ` +
      `${f.fanin_p10}/${f.fanin_median}/${f.fanin_p90}`,
  );
  const timelineMedian = median(plan.following.map((r) => r.timeline));
  log(
    `Following readers: ${plan.following.length} with fan-in ${plan.following.at(0)?.fanin}-${plan.following.at(-1)?.fanin} ` +
      `(median ${plan.medianFanin}), median ${timelineMedian} timeline rows; write pool ${plan.writePool.length} races`,
  );
  if (kind === 'pglite') {
    // PGlite opens in one process at a time: the server gets it now, the bare SQL after the server.
    await database.close();
    database = null;
  }

  const secret = randomBytes(48).toString('base64url');
  const tokens = await signAccessTokens(secret, [
    ...planUserIds(plan),
    ...prepared.bell.flatMap((p) => [p.authorId, p.likerId]),
  ]);
  let base = await startServer(kind, url, prepared.dataDir, secret);
  log(`server up at ${base}; ${CONNECTIONS.join(' and ')} connections, ${SECONDS} s per measurement`);
  const deep = groups.has('following') ? await walkFollowingCursors(base, plan, tokens, FEED_DEPTH) : [];
  const topToken = tokens.get(plan.topId)!;
  if (groups.has('create-review')) {
    const left = await deleteLeftoverReviews(base, plan, topToken);
    if (left > 0) log(`deleted ${left} reviews left over by an earlier run`);
  }
  const scenariosFor = (server: string): Scenario[] => [
    { group: 'health', steps: [rotating(HEALTH, ['/api/health/'])] },
    ...socialScenarios(server, plan, tokens, deep, FEED_DEPTH).filter((s) => groups.has(s.group)),
    ...(groups.has('f1') ? prepared.f1 : []),
    ...prepared.pages,
    ...(groups.has('compression') ? compressionScenarios(prepared.f1) : []),
  ];
  let scenarios = scenariosFor(base);

  const rows: Row[] = [];
  let live: LiveResult | null = null;
  let bell: BellResult | null = null;
  try {
    for (let pass = 1; pass <= REPEAT; pass++) {
      if (pass > 1 && kind === 'pglite') {
        // Each pass starts vacuumed, as the first does: PGlite can only be vacuumed with the server down.
        await stopServer();
        const pglite = await openDatabase({ dataDir: prepared.dataDir });
        await vacuum(pglite);
        await pglite.close();
        base = await startServer(kind, url, prepared.dataDir, secret);
        scenarios = scenariosFor(base);
      }
      log(`pass ${pass}/${REPEAT} (API): load average ${load()} on ${os.cpus().length} CPUs`);
      rows.push(...(await measureApi(base, scenarios, pass, database)));
      if (database) {
        log(`pass ${pass}/${REPEAT} (bare SQL): load average ${load()}`);
        rows.push(...(await measureSql(database, scenarios, pass)));
      }
    }
    if (groups.has('create-review') && database) {
      // On a quiet server: a review by the most-followed account, until every follower's timeline has it.
      await drain(base);
      const timings = await measureFanOut(base, database.db, plan, topToken, plan.writePool.slice(0, 5));
      const ms = (values: number[]) => values.map((v) => Math.round(v)).join(', ');
      log(
        `fan-out of a review by the most-followed account (${timings[0]?.followers} followers), 5 reviews one at a ` +
          `time: answered in ${ms(timings.map((t) => t.answeredMs))} ms; in every timeline after ` +
          `${ms(timings.map((t) => t.completeMs))} ms: ` +
          `${timings.every((t) => t.completeMs <= 2_000) ? 'met' : 'MISSED'} (each ≤ 2,000 ms)`,
      );
      await vacuum(database, ['reviews', 'feed_entries', 'watched_races', 'race_review_stats', 'users']);
    }
    if (groups.has('live')) {
      log(`live thoughts: load average ${load()}`);
      const posters = plan.profiles.slice(0, 20).map((p) => tokens.get(p.id)!);
      live = await measureLive(base, BENCH_RACE_ID, posters, SECONDS * 2, log);
    }
    if (database && (groups.has('like') || groups.has('comment'))) {
      const restored = await restoreWrites(base, database.db, plan, tokens);
      if (restored.likes + restored.comments > 0) {
        log(`put back ${restored.likes} likes and deleted ${restored.comments} comments of the write scenarios`);
      }
    }
    if (groups.has('bell')) {
      log(`bell: load average ${load()}; ${prepared.bell.length} members with a review to like`);
      bell = await measureBell(base, prepared.bell, tokens, SECONDS * 2, log);
    }
  } finally {
    await stopServer();
  }
  if (!database) {
    database = await openDatabase({ dataDir: prepared.dataDir });
    await vacuum(database);
    for (let pass = 1; pass <= REPEAT; pass++) {
      log(`pass ${pass}/${REPEAT} (bare SQL, in process, server stopped): load average ${load()}`);
      rows.push(...(await measureSql(database, scenarios, pass)));
    }
  }
  if (groups.has('live')) await removeBenchRace(database.db);
  if (groups.has('bell')) await forgetBell(database.db, prepared.bell);
  await database.close();
  rmSync(prepared.dataDir, { recursive: true, force: true });

  const table = summarize(
    rows.filter((r) => r.source === 'api'),
    rows.filter((r) => r.source === 'sql'),
  );
  for (const r of rows.filter((row) => row.samples.length > 0)) {
    log(`pass ${r.pass}, ${r.label}: statuses ${JSON.stringify(r.statuses)}; first answers: ${r.samples.join(' | ')}`);
  }
  return {
    kind,
    seedSeconds: prepared.seedSeconds,
    seeded: prepared.seeded,
    figures,
    plan: {
      topId: plan.topId,
      topFollowers: plan.topFollowers,
      medianFanin: plan.medianFanin,
      writePool: plan.writePool.length,
      timelineMedian,
    },
    rows,
    table,
    targets: [
      ...checkTargets(kind, table, SECONDS, CONNECTIONS),
      ...(live ? printLive(kind, live) : []),
      ...(bell ? printBell(kind, bell) : []),
    ],
    live,
    bell,
  };
}

async function main() {
  const started = Date.now();
  const groups = selectedGroups();
  serveWebApp = groups.has('pages');
  const databases = selectedDatabases();
  const watchdog = setTimeout(() => {
    console.error(`bench: stopped by the ${WATCHDOG_MS / 60_000}-minute watchdog`);
    child?.kill('SIGKILL');
    process.exit(1);
  }, WATCHDOG_MS);
  try {
    log(
      `${databases.map((d) => d.kind).join(' and ')}; scenarios: health, ${[...groups].join(', ')}; ` +
        `${REPEAT} pass(es); load average ${load()} on ${os.cpus().length} CPUs`,
    );
    const results: DbResult[] = [];
    for (const { kind, url } of databases) {
      const dbStarted = Date.now();
      results.push(await benchDatabase(kind, url, groups));
      log(`${kind} finished in ${seconds(dbStarted)}`);
    }
    for (const r of results) {
      printTable(
        `${DB_NAMES[r.kind]}: ${REPEAT > 1 ? `medians of ${REPEAT} passes` : '1 pass'}, ` +
          `${SECONDS} s each; seed ${r.seedSeconds.toFixed(1)} s${r.seeded ? '' : ' (stored community reused)'}`,
        r.table,
      );
      console.log(`\nTargets (${r.kind}):\n  ${r.targets.join('\n  ')}`);
    }
    const comparison = compareWithPostgres(results);
    if (comparison.length > 0) console.log(`\n${comparison.join('\n')}`);
    console.log(
      '\n÷health: req/s divided by GET /api/health/ in the same pass; ×health: latency over its latency. ' +
        'API÷SQL: the API rate over the same feed queries run directly (same concurrency and time).',
    );
    if (process.env.BENCH_OUT) {
      writeFileSync(
        process.env.BENCH_OUT,
        JSON.stringify(
          { started: new Date(started).toISOString(), cpus: os.cpus().length, seconds: SECONDS, results },
          null,
          2,
        ),
      );
      log(`figures written to ${process.env.BENCH_OUT}`);
    }
    log(`finished in ${seconds(started)}; load average ${load()}`);
  } finally {
    clearTimeout(watchdog);
    await stopServer();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
