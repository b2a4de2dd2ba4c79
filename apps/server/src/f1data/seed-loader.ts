import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { circuits, constructors, countries, drivers, grandsPrix, races, seasons } from '../db/schema/f1.ts';
import { importF1Data } from './importer.ts';
import { readSeed, SEED_FILE } from './seed.ts';

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

async function hasRaces(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ any: sql<number>`1` })
    .from(races)
    .limit(1);
  return row !== undefined;
}

/**
 * Loads the committed F1 seed when the database has no races yet (a first start), through the
 * importer (its bulk path when every F1 table is empty).
 */
export async function loadSeedIfEmpty(db: Db, log: SeedLog, file: string = SEED_FILE): Promise<SeedLoadResult> {
  if (await hasRaces(db)) return { loaded: false, ms: 0, rows: 0 };
  if (!existsSync(file)) {
    log.warn(`F1 seed ${file} not found: starting without Formula 1 data (run npm run f1:import)`);
    return { loaded: false, ms: 0, rows: 0 };
  }
  const started = Date.now();
  const { header, data } = readSeed(file);
  let report;
  try {
    report = await importF1Data(db, data, { fresh: await f1TablesEmpty(db) });
  } catch (err) {
    // Another instance starting on the same PostgreSQL got there first; its seed is the same.
    if (await hasRaces(db)) return { loaded: false, ms: Date.now() - started, rows: 0 };
    throw err;
  }
  // PGlite runs no autovacuum: without this the planner would not know the tables' sizes and every
  // search would scan the trigram indexes' pending lists of freshly inserted rows.
  await db.execute(sql`VACUUM ANALYZE`);
  const rows = Object.values(report).reduce((n, r) => n + r.inserted + r.updated, 0);
  const ms = Date.now() - started;
  const upTo = header.resultsUpTo ? `, results up to ${header.resultsUpTo.year} round ${header.resultsUpTo.round}` : '';
  log.info(
    `Loaded the F1 seed (${data.races.length} races, ${rows} rows${upTo}) in ${(ms / 1000).toFixed(1)} s` +
      ` — data: ${header.source.name}, ${header.source.licence}`,
  );
  return { loaded: true, ms, rows };
}
