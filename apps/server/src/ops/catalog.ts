import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/*
 * What a backup carries and a restore fills, read from PostgreSQL's catalog rather than listed by hand:
 * every table of the app's schema (the migrations made them all), so a table a later migration adds is
 * backed up without a change here. Backup and restore are the one place that reads and writes every
 * module's tables (docs/decisions/022-backups.md), and only as whole rows.
 */

/** The schema the migrations create the app's tables in. */
const APP_SCHEMA = 'public';

type Executor = Pick<Db, 'execute'>;

export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const res: unknown = await db.execute(query);
  return (res as { rows: T[] }).rows;
}

/** The app's tables by name (partitions are read and written through their parent). */
export async function appTables(db: Executor): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c
        WHERE c.relnamespace = ${APP_SCHEMA}::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

export interface Column {
  name: string;
  /** As format_type writes it (`timestamp with time zone`, `text[]`), for a cast. */
  type: string;
}

/** A table's columns a row can be written into: generated columns are computed, never inserted. */
export async function storedColumns(db: Executor, table: string): Promise<Column[]> {
  return rowsOf<Column>(
    db,
    sql`SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
        WHERE a.attrelid = ${qualified(table)}::regclass AND a.attnum > 0 AND NOT a.attisdropped
          AND a.attgenerated = ''
        ORDER BY a.attnum`,
  );
}

/**
 * Fixes, for the transaction, the text forms of the values whose form depends on settings, as pg_dump
 * does: what a backup writes reads back the same in any session, on any server.
 */
export async function fixTextForms(db: Executor): Promise<void> {
  for (const setting of [
    "DateStyle = 'ISO, YMD'",
    "IntervalStyle = 'postgres'",
    "TimeZone = 'UTC'",
    'extra_float_digits = 3',
    "bytea_output = 'hex'",
  ]) {
    await db.execute(sql.raw(`SET LOCAL ${setting}`));
  }
}

export interface SequencePosition {
  table: string;
  column: string;
  /** The last value handed out (as text: a bigint), or null when none was yet. */
  lastValue: string | null;
}

/** Every identity or serial column and how far its sequence has gone. */
export async function sequencePositions(db: Executor): Promise<SequencePosition[]> {
  return rowsOf<SequencePosition>(
    db,
    sql`SELECT "table", "column", pg_sequence_last_value(sequence::regclass)::text AS "lastValue"
        FROM (SELECT c.relname AS "table", a.attname AS "column", a.attnum,
                     pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) AS sequence
              FROM pg_attribute a
              JOIN pg_class c ON c.oid = a.attrelid
              JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = ${APP_SCHEMA} AND c.relkind IN ('r', 'p') AND NOT c.relispartition
                AND a.attnum > 0 AND NOT a.attisdropped) col
        WHERE sequence IS NOT NULL
        ORDER BY "table", attnum`,
  );
}

/**
 * Moves a column's sequence to the backup's position, or to the column's highest value if that is
 * further: the next row gets an id no row had before, not even one deleted before the backup. A
 * sequence that had handed nothing out and a column with no rows are left as they are.
 */
export async function setSequence(db: Executor, position: SequencePosition): Promise<void> {
  const { table, column, lastValue } = position;
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence(${qualified(table)}, ${column}),
                      greatest(${lastValue}::bigint, (SELECT max(${sql.identifier(column)}) FROM ${tableRef(table)})))`,
  );
}

export interface ForeignKey {
  table: string;
  name: string;
  /** As pg_get_constraintdef writes it: `FOREIGN KEY (…) REFERENCES …`. */
  definition: string;
}

export async function foreignKeys(db: Executor): Promise<ForeignKey[]> {
  return rowsOf<ForeignKey>(
    db,
    sql`SELECT c.relname AS "table", k.conname AS name, pg_get_constraintdef(k.oid) AS definition
        FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
        WHERE k.contype = 'f' AND c.relnamespace = ${APP_SCHEMA}::regnamespace
        ORDER BY c.relname, k.conname`,
  );
}

export async function dropForeignKey(db: Executor, key: ForeignKey): Promise<void> {
  await db.execute(sql`ALTER TABLE ${tableRef(key.table)} DROP CONSTRAINT ${sql.identifier(key.name)}`);
}

/** Adds a foreign key again; PostgreSQL checks every row against it, in one pass per key. */
export async function addForeignKey(db: Executor, key: ForeignKey): Promise<void> {
  await db.execute(
    sql`ALTER TABLE ${tableRef(key.table)} ADD CONSTRAINT ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
  );
}

/** The tables of `tables` that hold at least one row. */
export async function tablesWithRows(db: Executor, tables: readonly string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const checks = tables.map((t) => sql`SELECT ${t}::text AS name WHERE EXISTS (SELECT 1 FROM ${tableRef(t)})`);
  const rows = await rowsOf<{ name: string }>(db, sql.join(checks, sql` UNION ALL `));
  return rows.map((r) => r.name);
}

/** `"schema"."table"`, for FROM and INSERT INTO. */
export const tableRef = (table: string): SQL => sql`${sql.identifier(APP_SCHEMA)}.${sql.identifier(table)}`;

/** `"schema"."table"` as text, for ::regclass and pg_get_serial_sequence. */
const qualified = (table: string): string => [APP_SCHEMA, table].map((n) => `"${n.replace(/"/g, '""')}"`).join('.');
