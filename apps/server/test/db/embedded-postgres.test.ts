import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { embeddedBinaries } from '../../src/db/embedded-postgres.ts';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';
import { selectRows } from '../../src/lib/sql.ts';

/*
 * The embedded default database (decision 018): a PostgreSQL server started from the npm packages'
 * binaries in DATA_DIR/postgres, kept across restarts, joined by a second process (a command-line tool
 * while the site runs), taken over after its owner was killed, and never in the way of PGlite data.
 */

const dirs: string[] = [];
const opened: Database[] = [];
afterEach(async () => {
  for (const d of opened.splice(0).reverse()) await d.close().catch(() => undefined);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'paddock-embedded-'));
  dirs.push(dir);
  return dir;
}

const messages: string[] = [];
async function open(dir: string, takeOver = true): Promise<Database> {
  const db = await openDatabase({ dataDir: dir, embedded: 'postgres', takeOver, log: (m) => messages.push(m) });
  opened.push(db);
  return db;
}

const serverPid = (dir: string) =>
  Number(readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const count = async (db: Database) =>
  (await selectRows<{ n: number }>(db.db, sql`select count(*)::int as n from laps`))[0]!.n;

describe('the embedded PostgreSQL server', () => {
  it('has binaries for this platform', async () => {
    expect(await embeddedBinaries()).not.toBeNull();
  });

  it('starts in an empty folder, keeps what was written across a restart, and stops with its owner', async () => {
    const dir = dataDir();
    const first = await open(dir);
    expect(first.kind).toBe('postgres');
    expect(first.location).toBe(`embedded PostgreSQL in ${path.join(dir, 'postgres')}`);
    const version = await selectRows<{ v: string }>(first.db, sql`select current_setting('server_version_num') as v`);
    expect(Number(version[0]!.v)).toBeGreaterThanOrEqual(180000);
    await first.db.execute(sql`create table laps (n int)`);
    await first.db.execute(sql`insert into laps values (1), (2), (3)`);
    const pid = serverPid(dir);
    await first.close();
    opened.pop();
    expect(running(pid)).toBe(false);

    const again = await open(dir);
    expect(await count(again)).toBe(3);
  });

  it('is joined, not stopped, by a second process of the same folder', async () => {
    const dir = dataDir();
    const site = await open(dir);
    await site.db.execute(sql`create table laps (n int)`);
    const tool = await open(dir, false);
    await tool.db.execute(sql`insert into laps values (44)`);
    await tool.close();
    opened.splice(opened.indexOf(tool), 1);
    expect(await count(site)).toBe(1);
  });

  it('is taken over by the next start when the process that started it was killed', async () => {
    const dir = dataDir();
    // A tool starts the server with no site running; it does not stop it, as a killed process would not.
    const killed = await openDatabase({ dataDir: dir, embedded: 'postgres', log: () => undefined });
    await killed.db.execute(sql`create table laps (n int)`);
    const pid = serverPid(dir);
    messages.length = 0;
    const next = await open(dir);
    expect(messages).toEqual([`took over the embedded PostgreSQL server left running (pid ${pid})`]);
    expect(await count(next)).toBe(0);
    await next.close();
    opened.pop();
    expect(running(pid)).toBe(false);
    await killed.close().catch(() => undefined);
  });

  it('starts its server again when it is killed, and the pool serves again with nothing lost', async () => {
    const dir = dataDir();
    messages.length = 0;
    const site = await open(dir);
    await site.db.execute(sql`create table laps (n int)`);
    await site.db.execute(sql`insert into laps values (1), (2)`);
    const pid = serverPid(dir);
    const killedAt = Date.now();
    process.kill(pid, 'SIGKILL');
    while (running(pid)) await new Promise((r) => setTimeout(r, 20));

    // Queries fail as "unavailable" (a 503 for a request) until the server is back.
    let n: number | null = null;
    while (n === null && Date.now() - killedAt < 30_000) {
      try {
        n = await count(site);
      } catch (err) {
        expect(isDatabaseUnavailable(err), String(err)).toBe(true);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    expect(n).toBe(2);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(serverPid(dir)).not.toBe(pid);
    expect(messages).toContain(
      `the embedded PostgreSQL server (pid ${pid}) stopped (SIGKILL); restarting it in 0.5 s (1 of 5)`,
    );
    // The supervisor says so once its own check of the new server has passed.
    const again = () => messages.filter((m) => m.startsWith('the embedded PostgreSQL server is running again'));
    for (let i = 0; i < 50 && again().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(again()).toHaveLength(1);

    // The restarted server is the site's own: it stops with the site.
    const restarted = serverPid(dir);
    await site.close();
    opened.pop();
    expect(running(restarted)).toBe(false);
  });

  it('gives up, saying why, when its server keeps dying', async () => {
    const dir = dataDir();
    const reasons: string[] = [];
    const site = await openDatabase({
      dataDir: dir,
      embedded: 'postgres',
      takeOver: true,
      log: () => undefined,
      onGiveUp: (reason) => reasons.push(reason),
      supervision: { restartDelaysMs: [200], maxDeaths: 2, windowMs: 60_000 },
    });
    opened.push(site);
    const port = Number(readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
    process.kill(serverPid(dir), 'SIGKILL');
    // Someone else takes the port: every restart fails.
    const squatter = createServer((socket) => socket.destroy());
    for (let attempt = 0; !squatter.listening; attempt++) {
      await new Promise<void>((resolve) => {
        squatter.once('error', () => setTimeout(resolve, 20));
        squatter.listen(port, '127.0.0.1', resolve);
      });
      expect(attempt).toBeLessThan(100);
    }
    try {
      const deadline = Date.now() + 20_000;
      while (reasons.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toMatch(
        /^the embedded PostgreSQL server could not be restarted \(.*\): 3 stops within 1 min, giving up on it$/,
      );
    } finally {
      squatter.close();
    }
  });

  it('keeps using the PGlite data a folder already holds', async () => {
    const dir = dataDir();
    mkdirSync(path.join(dir, 'pglite'));
    messages.length = 0;
    const db = await open(dir);
    expect(db.kind).toBe('pglite');
    expect(messages[0]).toMatch(/holds PGlite data: using it/);
    expect(existsSync(path.join(dir, 'postgres'))).toBe(false);
  });
});
