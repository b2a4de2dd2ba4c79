import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Comment, Review, Thought, Watchlist } from '@paddock/contract';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database, type Db } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { writeBackup } from '../../src/ops/backup.ts';
import { appTables, rowsOf } from '../../src/ops/catalog.ts';
import { restoreBackup } from '../../src/ops/restore.ts';
import { bearer, registerUser, type RegisteredUser } from '../support/auth.ts';
import { createUser } from '../support/factories/users.ts';
import { pastRace } from '../support/social.ts';
import { createTestDatabase, type TestApp } from '../support/test-app.ts';
import { openRace } from '../thoughts/helpers.ts';

/*
 * `npm run backup` and `npm run restore` (decision 022): a small community written through the real
 * app, backed up while the site runs, restored into a fresh data directory, where every row comes back
 * with its id, every file with its bytes, the sessions signed before stay valid and new rows get new
 * ids; a target that holds data, or a backup of another version, is refused without a write.
 */

const dirs: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  if (databases.length === 0) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'paddock-backup-'));
  dirs.push(dir);
  return dir;
}

/** The site as `npm start` runs it on `database`, with its files and generated key in `dataDir`. */
async function startSite(database: Database, dataDir: string): Promise<TestApp> {
  await migrateDatabase(database);
  const config = loadConfig(
    { LOG_LEVEL: 'silent', SEED_F1: 'false', SEED_DEMO: 'false', RESULTS_SYNC: 'off' },
    { DATA_DIR: dataDir, WEB_DIST: null, REGISTER_RATE_LIMIT: 1000 },
  );
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    database,
    config,
    outbox: () => [],
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const urls = new WeakMap<Database, string>();

/** An empty database of its own on TEST_DATABASE_URL's server. */
async function emptyPostgresDatabase(): Promise<Database> {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `paddock_backup_${process.pid}_${databases.length}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
  urls.set(database, url.toString());
  return database;
}

interface Engine {
  name: string;
  /** Where `open` must put the data (the embedded server gives way to PGlite where it cannot start). */
  location: RegExp;
  /** The site's database in `dataDir` (created if missing). */
  open(dataDir: string): Promise<Database>;
  /**
   * What `npm run backup` opens while the site runs: the running server joined, or null where the site
   * must be stopped first (PGlite serves one process).
   */
  join(site: Database, dataDir: string): Promise<Database> | null;
}

const quiet = () => undefined;
const engines: Engine[] = [
  {
    name: 'the embedded PostgreSQL server',
    location: /^embedded PostgreSQL in /,
    open: (dataDir) => openDatabase({ dataDir, embedded: 'postgres', takeOver: true, log: quiet }),
    join: (_site, dataDir) => openDatabase({ dataDir, embedded: 'postgres', takeOver: false, log: quiet }),
  },
  {
    name: 'PGlite',
    location: /pglite$/,
    open: (dataDir) => openDatabase({ dataDir, embedded: 'pglite' }),
    join: () => null,
  },
];
if (process.env.TEST_DATABASE_URL) {
  engines.push({
    name: 'PostgreSQL at DATABASE_URL',
    location: /^PostgreSQL at postgres:\/\//,
    open: () => emptyPostgresDatabase(),
    join: (site) => openDatabase({ databaseUrl: urls.get(site)!, dataDir: os.tmpdir() }),
  });
}

/** Every row of every table, as text, in a stable order: what must come back from a backup. */
async function contents(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await appTables(db)) {
    const rows = await rowsOf<{ row: string }>(
      db,
      sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(table)} t ORDER BY 1`,
    );
    out[table] = rows.map((r) => r.row);
  }
  return out;
}

const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 220, g: 0, b: 40 } } })
    .png()
    .toBuffer();

async function uploadAvatar(t: TestApp, user: RegisteredUser): Promise<string> {
  const boundary = 'paddock-backup-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await png(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/social/users/me/avatar/',
    headers: { ...bearer(user.access), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ profile_picture: string }>().profile_picture;
}

/** A request as a signed-in user (or a guest); answers the status and the parsed body. */
async function call<T>(t: TestApp, user: RegisteredUser | null, method: string, url: string, payload?: object) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: user ? bearer(user.access) : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as T };
}

const REVIEW_TEXT = 'Tifosi "everywhere" — 🏎️ at Monza\nsecond line, a \\ backslash and a tab\there';

/** Accounts, a follow, an avatar, a review, comments (a reply, one deleted), likes, a watchlist, a thought. */
async function writeCommunity(t: TestApp) {
  const lena = await registerUser(t, { username: 'lena_b', name: 'Léna Brûlé' });
  const max = await registerUser(t, { username: 'max_b' });
  expect((await call(t, max, 'POST', '/api/social/follows/', { user_id: lena.user.id })).status).toBe(201);
  const avatarUrl = await uploadAvatar(t, lena);
  const avatar = (await t.app.inject({ method: 'GET', url: avatarUrl })).rawPayload;

  const race = await pastRace(t.database.db);
  const review = await call<Review>(t, lena, 'POST', '/api/core/reviews/', {
    race_id: race.id,
    rating: 4,
    review_text: REVIEW_TEXT,
  });
  expect(review.status, JSON.stringify(review.body)).toBe(201);
  const comment = await call<Comment>(t, max, 'POST', '/api/social/comments/', {
    race_review_id: review.body.id,
    comment: 'That last lap!',
  });
  expect(comment.status).toBe(201);
  const reply = await call<Comment>(t, lena, 'POST', '/api/social/comments/', {
    race_review_id: review.body.id,
    comment: 'Unreal.',
    parent_comment_id: comment.body.id,
  });
  expect(reply.status).toBe(201);
  // The newest comment is deleted: after a restore, its id is not handed out again.
  const deleted = await call<Comment>(t, max, 'POST', '/api/social/comments/', {
    race_review_id: review.body.id,
    comment: 'Typo',
  });
  expect((await call(t, max, 'DELETE', `/api/social/comments/${deleted.body.id}/`)).status).toBe(204);
  expect((await call(t, max, 'POST', '/api/core/review-likes/toggle/', { review_id: review.body.id })).status).toBe(
    200,
  );
  expect(
    (await call(t, lena, 'POST', '/api/social/comment-likes/toggle/', { comment_id: comment.body.id })).status,
  ).toBe(200);

  const list = await call<Watchlist>(t, lena, 'POST', '/api/social/watchlists/', { name: 'Classics' });
  expect(list.status).toBe(201);
  expect(
    (await call(t, lena, 'POST', `/api/social/watchlists/${list.body.id}/races/`, { race_id: race.id })).status,
  ).toBe(201);
  const live = await openRace(t.database.db);
  const thought = await call<Thought>(t, max, 'POST', '/api/core/race-thoughts/', {
    race_id: live.id,
    content: 'Lights out!',
  });
  expect(thought.status).toBe(201);
  return {
    lena,
    max,
    avatarUrl,
    avatar,
    race,
    live,
    review: review.body,
    comment: comment.body,
    reply: reply.body,
    deletedCommentId: deleted.body.id,
    list: list.body,
    thought: thought.body,
  };
}

describe.each(engines)('a backup of $name', (engine) => {
  it('is restored into a fresh data directory with every row, id, file and session, and new rows get new ids', async () => {
    const siteDir = tempDir();
    const site = await startSite(await engine.open(siteDir), siteDir);
    expect(site.database.location).toMatch(engine.location);
    let siteOpen = true;
    const backups = tempDir();
    let community: Awaited<ReturnType<typeof writeCommunity>>;
    let before: Record<string, string[]>;
    let folder: string;
    try {
      community = await writeCommunity(site);
      before = await contents(site.database.db);
      const tool = engine.join(site.database, siteDir);
      const options = {
        parentDir: backups,
        mediaDir: site.config.MEDIA_DIR,
        secretKeyFile: path.join(siteDir, 'secret_key'),
      };
      if (tool) {
        // While the site runs: the tool joins its database and leaves it running.
        const joined = await tool;
        try {
          folder = (await writeBackup(joined, options)).folder;
        } finally {
          await joined.close();
        }
        expect((await call(site, community.lena, 'GET', '/api/social/users/me/')).status).toBe(200);
      } else {
        await site.close();
        siteOpen = false;
        const stopped = await engine.open(siteDir);
        try {
          folder = (await writeBackup(stopped, options)).folder;
        } finally {
          await stopped.close();
        }
      }
    } finally {
      if (siteOpen) await site.close();
    }
    expect(path.basename(folder)).toMatch(/^paddock-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(readdirSync(backups)).toEqual([path.basename(folder)]);

    // A data directory that does not exist yet (its parent open to the server's user, as a home is).
    const parent = tempDir();
    chmodSync(parent, 0o755);
    const restoredDir = path.join(parent, 'restored');
    const target = await engine.open(restoredDir);
    expect(target.location).toMatch(engine.location);
    let restored: TestApp | null = null;
    try {
      await restoreBackup(target, folder, {
        mediaDir: path.join(restoredDir, 'media'),
        secretKeyFile: path.join(restoredDir, 'secret_key'),
      });
      expect(await contents(target.db)).toEqual(before);
      expect(before.users).toHaveLength(2);
      expect(before.thought_events!.length).toBeGreaterThan(0);

      restored = await startSite(target, restoredDir);
      const { lena, max } = community;
      // Tokens signed before the backup are still good: the key came back with the rows.
      const me = await call<{ id: number; profile_picture: string }>(restored, lena, 'GET', '/api/social/users/me/');
      expect(me).toMatchObject({ status: 200, body: { id: lena.user.id, profile_picture: community.avatarUrl } });
      const picture = await restored.app.inject({ method: 'GET', url: community.avatarUrl });
      expect(picture.statusCode).toBe(200);
      expect(picture.rawPayload.equals(community.avatar)).toBe(true);
      const refreshed = await restored.app.inject({
        method: 'POST',
        url: '/api/auth/token-refresh/',
        payload: { refresh: max.refresh },
      });
      expect(refreshed.statusCode).toBe(200);

      const review = await call<Review>(restored, null, 'GET', `/api/core/reviews/${community.review.id}/`);
      expect(review.body).toMatchObject({ review_text: REVIEW_TEXT, rating: 4, like_count: 1, comment_count: 2 });
      const comments = await call<{ results: Comment[] }>(
        restored,
        null,
        'GET',
        `/api/social/comments/?review_id=${community.review.id}`,
      );
      expect(comments.body.results.map((c) => c.id)).toEqual([community.comment.id]);
      const followers = await call<{ results: { id: number }[] }>(
        restored,
        lena,
        'GET',
        `/api/social/users/${lena.user.id}/followers/`,
      );
      expect(followers.body.results.map((f) => f.id)).toEqual([max.user.id]);
      const list = await call<Watchlist>(restored, lena, 'GET', `/api/social/watchlists/${community.list.id}/`);
      expect(list.body.races.map((r) => r.race.id)).toEqual([community.race.id]);
      const thoughts = await call<{ results: Thought[] }>(
        restored,
        null,
        'GET',
        `/api/core/race-thoughts/by-race/${community.live.id}/`,
      );
      expect(thoughts.body.results.map((x) => x.id)).toEqual([community.thought.id]);

      // New rows after the restore: new ids, none taken before (not even the deleted comment's).
      const newcomer = await registerUser(restored, { username: 'newcomer_b' });
      expect(newcomer.user.id).toBeGreaterThan(Math.max(lena.user.id, max.user.id));
      const another = await call<Comment>(restored, max, 'POST', '/api/social/comments/', {
        race_review_id: community.review.id,
        comment: 'Back again',
      });
      expect(another.status).toBe(201);
      expect(another.body.id).toBeGreaterThan(community.deletedCommentId);
      const secondList = await call<Watchlist>(restored, lena, 'POST', '/api/social/watchlists/', { name: 'Rain' });
      expect(secondList.status).toBe(201);
      expect(secondList.body.id).toBeGreaterThan(community.list.id);

      // A target that holds data is refused, and left as it was.
      const now = await contents(target.db);
      await expect(
        restoreBackup(target, folder, { mediaDir: path.join(tempDir(), 'media'), secretKeyFile: null }),
      ).rejects.toThrow(/already holds data \(rows in .+\): restore only into an empty database/);
      await expect(
        restoreBackup(target, folder, { mediaDir: restored.config.MEDIA_DIR, secretKeyFile: null }),
      ).rejects.toThrow(/media already holds a file: restore only into an empty media folder/);
      expect(await contents(target.db)).toEqual(now);
    } finally {
      if (restored) await restored.close();
      else await target.close();
    }
  });
});

/** A backup of a test database holding one account, to take apart. */
async function smallBackup(): Promise<{ folder: string; source: Database }> {
  const source = await createTestDatabase();
  await createUser(source.db, { username: 'solo' });
  const { folder } = await writeBackup(source, { parentDir: tempDir(), mediaDir: tempDir(), secretKeyFile: null });
  return { folder, source };
}

const rowCount = async (db: Db) => (await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users`))[0]!.n;

describe('restoring', () => {
  it('brings back every value exactly, whatever its type, and computes generated columns again', async () => {
    const table = sql`
      CREATE TABLE backup_types (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        big bigint, amount numeric, ratio double precision, small real, at timestamptz, day date,
        local timestamp, clock time, span interval, tags text[], grid integer[], doc jsonb, raw json,
        bytes bytea, flag boolean, uid uuid, note text,
        doubled bigint GENERATED ALWAYS AS (big * 2) STORED
      )`;
    const source = await createTestDatabase();
    const target = await createTestDatabase();
    try {
      await source.db.execute(table);
      await source.db.execute(sql`
        INSERT INTO backup_types (big, amount, ratio, small, at, day, local, clock, span, tags, grid, doc, raw, bytes,
                                  flag, uid, note)
        VALUES (9007199254740993, 12345678901234567890.123456789012, 0.1, 1.5, '2026-03-08 14:05:00.123456+05:30',
                '2026-03-08', '2026-03-08 14:05:00.5', '14:05:00.25', '1 year 2 days 03:04:05.5',
                '{"a","b c","",NULL,"quo\\"te"}', '{{1,2},{3,4}}', '{"k": [1, "two", null, {"x": 1.10}], "s": "é\\n"}',
                '{"b": 1,  "a": 2}', '\\x00ff10', true, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
                E'tab\\there, newline\\n, backslash \\\\, quote ", emoji 🏎️, separator \\u2028'),
               (-4611686018427387904, 'NaN', 'NaN', '-Infinity', 'infinity', '-infinity', NULL, NULL, '-1 mons', '{}',
                NULL, 'null', '"just a string"', '\\x', false, NULL, ''),
               (NULL, NULL, -0.0, 3.4028235e38, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                NULL)`);
      const { folder } = await writeBackup(source, { parentDir: tempDir(), mediaDir: tempDir(), secretKeyFile: null });
      // The same migrations made the target; this table is made the same way.
      await target.db.execute(table);
      await restoreBackup(target, folder, { mediaDir: tempDir(), secretKeyFile: null });

      const all = sql`SELECT row_to_json(t)::text AS row FROM backup_types t ORDER BY id`;
      const restored = await rowsOf<{ row: string }>(target.db, all);
      expect(restored).toEqual(await rowsOf<{ row: string }>(source.db, all));
      expect(restored).toHaveLength(3);
      const [check] = await rowsOf<{ big: string; doubled: string; json_null: boolean }>(
        target.db,
        sql`SELECT big::text, doubled::text, (SELECT doc = 'null'::jsonb FROM backup_types WHERE id = 2) AS json_null
            FROM backup_types WHERE id = 1`,
      );
      expect(check).toEqual({ big: '9007199254740993', doubled: '18014398509481986', json_null: true });
      const inserted = await rowsOf<{ id: string }>(
        target.db,
        sql`INSERT INTO backup_types (note) VALUES ('after') RETURNING id::text`,
      );
      expect(inserted).toEqual([{ id: '4' }]);
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('refuses a backup made by a newer or an older version of Paddock, before writing anything', async () => {
    const { folder, source } = await smallBackup();
    const target = await createTestDatabase();
    try {
      const file = path.join(folder, 'manifest.json');
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { migrations: { count: number; latest: string } };
      const original = { ...manifest.migrations };
      writeFileSync(
        file,
        JSON.stringify({ ...manifest, migrations: { count: original.count + 1, latest: null, latestAt: 1 } }),
      );
      await expect(restoreBackup(target, folder, { mediaDir: tempDir(), secretKeyFile: null })).rejects.toThrow(
        /made by a newer version of Paddock \(migration .*; this version is at migration .*\): restore it with that version or a later one/,
      );
      writeFileSync(
        file,
        JSON.stringify({ ...manifest, migrations: { count: 1, latest: '0000_init', latestAt: 1795343714482 } }),
      );
      await expect(restoreBackup(target, folder, { mediaDir: tempDir(), secretKeyFile: null })).rejects.toThrow(
        /made by an older version of Paddock \(migration 0000_init; .*\): restore it with the version that made it/,
      );
      expect(await rowCount(target.db)).toBe(0);
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('lands whole or not at all: a damaged file leaves the target empty, to be restored again', async () => {
    const { folder, source } = await smallBackup();
    const target = await createTestDatabase();
    try {
      const file = path.join(folder, 'database', 'users.jsonl.gz');
      const good = readFileSync(file);
      const lines = gunzipSync(good).toString('utf8');
      writeFileSync(file, gzipSync(lines.slice(0, lines.indexOf('\n') + 1).repeat(2)));
      await expect(restoreBackup(target, folder, { mediaDir: tempDir(), secretKeyFile: null })).rejects.toThrow();
      expect(await rowCount(target.db)).toBe(0);
      writeFileSync(file, good.subarray(0, good.length - 20));
      await expect(restoreBackup(target, folder, { mediaDir: tempDir(), secretKeyFile: null })).rejects.toThrow(
        /unexpected end of file/,
      );
      expect(await rowCount(target.db)).toBe(0);

      writeFileSync(file, good);
      await restoreBackup(target, folder, { mediaDir: tempDir(), secretKeyFile: null });
      expect(await contents(target.db)).toEqual(await contents(source.db));
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('says what is missing from a folder that is not a complete backup', async () => {
    const target = await createTestDatabase();
    try {
      const empty = tempDir();
      const restore = (folder: string) => restoreBackup(target, folder, { mediaDir: tempDir(), secretKeyFile: null });
      await expect(restore(path.join(empty, 'nowhere'))).rejects.toThrow(/nowhere does not exist/);
      await expect(restore(empty)).rejects.toThrow(
        /holds no manifest.json: not a Paddock backup, or one that did not finish/,
      );
      writeFileSync(path.join(empty, 'manifest.json'), JSON.stringify({ format: 'paddock-backup/9' }));
      await expect(restore(empty)).rejects.toThrow(
        /of format "paddock-backup\/9"; this version of Paddock reads paddock-backup\/1/,
      );
    } finally {
      await target.close();
    }
  });
});

const run = promisify(execFile);
const serverRoot = path.resolve(import.meta.dirname, '../..');

/** Runs one of the commands as npm does (in the server's folder, INIT_CWD where the user typed it). */
async function command(script: 'backup' | 'restore', args: string[], env: Record<string, string>, cwd: string) {
  const file = path.join(serverRoot, 'src', 'ops', `cli-${script}.ts`);
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', file, ...args], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH, INIT_CWD: cwd, EMBEDDED_DATABASE: 'pglite', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// Each test starts the commands as a user does (npm run, tsx, a database of their own): a loaded CI machine
// has taken over 30 s for the two of the first.
describe('the commands', { timeout: 90_000 }, () => {
  it('back up a data directory into ./backups and restore it into a new one, with its key', async () => {
    const cwd = tempDir();
    const source = await openDatabase({ dataDir: path.join(cwd, 'site'), embedded: 'pglite' });
    await migrateDatabase(source);
    await createUser(source.db, { username: 'cli_fan' });
    await source.close();
    writeFileSync(path.join(cwd, 'site', 'secret_key'), 'k'.repeat(48));

    const backup = await command('backup', [], { DATA_DIR: 'site' }, cwd);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const [name] = readdirSync(path.join(cwd, 'backups'));
    expect(backup.stdout).toContain(`Backup written to ${path.join('backups', name!)} in `);
    expect(backup.stdout).toMatch(/database {2}\d+ tables, 1 row, at migration \d{4}_\w+/);
    expect(backup.stdout).toContain('users 1');
    expect(backup.stdout).toContain('key       the secret key of DATA_DIR');
    expect(statSync(path.join(cwd, 'backups', name!)).mode & 0o777).toBe(0o700);

    const restore = await command('restore', [path.join('backups', name!)], { DATA_DIR: 'copy' }, cwd);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored ${path.join('backups', name!)} into `);
    expect(readFileSync(path.join(cwd, 'copy', 'secret_key'), 'utf8')).toBe('k'.repeat(48));
    const copy = await openDatabase({ dataDir: path.join(cwd, 'copy'), embedded: 'pglite' });
    try {
      expect(await rowsOf(copy.db, sql`SELECT username FROM users`)).toEqual([{ username: 'cli_fan' }]);
    } finally {
      await copy.close();
    }
  });

  it('refuse, with a message and a non-zero exit, a PGlite folder a running site holds, and explain their usage', async () => {
    const cwd = tempDir();
    const site = await openDatabase({ dataDir: path.join(cwd, 'site'), embedded: 'pglite' });
    try {
      const backup = await command('backup', [], { DATA_DIR: 'site' }, cwd);
      expect(backup.stdout).toBe('');
      expect(backup.code).toBe(1);
      expect(backup.stderr).toContain(
        'is in use: embedded PGlite serves one process at a time, so stop the site first',
      );
      expect(existsSync(path.join(cwd, 'backups'))).toBe(false);
    } finally {
      await site.close();
    }
    const usage = await command('restore', [], {}, cwd);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run restore -- <backup folder>');
  });
});
