import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import {
  embeddedBinaries,
  hasEmbeddedCluster,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './embedded-postgres.ts';
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

/** A pool on a PostgreSQL server; `onClose` runs once the pool has ended. */
function openPool(
  databaseUrl: string,
  location: string,
  onClose: () => Promise<void> = async () => undefined,
): Database {
  const options = Object.entries(PLANNER_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
  return {
    db: drizzlePg(pool, { schema }),
    kind: 'postgres',
    location,
    dedicatedClient: () => new pg.Client({ connectionString: databaseUrl, application_name: 'paddock-live' }),
    close: async () => {
      try {
        await pool.end();
      } finally {
        await onClose();
      }
    },
  };
}

async function openPgliteIn(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions });
  return await openPglite(client, dir);
}

/** Which database runs inside the app when DATABASE_URL is not set (decision 018). */
export type EmbeddedEngine = 'postgres' | 'pglite';

export interface OpenOptions {
  /** A PostgreSQL server of your own; the embedded database is not used then. */
  databaseUrl?: string;
  dataDir: string;
  /** Default: pglite (tests and tools that only pass a folder); the site's setting defaults to postgres. */
  embedded?: EmbeddedEngine;
  /** The site takes over an embedded server its killed predecessor left running; tools only join it. */
  takeOver?: boolean;
  log?: (message: string) => void;
}

/**
 * The database: DATABASE_URL's server, else the embedded one. The embedded PostgreSQL server gives
 * way to PGlite, with a message saying why, where it cannot run: no binaries for this platform, or a
 * first start that failed (nothing is stored yet then); a folder that holds PGlite data and no
 * PostgreSQL data keeps using PGlite, so that nothing stored is left behind.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const url = new URL(opts.databaseUrl);
    return openPool(opts.databaseUrl, `PostgreSQL at postgres://${url.host}${url.pathname}`);
  }
  const log = opts.log ?? ((message: string) => console.warn(message));
  if ((opts.embedded ?? 'pglite') === 'pglite') return openPgliteIn(opts.dataDir);
  if (existsSync(path.join(opts.dataDir, 'pglite')) && !hasEmbeddedCluster(opts.dataDir)) {
    log(`${opts.dataDir} holds PGlite data: using it (README "Moving from PGlite to the embedded PostgreSQL")`);
    return openPgliteIn(opts.dataDir);
  }
  const binaries = await embeddedBinaries();
  if (!binaries) {
    log(`no PostgreSQL binaries for ${process.platform}-${process.arch}: using embedded PGlite instead`);
    return openPgliteIn(opts.dataDir);
  }
  const existed = hasEmbeddedCluster(opts.dataDir);
  let server: EmbeddedPostgres;
  try {
    server = await startEmbeddedPostgres(binaries, { dataDir: opts.dataDir, takeOver: opts.takeOver ?? false, log });
  } catch (err) {
    if (existed) throw err;
    log(`the embedded PostgreSQL server could not start (${(err as Error).message}): using embedded PGlite instead`);
    return openPgliteIn(opts.dataDir);
  }
  return openPool(server.url, server.location, () => server.stop());
}
