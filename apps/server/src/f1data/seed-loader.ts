import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { circuits, constructors, countries, drivers, grandsPrix, races, seasons } from '../db/schema/f1.ts';
import { f1TableOf, importF1Data } from './importer.ts';
import { readSeed, SEED_FILE } from './seed.ts';
import { F1_TABLE_KEYS, type F1TableKey } from './types.ts';

/** No row in any F1 table: the seed may take the bulk path. */
async function f1TablesEmpty(db: Db): Promise<boolean> {
  const tables = [countries, circuits, grandsPrix, seasons, drivers, constructors, races];
  const checks = tables.map((t) => sql`NOT EXISTS (SELECT 1 FROM ${t})`);
  const res: unknown = await db.execute(sql`SELECT ${sql.join(checks, sql` AND `)} AS empty`);
  return (res as { rows: { empty: boolean }[] }).rows[0]?.empty ?? false;
}

export interface SeedLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface SeedLoadResult {
  loaded: boolean;
  ms: number;
  rows: number;
}

/** The F1 tables without a row, in one statement. */
async function emptyF1Tables(db: Db): Promise<F1TableKey[]> {
  const checks = F1_TABLE_KEYS.map((k) => sql`NOT EXISTS (SELECT 1 FROM ${f1TableOf(k)}) AS ${sql.identifier(k)}`);
  const res: unknown = await db.execute(sql`SELECT ${sql.join(checks, sql`, `)}`);
  const row = (res as { rows: Record<string, boolean>[] }).rows[0] ?? {};
  return F1_TABLE_KEYS.filter((k) => row[k]);
}

async function hasRaces(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ any: sql<number>`1` })
    .from(races)
    .limit(1);
  return row !== undefined;
}

/**
 * Loads the committed F1 seed when the database has no races yet (a first start), through the
 * importer (its bulk path when every F1 table is empty). A database an older release filled lacks the
 * tables a newer seed brings (pit stops, practice...): the seed is imported over it then, which writes
 * only the rows that are new or changed and leaves the races the seed does not know (the sync's) alone.
 */
export async function loadSeedIfEmpty(db: Db, log: SeedLog, file: string = SEED_FILE): Promise<SeedLoadResult> {
  const upgrade = (await hasRaces(db)) ? await emptyF1Tables(db) : null;
  if (upgrade !== null && upgrade.length === 0) return { loaded: false, ms: 0, rows: 0 };
  if (!existsSync(file)) {
    if (upgrade === null)
      log.warn(`F1 seed ${file} not found: starting without Formula 1 data (run npm run f1:import)`);
    return { loaded: false, ms: 0, rows: 0 };
  }
  const started = Date.now();
  const { header, data } = readSeed(file);
  if (upgrade !== null && !upgrade.some((k) => data[k].length > 0)) return { loaded: false, ms: 0, rows: 0 };
  let report;
  try {
    report = await importF1Data(db, data, { fresh: upgrade === null && (await f1TablesEmpty(db)) });
  } catch (err) {
    // Another instance starting on the same PostgreSQL got there first; its seed is the same.
    if (upgrade === null && (await hasRaces(db))) return { loaded: false, ms: Date.now() - started, rows: 0 };
    throw err;
  }
  // PGlite runs no autovacuum: without this the planner would not know the tables' sizes and every
  // search would scan the trigram indexes' pending lists of freshly inserted rows.
  await db.execute(sql`VACUUM ANALYZE`);
  const rows = Object.values(report).reduce((n, r) => n + r.inserted + r.updated, 0);
  const ms = Date.now() - started;
  const upTo = header.resultsUpTo ? `, results up to ${header.resultsUpTo.year} round ${header.resultsUpTo.round}` : '';
  log.info(
    `${upgrade === null ? 'Loaded the F1 seed' : `Brought the F1 data up to the seed (${upgrade.join(', ')} were empty)`} (${data.races.length} races, ${rows} rows${upTo}) in ${(ms / 1000).toFixed(1)} s` +
      ` — data: ${header.source.name}, ${header.source.licence}`,
  );
  return { loaded: true, ms, rows };
}
