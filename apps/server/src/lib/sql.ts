import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { Viewer } from './context.ts';

const dialect = new PgDialect();
const names = new Map<string, string>();

/** A statement's name: the same text always gets the same one. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Rows of a raw statement, as a named prepared statement: on PostgreSQL each connection parses and
 * plans a statement once and then reuses its generic plan (plan_cache_mode, decision 010), instead of
 * planning the same joins on every request. Only for statements whose best plan does not depend on the
 * values. PGlite runs it as an ordinary query. Both drivers answer with `{rows}`.
 */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery(built, undefined, statementName(built.sql), false);
  const result: unknown = await prepared.execute();
  return (result as { rows: T[] }).rows;
}

/**
 * `limit n`, written into the statement's text instead of bound as a value. A prepared statement is
 * planned once for every value of its parameters, and for a bound limit the planner must assume a tenth
 * of the table is wanted: it then sorts whole tables where a page needs twenty rows from an index
 * (decision 010). A page size takes few values, so few statements.
 */
export function rowLimit(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row limit: ${n}`);
  return sql.raw(`limit ${n}`);
}

/**
 * SQL: the timestamp `column` as ISO 8601 text in UTC with milliseconds (`2026-11-28T03:00:00.000Z`), as
 * JavaScript writes dates: for text built by the database (an export's rows, json built in SQL).
 */
export const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A raw statement that returns nothing the caller reads, prepared like `selectRows`. */
export async function run(db: Db, query: SQL): Promise<void> {
  await selectRows(db, query);
}

/**
 * Holds a transaction-scoped advisory lock on (`scope`, `key`) until the transaction ends: writes that
 * count, then insert (a per-user limit, a race's event order) take their turns.
 */
export async function lockForTransaction(tx: Db, scope: string, key: number): Promise<void> {
  await run(tx, sql`select pg_advisory_xact_lock(hashtext(${scope}), ${key}::int)`);
}

/**
 * Whether the viewer likes the row whose id is `id`, in the likes table `likes` keyed by `column`. One
 * primary-key probe per row: the `limit 1` keeps the planner from reading all of the viewer's likes into
 * a hash instead, which costs more the more someone likes.
 */
export function likedBy(likes: string, column: string, viewer: number | null, id: SQL): SQL {
  if (viewer === null) return sql`false`;
  return sql`exists (select 1 from ${sql.raw(likes)} l where l.${sql.raw(column)} = ${id} and l.user_id = ${viewer} limit 1)`;
}

/** The unique index a failed write hit, if it was a unique violation (PostgreSQL and PGlite alike). */
export function violatedUniqueIndex(err: unknown): string | null {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const pgError = e as Error & { code?: unknown; constraint?: unknown };
    if (pgError.code === '23505') return typeof pgError.constraint === 'string' ? pgError.constraint : '';
  }
  return null;
}

/** The PostgreSQL error code of a failed statement (PostgreSQL and PGlite alike), if it has one. */
export function pgErrorCode(err: unknown): string | null {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** Whether the error is PostgreSQL's foreign key violation (23503), PGlite's too. */
export const violatesForeignKey = (err: unknown): boolean => pgErrorCode(err) === '23503';

/** PostgreSQL's codes for a transaction it gave up so that others could go on: a deadlock, a serialization failure. */
const RUN_AGAIN_CODES = new Set(['40P01', '40001']);

/** How many times a transaction is run in all when PostgreSQL keeps picking it as the victim. */
const TRANSACTION_ATTEMPTS = 3;

/**
 * About how long a victim waits before it runs again (a random 0.5–1.5 of it, times the attempt): the
 * transaction that won woke when the victim rolled back and takes the rows the victim let go; run again at
 * once, the victim could lock one of them first and make the same deadlock over.
 */
const RUN_AGAIN_AFTER_MS = 20;

/**
 * A transaction, run again (up to `TRANSACTION_ATTEMPTS` in all) when PostgreSQL picks it as a deadlock's
 * victim or refuses it as a serialization failure (decision 032): two requests that lock the same rows in
 * other orders (an account deleted while its reviews are liked) end with one of them refused, a 500 unless
 * it runs again. Every transaction of the modules goes through here, which is safe because a transaction's
 * work is the database's alone: what it sets off beyond (events, files, mail) runs after it commits.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      const code = pgErrorCode(err);
      if (attempt >= TRANSACTION_ATTEMPTS || code === null || !RUN_AGAIN_CODES.has(code)) throw err;
    }
    await sleep(RUN_AGAIN_AFTER_MS * attempt * (0.5 + Math.random()));
  }
}

/**
 * How many rows `select 1 from …` (the statement's `from` and `where`, without `select`) finds, counting
 * no further than `max`: a badge that shows "99+" never needs more, and the index scan stops there.
 */
export async function countUpTo(db: Db, fromWhere: SQL, max: number): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from (select 1 from ${fromWhere} ${rowLimit(max)}) capped`,
  );
  return row?.count ?? 0;
}

/**
 * SQL: the row `alias` (a review, a thought, a comment: `hidden_at`, `user_id`) is not hidden by moderators,
 * or it is the viewer's own (decision 031).
 */
export function notHiddenFrom(viewer: Viewer, alias: string): SQL {
  const row = (column: string) => sql.raw(`${alias}.${column}`);
  return viewer === null
    ? sql`(${row('hidden_at')} is null)`
    : sql`(${row('hidden_at')} is null or ${row('user_id')} = ${viewer})`;
}

/** `unnest(ids, counts) x(id, n)`: a map of counts by id as rows, for an `update … from` of many rows at once. */
export const countsById = (counts: ReadonlyMap<number, number>) =>
  sql`unnest(${sql.param([...counts.keys()])}::int[], ${sql.param([...counts.values()])}::int[]) x(id, n)`;
