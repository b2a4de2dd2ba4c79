import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';
import { inTransaction, pgErrorCode, selectRows } from '../../src/lib/sql.ts';

/*
 * Transactions on a PostgreSQL pool give their connection back whatever fails (decision 019). A BEGIN
 * that fails because the pooled connection died while it sat idle (what a database restart leaves
 * behind) used to leak the connection for good; ten of them and every request waited for a free one
 * until it timed out, long after the database was back.
 */

let dir: string;
let database: Database;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'paddock-tx-'));
  database = await openDatabase({ dataDir: dir, embedded: 'postgres', takeOver: true, log: () => undefined });
  await database.db.execute(sql`create table laps (n int)`);
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const DEAD = 'Client has encountered a connection error and is not queryable';
const textOf = (query: unknown) => (typeof query === 'string' ? query : (query as { text?: string }).text);

/** Makes the next `count` BEGINs fail as they do on a connection that died while idle. */
function failBegins(count: number) {
  let left = count;
  const query = Reflect.get(pg.Client.prototype, 'query') as (...args: unknown[]) => unknown;
  const failing = function (this: pg.Client, ...args: unknown[]): unknown {
    if (left > 0 && textOf(args[0])?.trim().toLowerCase() === 'begin') {
      left -= 1;
      return Promise.reject(new Error(DEAD));
    }
    return query.apply(this, args);
  };
  return vi.spyOn(pg.Client.prototype, 'query').mockImplementation(failing);
}

const insert = (n: number) =>
  database.db.transaction(async (tx) => void (await tx.execute(sql`insert into laps values (${n})`)));

describe('a pooled transaction', () => {
  it('gives back a connection whose BEGIN failed, so the pool never runs dry', async () => {
    const spy = failBegins(12);
    try {
      // More failures than the pool has connections (10).
      for (let i = 0; i < 12; i++) {
        const failed = await insert(i).catch((err: unknown) => err);
        expect(isDatabaseUnavailable(failed), String(failed)).toBe(true);
      }
    } finally {
      spy.mockRestore();
    }
    await insert(44);
    const rows = await selectRows<{ n: number }>(database.db, sql`select n from laps`);
    expect(rows).toEqual([{ n: 44 }]);
  });

  it('rolls back and gives back its connection when the work fails, answering with the work error', async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into laps values (1)`);
        throw new Error('a rule said no');
      })
      .catch((err: unknown) => err);
    expect((failure as Error).message).toBe('a rule said no');
    for (let i = 0; i < 12; i++) await insert(100 + i);
    const rows = await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from laps where n = 1`);
    expect(rows[0]!.n).toBe(0);
  });

  it('takes its isolation level and access mode', async () => {
    const level = await database.db.transaction(
      async (tx) => selectRows<{ level: string }>(tx, sql`select current_setting('transaction_isolation') as level`),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    expect(level).toEqual([{ level: 'repeatable read' }]);
    const readOnly = await database.db
      .transaction(async (tx) => tx.execute(sql`insert into laps values (7)`), { accessMode: 'read only' })
      .catch((err: unknown) => err);
    expect(String((readOnly as { cause?: unknown }).cause ?? readOnly)).toMatch(/read-only transaction/);
  });
});

describe('a transaction PostgreSQL gives up (inTransaction, decision 032)', () => {
  beforeAll(async () => {
    await database.db.execute(sql`create table cars (id int primary key, laps int not null)`);
    await database.db.execute(sql`insert into cars values (1, 0), (2, 0)`);
  });

  const lapsOf = async () =>
    (await selectRows<{ laps: number }>(database.db, sql`select laps from cars order by id`)).map((r) => r.laps);

  it('runs a deadlock victim again: two that lock the same rows in other orders both commit, each once', async () => {
    let runs = 0;
    let firstLocks = 0;
    let bothLocked!: () => void;
    const locked = new Promise<void>((resolve) => (bothLocked = resolve));
    const lapBoth = (first: number, second: number) =>
      inTransaction(database.db, async (tx) => {
        runs += 1;
        await tx.execute(sql`update cars set laps = laps + 1 where id = ${first}`);
        // Each holds its first row before either asks for its second: PostgreSQL must pick a victim.
        if (++firstLocks === 2) bothLocked();
        await locked;
        await tx.execute(sql`update cars set laps = laps + 1 where id = ${second}`);
      });
    await Promise.all([lapBoth(1, 2), lapBoth(2, 1)]);
    // One ran again at least (without that, Promise.all rejects with the deadlock); each committed once.
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(await lapsOf()).toEqual([2, 2]);
  });

  it('gives up after three runs, answering with PostgreSQL’s refusal', async () => {
    let runs = 0;
    const refused = await inTransaction(database.db, async (tx) => {
      runs += 1;
      await tx.execute(sql`update cars set laps = laps + 1 where id = 1`);
      await tx.execute(sql`do $$ begin raise exception 'could not serialize' using errcode = '40001'; end $$`);
    }).catch((err: unknown) => err);
    expect(runs).toBe(3);
    expect(pgErrorCode(refused)).toBe('40001');
    expect(await lapsOf()).toEqual([2, 2]);
  });

  it('runs a transaction that fails for any other reason once', async () => {
    let runs = 0;
    const refused = await inTransaction(database.db, async (tx) => {
      runs += 1;
      await tx.execute(sql`insert into cars values (1, 0)`);
    }).catch((err: unknown) => err);
    expect(runs).toBe(1);
    expect(pgErrorCode(refused)).toBe('23505');
  });
});
