/*
 * `npm run bench`: load-tests the read endpoints on the full F1 history plus 10,000 users.
 *
 * 1. Prepares a database: a fresh PGlite in a temporary DATA_DIR (deleted afterwards), or the
 *    PostgreSQL of DATABASE_URL when set (its F1 data is seeded if empty, and the generated users are
 *    added once; both stay).
 * 2. Starts the real server (src/main.ts) on a free 127.0.0.1 port, with the API rate limit lifted.
 * 3. Runs autocannon for a few seconds per endpoint and prints requests/s and latency percentiles,
 *    once per connection count: 1 (the latency one user sees) and 10 (throughput under load; with
 *    embedded PGlite, which runs one query at a time, latency there is mostly queueing).
 *
 * Settings: BENCH_SECONDS per endpoint and pass (default 3), BENCH_CONNECTIONS (default "1,10"),
 * BENCH_USERS (default 10000). The whole run stays under three minutes; a watchdog stops it otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { users } from '../src/db/schema/index.ts';
import { loadSeedIfEmpty } from '../src/f1data/seed-loader.ts';
import { unusablePasswordHash } from '../src/modules/auth/passwords.ts';
import { selectRows } from '../src/lib/sql.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,10').split(',').map(Number);
const USER_COUNT = Number(process.env.BENCH_USERS ?? 10_000);
const WATCHDOG_MS = 175_000;
const serverRoot = path.resolve(import.meta.dirname, '..');

/**
 * Clearly generated accounts ("bench_kavero_limatu_42" / "Kavero Limatu", mail at bench.paddock.invalid)
 * with made-up names varied like real ones: ten thousand users sharing a handful of words would make
 * every trigram posting list huge, which real names do not.
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
const BENCH_PREFIX = 'bench_';

/** A deterministic integer hash (murmur3's finalizer), so every run generates the same users. */
function mix(n: number): number {
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
function generatedUser(i: number) {
  const first = word(i * 7 + 1, 2 + (i % 2));
  const last = word(i * 13 + 5, 3);
  const username = `${BENCH_PREFIX}${first}_${last}_${i}`;
  return {
    username,
    email: `${username}@bench.paddock.invalid`,
    name: `${cap(first)} ${cap(last)}`,
    isPrivate: i % 7 === 0,
  };
}

async function addGeneratedUsers(database: Database): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from users where username like ${`${BENCH_PREFIX}%`}`,
  );
  const existing = row?.n ?? 0;
  // Password hashing is skipped on purpose: nobody signs in as these accounts.
  const hash = unusablePasswordHash();
  for (let start = existing; start < USER_COUNT; start += 1000) {
    const chunk = [];
    for (let i = start; i < Math.min(start + 1000, USER_COUNT); i++)
      chunk.push({ ...generatedUser(i), passwordHash: hash });
    await database.db.insert(users).values(chunk).onConflictDoNothing();
  }
  return Math.max(0, USER_COUNT - existing);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

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

interface Scenario {
  name: string;
  paths: string[];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function runScenario(base: string, s: Scenario, connections: number) {
  let i = 0;
  const times: number[] = [];
  const instance = autocannon({
    url: base,
    connections,
    duration: SECONDS,
    timeout: 10,
    requests: [{ setupRequest: (req) => ({ ...req, path: s.paths[i++ % s.paths.length] }) }],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    endpoint: s.name,
    conn: connections,
    'req/s': Math.round(result.requests.total / SECONDS),
    'p50 ms': round(percentile(times, 50)),
    'p95 ms': round(percentile(times, 95)),
    'p99 ms': round(percentile(times, 99)),
    requests: result.requests.total,
    'non-2xx': result.non2xx + result.errors + result.timeouts,
  };
}

async function scenarios(database: Database): Promise<Scenario[]> {
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
  return [
    { name: 'GET /api/core/search/?q=…', paths: queries.map((q) => `/api/core/search/?q=${encodeURIComponent(q)}`) },
    { name: 'GET /api/f1/races/{id}/', paths: raceIds.map((id) => `/api/f1/races/${id}/`) },
    { name: 'GET /api/f1/races/{id}/results/', paths: raceIds.map((id) => `/api/f1/races/${id}/results/`) },
    { name: 'GET /api/f1/season_stats/?season=…', paths: seasons.map((y) => `/api/f1/season_stats/?season=${y}`) },
    {
      name: 'GET /api/f1/drivers/',
      paths: ['/api/f1/drivers/', ...seasons.map((y) => `/api/f1/drivers/?season=${y}`)],
    },
    { name: 'GET /api/f1/races/upcoming/', paths: ['/api/f1/races/upcoming/'] },
  ];
}

async function main() {
  const started = Date.now();
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-'));
  let child: ChildProcess | null = null;
  const watchdog = setTimeout(() => {
    console.error('bench: stopped by the three-minute watchdog');
    child?.kill('SIGKILL');
    process.exit(1);
  }, WATCHDOG_MS);

  try {
    console.log(databaseUrl ? 'bench: using DATABASE_URL' : `bench: embedded PGlite in ${dataDir}`);
    const database = await openDatabase({ databaseUrl, dataDir });
    await migrateDatabase(database);
    const seed = await loadSeedIfEmpty(database.db, {
      info: (m) => console.log(`bench: ${m}`),
      warn: (m) => console.warn(`bench: ${m}`),
    });
    if (!seed.loaded) console.log('bench: F1 data already present');
    const added = await addGeneratedUsers(database);
    // PGlite runs no autovacuum. Without ANALYZE the planner would not know the tables' sizes, and
    // without VACUUM every rows bulk-inserted above would stay in the GIN indexes' pending lists,
    // which each trigram search then scans in full (measured: 20 ms instead of 0.5 ms per search).
    await database.db.execute(sql`vacuum analyze`);
    const [counts] = await selectRows<{ races: number; drivers: number; results: number; users: number }>(
      database.db,
      sql`select (select count(*)::int from races) as races, (select count(*)::int from drivers) as drivers,
          (select count(*)::int from race_results) as results, (select count(*)::int from users) as users`,
    );
    console.log(
      `bench: data ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts?.races} races, ${counts?.drivers} drivers, ` +
        `${counts?.results} results, ${counts?.users} users (${added} generated now)`,
    );
    const plan = await scenarios(database);
    await database.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')], {
      cwd: serverRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_F1: 'false',
        SEED_DEMO: 'false',
        API_RATE_LIMIT: '100000000',
        // The API alone: a folder without a built web app.
        WEB_DIST: path.join(dataDir, 'no-web-app'),
      },
    });
    await waitForHealth(base, child);
    console.log(`bench: server up at ${base}; ${CONNECTIONS.join(' and ')} connections, ${SECONDS} s per endpoint\n`);

    const table = [];
    for (const s of plan) {
      // A short warm-up so first plans, caches and WebAssembly tier-up do not count.
      await autocannon({
        url: base,
        connections: 2,
        duration: 1,
        requests: [{ setupRequest: (r) => ({ ...r, path: s.paths[0] }) }],
      });
      for (const connections of CONNECTIONS) table.push(await runScenario(base, s, connections));
    }
    console.table(table);
    console.log(
      'p50/p95/p99: exact percentiles of every response time autocannon reported (its own summary has no p95).',
    );
    console.log(`bench: finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    clearTimeout(watchdog);
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    // With DATABASE_URL the directory holds only the generated secret key.
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
