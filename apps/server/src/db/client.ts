import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers: queries are written once and run on PGlite and PostgreSQL alike. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up message (no credentials). */
  location: string;
  /** PostgreSQL only: a new connection outside the pool, for LISTEN (lib/live-bus.ts). */
  dedicatedClient?: () => pg.Client;
  close(): Promise<void>;
}

export const pgliteExtensions = { pg_trgm, unaccent };

/**
 * Planner settings of every connection (decision 010).
 * - random_page_cost 1.1: the working set (the F1 history, recent reviews, timelines) sits in memory,
 *   where reading a page at random costs about what reading the next one does. With the default of 4
 *   the planner hashed a whole table (all races) to look up the twenty of a page of reviews.
 * - plan_cache_mode force_generic_plan: a statement with parameters is planned once per connection
 *   (lib/sql.ts prepares the hot ones) instead of on every execution. In "auto" mode PostgreSQL kept
 *   planning a Following page anew each time (4 ms of planning for 0.2 ms of work) because a plan for
 *   the exact values looks cheaper. Row limits are written into the text (rowLimit) for this reason:
 *   a generic plan with a bound limit expects a tenth of the table.
 */
const PLANNER_SETTINGS = { random_page_cost: '1.1', plan_cache_mode: 'force_generic_plan' };

export async function openPglite(client: PGlite, location: string): Promise<Database> {
  for (const [name, value] of Object.entries(PLANNER_SETTINGS)) await client.exec(`SET ${name} = ${value}`);
  return {
    db: drizzlePglite(client, { schema }),
    kind: 'pglite',
    location,
    close: () => client.close(),
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const options = Object.entries(PLANNER_SETTINGS)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' ');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const url = new URL(opts.databaseUrl);
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      location: `postgres://${url.host}${url.pathname}`,
      dedicatedClient: () => new pg.Client({ connectionString: opts.databaseUrl, application_name: 'paddock-live' }),
      close: () => pool.end(),
    };
  }
  const dir = path.join(opts.dataDir, 'pglite');
  mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions });
  return await openPglite(client, dir);
}
