import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { embeddedBinaries } from '../../src/db/embedded-postgres.ts';
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
