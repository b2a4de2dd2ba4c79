import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import {
  chassis,
  driverOfTheDay,
  engineManufacturers,
  engines,
  entrants,
  pitStops,
  sessionResults,
  tyreManufacturers,
  circuits,
  constructorStandings,
  constructors,
  countries,
  driverStandings,
  drivers,
  fastestLaps,
  grandsPrix,
  qualifyingResults,
  raceResults,
  races,
  seasonDrivers,
  seasons,
  startingGrid,
} from '../db/schema/f1.ts';
import { F1_TABLE_KEYS, type F1Data, type F1TableKey } from './types.ts';

/*
 * Writes F1 records with multi-row INSERT ... SELECT FROM json_to_recordset(...) ON CONFLICT DO UPDATE:
 * one statement per batch, the same on PGlite and PostgreSQL, and fast enough to load all of F1
 * history in seconds. Rows that did not change are left alone (the UPDATE's WHERE), so re-running an
 * import reports them as unchanged and touches nothing.
 */

export interface TableReport {
  inserted: number;
  updated: number;
  unchanged: number;
  deleted: number;
}

/** Per table (database name), in import order. */
export type ImportReport = Record<string, TableReport>;

interface TableSpec {
  table: PgTable;
  /** Database columns that identify a row; the ON CONFLICT target. */
  key: string[];
  /** The conflict target when it is an expression index rather than the key columns. */
  conflictTarget?: string;
  /**
   * Rows of a group (a race's classification, a season's entries) are replaced as a whole: rows of a
   * group present in the data but absent from it are deleted. Groups the data does not mention are
   * left alone, so an older F1DB tree never erases results that the Jolpica sync added since.
   */
  group?: string[];
  /** Columns never written by the importer (identity ids, bookkeeping). */
  skip?: string[];
  /** How a changed row's column is set, when not simply to the incoming value. */
  setExpr?: Record<string, string>;
  /** Extra assignments on update (bookkeeping that does not count as a change). */
  touch?: Record<string, string>;
}

const SPECS: Record<F1TableKey, TableSpec> = {
  countries: { table: countries, key: ['id'] },
  circuits: { table: circuits, key: ['id'] },
  grandsPrix: { table: grandsPrix, key: ['id'] },
  seasons: { table: seasons, key: ['year'] },
  drivers: { table: drivers, key: ['id'] },
  constructors: { table: constructors, key: ['id'] },
  engineManufacturers: { table: engineManufacturers, key: ['id'] },
  tyreManufacturers: { table: tyreManufacturers, key: ['id'] },
  entrants: { table: entrants, key: ['id'] },
  chassis: { table: chassis, key: ['id'] },
  engines: { table: engines, key: ['id'] },
  races: {
    table: races,
    key: ['id'],
    skip: ['updated_at'],
    // The sync may have found results that this (older) tree lacks; a flag once set stays set.
    setExpr: { has_results: 'races.has_results OR excluded.has_results' },
    touch: { updated_at: 'now()' },
  },
  seasonDrivers: { table: seasonDrivers, key: ['year', 'constructor_id', 'driver_id'], group: ['year'] },
  raceResults: { table: raceResults, key: ['race_id', 'session', 'position_order'], group: ['race_id', 'session'] },
  qualifyingResults: { table: qualifyingResults, key: ['race_id', 'position_order'], group: ['race_id'] },
  startingGrid: { table: startingGrid, key: ['race_id', 'session', 'position_order'], group: ['race_id', 'session'] },
  fastestLaps: { table: fastestLaps, key: ['race_id', 'position_order'], group: ['race_id'] },
  sessionResults: {
    table: sessionResults,
    key: ['race_id', 'session', 'position_order'],
    group: ['race_id', 'session'],
  },
  pitStops: { table: pitStops, key: ['race_id', 'position_order'], group: ['race_id'] },
  driverOfTheDay: { table: driverOfTheDay, key: ['race_id', 'position_order'], group: ['race_id'] },
  driverStandings: {
    table: driverStandings,
    key: ['year', 'race_id', 'position_order'],
    conflictTarget: '(year, (coalesce(race_id, 0)), position_order)',
    group: ['year', 'race_id'],
    skip: ['id'],
  },
  constructorStandings: {
    table: constructorStandings,
    key: ['year', 'race_id', 'position_order'],
    conflictTarget: '(year, (coalesce(race_id, 0)), position_order)',
    group: ['year', 'race_id'],
    skip: ['id'],
  },
};

/** The table each F1 record list is written to. */
export function f1TableOf(key: F1TableKey): PgTable {
  return SPECS[key].table;
}

/** Nullable key columns (standings' race_id) compare through coalesce so NULL matches NULL. */
const NULLABLE_KEYS = new Set(['race_id']);

const BATCH_ROWS = 5000;

type Executor = Pick<Db, 'execute'>;

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const res: unknown = await db.execute(query);
  return (res as { rows: T[] }).rows;
}

interface Column {
  prop: string;
  name: string;
  type: string;
}

function columnsOf(spec: TableSpec): Column[] {
  return Object.entries(getTableColumns(spec.table))
    .filter(([, c]) => !spec.skip?.includes(c.name))
    .map(([prop, c]) => ({ prop, name: c.name, type: c.getSQLType() }));
}

const q = (name: string) => `"${name}"`;

function recordsetDef(cols: Column[]): string {
  return cols.map((c) => `${q(c.name)} ${c.type}`).join(', ');
}

function toJsonRows(rows: readonly object[], cols: Column[]): string {
  return JSON.stringify(
    rows.map((r) => {
      const o: Record<string, unknown> = {};
      for (const c of cols) o[c.name] = (r as Record<string, unknown>)[c.prop] ?? null;
      return o;
    }),
  );
}

function keyEq(a: string, b: string, col: string): string {
  return NULLABLE_KEYS.has(col)
    ? `coalesce(${a}.${q(col)}, 0) = coalesce(${b}.${q(col)}, 0)`
    : `${a}.${q(col)} = ${b}.${q(col)}`;
}

function keyString(row: Record<string, unknown>, cols: Column[]): string {
  return JSON.stringify(cols.map((c) => row[c.prop] ?? null));
}

async function insertBatch(db: Executor, spec: TableSpec, cols: Column[], rows: readonly object[]) {
  const table = getTableName(spec.table);
  const names = cols.map((c) => q(c.name)).join(', ');
  await db.execute(
    sql`INSERT INTO ${sql.raw(q(table))} (${sql.raw(names)})
        SELECT ${sql.raw(names)} FROM json_to_recordset(${toJsonRows(rows, cols)}::json) AS x(${sql.raw(recordsetDef(cols))})`,
  );
  return { inserted: rows.length, updated: 0 };
}

async function upsertBatch(db: Executor, spec: TableSpec, cols: Column[], rows: readonly object[]) {
  const table = getTableName(spec.table);
  const names = cols.map((c) => q(c.name)).join(', ');
  const valueCols = cols.filter((c) => !spec.key.includes(c.name));
  const exprOf = (c: Column) => spec.setExpr?.[c.name] ?? `excluded.${q(c.name)}`;
  const target = spec.conflictTarget ?? `(${spec.key.map(q).join(', ')})`;
  const onConflict =
    valueCols.length === 0
      ? `ON CONFLICT ${target} DO NOTHING`
      : `ON CONFLICT ${target} DO UPDATE SET ${[
          ...valueCols.map((c) => `${q(c.name)} = ${exprOf(c)}`),
          ...Object.entries(spec.touch ?? {}).map(([col, expr]) => `${q(col)} = ${expr}`),
        ].join(', ')}
        WHERE (${valueCols.map((c) => `${table}.${q(c.name)}`).join(', ')}) IS DISTINCT FROM
              (${valueCols.map(exprOf).join(', ')})`;
  const [res] = await rowsOf<{ inserted: number; updated: number }>(
    db,
    sql`WITH up AS (
      INSERT INTO ${sql.raw(q(table))} (${sql.raw(names)})
      SELECT ${sql.raw(names)} FROM json_to_recordset(${toJsonRows(rows, cols)}::json) AS x(${sql.raw(recordsetDef(cols))})
      ${sql.raw(onConflict)}
      RETURNING (xmax = 0) AS inserted
    )
    SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS updated FROM up`,
  );
  return { inserted: res?.inserted ?? 0, updated: res?.updated ?? 0 };
}

/** Deletes rows of the groups present in `rows` whose key is not among `rows`. */
async function deleteStale(db: Executor, spec: TableSpec, cols: Column[], rows: readonly object[]): Promise<number> {
  if (!spec.group || rows.length === 0) return 0;
  const table = getTableName(spec.table);
  const keyCols = spec.key.map((k) => cols.find((c) => c.name === k)!);
  const groupCols = spec.group;
  const [res] = await rowsOf<{ deleted: number }>(
    db,
    sql`WITH k AS (
      SELECT * FROM json_to_recordset(${toJsonRows(rows, keyCols)}::json) AS x(${sql.raw(recordsetDef(keyCols))})
    ), g AS (
      SELECT DISTINCT ${sql.raw(groupCols.map(q).join(', '))} FROM k
    ), gone AS (
      DELETE FROM ${sql.raw(q(table))} t USING g
      WHERE ${sql.raw(groupCols.map((c) => keyEq('t', 'g', c)).join(' AND '))}
        AND NOT EXISTS (SELECT 1 FROM k WHERE ${sql.raw(spec.key.map((c) => keyEq('k', 't', c)).join(' AND '))})
      RETURNING 1
    )
    SELECT count(*)::int AS deleted FROM gone`,
  );
  return res?.deleted ?? 0;
}

async function importTable(
  db: Executor,
  key: F1TableKey,
  rows: readonly object[],
  fresh: boolean,
): Promise<TableReport> {
  const spec = SPECS[key];
  const cols = columnsOf(spec);
  const keyCols = spec.key.map((k) => cols.find((c) => c.name === k)!);
  const seen = new Set<string>();
  for (const r of rows) {
    const k = keyString(r as Record<string, unknown>, keyCols);
    if (seen.has(k)) throw new Error(`Duplicate ${getTableName(spec.table)} row ${k} in the import data`);
    seen.add(k);
  }
  const report: TableReport = { inserted: 0, updated: 0, unchanged: 0, deleted: 0 };
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const batch = rows.slice(i, i + BATCH_ROWS);
    const { inserted, updated } = await (fresh ? insertBatch : upsertBatch)(db, spec, cols, batch);
    report.inserted += inserted;
    report.updated += updated;
    report.unchanged += batch.length - inserted - updated;
  }
  if (!fresh) report.deleted = await deleteStale(db, spec, cols, rows);
  return report;
}

/**
 * Every foreign key among the F1 tables, checked against the data itself: the values a row points to
 * must be among the rows being imported. Returns one line per dangling reference (at most 20).
 */
export function danglingReferences(data: Partial<F1Data>): string[] {
  const keyOf = new Map<PgTable, F1TableKey>(F1_TABLE_KEYS.map((k) => [SPECS[k].table, k]));
  const propOf = (table: PgTable, name: string) =>
    Object.entries(getTableColumns(table)).find(([, c]) => c.name === name)?.[0] ?? name;
  const problems: string[] = [];
  for (const key of F1_TABLE_KEYS) {
    const rows = data[key] as readonly Record<string, unknown>[] | undefined;
    if (!rows?.length) continue;
    const table = SPECS[key].table;
    for (const fk of getTableConfig(table).foreignKeys) {
      const ref = fk.reference();
      const parentKey = keyOf.get(ref.foreignTable);
      const column = ref.columns[0];
      const foreign = ref.foreignColumns[0];
      if (!parentKey || !column || !foreign || ref.columns.length !== 1) {
        problems.push(`${getTableName(table)}: cannot check a reference outside the F1 data`);
        continue;
      }
      const parentRows = (data[parentKey] ?? []) as readonly Record<string, unknown>[];
      const parentProp = propOf(ref.foreignTable, foreign.name);
      const known = new Set(parentRows.map((r) => r[parentProp]));
      const prop = propOf(table, column.name);
      for (const r of rows) {
        const v = r[prop];
        if (v !== null && v !== undefined && !known.has(v)) {
          problems.push(
            `${getTableName(table)}.${column.name} = ${JSON.stringify(v)} has no ${getTableName(ref.foreignTable)} row`,
          );
          if (problems.length >= 20) return problems;
        }
      }
    }
  }
  return problems;
}

export interface ImportOptions {
  /** Progress lines (one per table), for the CLI. */
  log?: (line: string) => void;
  /**
   * The F1 tables are known to be empty (a first start): plain INSERTs, no conflict handling and no
   * stale-row pass. Should they not be, the primary keys make the import fail rather than duplicate.
   */
  fresh?: boolean;
}

/**
 * Upserts every table present in `data`, in foreign-key order, in one transaction: an import either
 * lands whole or not at all. Tables left out of a partial `data` are not touched.
 */
export async function importF1Data(db: Db, data: Partial<F1Data>, options: ImportOptions = {}): Promise<ImportReport> {
  const report: ImportReport = {};
  if (options.fresh) {
    const dangling = danglingReferences(data);
    if (dangling.length > 0) throw new Error(`The F1 data is inconsistent:\n  ${dangling.join('\n  ')}`);
  }
  await db.transaction(async (tx) => {
    if (options.fresh) {
      // References were checked above, so the per-row foreign-key triggers (half the cost of a first
      // load) can be skipped for this transaction where the role may do so (PGlite's always can).
      const [role] = await rowsOf<{ superuser: boolean }>(
        tx,
        sql`SELECT current_setting('is_superuser') = 'on' AS superuser`,
      );
      if (role?.superuser) await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    }
    for (const key of F1_TABLE_KEYS) {
      const rows = data[key];
      if (!rows) continue;
      const started = Date.now();
      const r = await importTable(tx, key, rows, options.fresh ?? false);
      report[getTableName(SPECS[key].table)] = r;
      options.log?.(`${getTableName(SPECS[key].table)}: ${formatTableReport(r)} (${Date.now() - started} ms)`);
    }
    // A classification makes a race complete, whoever wrote it (this import or an earlier sync).
    const raceIds = [...new Set((data.raceResults ?? []).filter((r) => r.session === 'RACE').map((r) => r.raceId))];
    if (raceIds.length > 0) {
      const flagged = await rowsOf<{ id: number }>(
        tx,
        sql`UPDATE ${races} SET has_results = true, updated_at = now()
            WHERE id IN (SELECT value::int FROM json_array_elements_text(${JSON.stringify(raceIds)}::json))
              AND NOT has_results
            RETURNING id`,
      );
      const racesReport = report.races;
      if (racesReport && flagged.length > 0) {
        racesReport.updated += flagged.length;
        racesReport.unchanged = Math.max(0, racesReport.unchanged - flagged.length);
      } else if (flagged.length > 0) {
        report.races = { inserted: 0, updated: flagged.length, unchanged: 0, deleted: 0 };
      }
    }
  });
  return report;
}

export function formatTableReport(r: TableReport): string {
  return `${r.inserted} inserted, ${r.updated} updated, ${r.unchanged} unchanged, ${r.deleted} deleted`;
}

/** A report as aligned text lines, for the command-line tools. */
export function formatImportReport(report: ImportReport): string {
  const width = Math.max(...Object.keys(report).map((k) => k.length), 5);
  const lines = Object.entries(report).map(([table, r]) => `  ${table.padEnd(width)}  ${formatTableReport(r)}`);
  const total = Object.values(report).reduce(
    (t, r) => ({
      inserted: t.inserted + r.inserted,
      updated: t.updated + r.updated,
      unchanged: t.unchanged + r.unchanged,
      deleted: t.deleted + r.deleted,
    }),
    { inserted: 0, updated: 0, unchanged: 0, deleted: 0 },
  );
  lines.push(`  ${'total'.padEnd(width)}  ${formatTableReport(total)}`);
  return lines.join('\n');
}

/** True when the report records any change. */
export function reportHasChanges(report: ImportReport): boolean {
  return Object.values(report).some((r) => r.inserted + r.updated + r.deleted > 0);
}
