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
  close(): Promise<void>;
}

export const pgliteExtensions = { pg_trgm, unaccent };

export function openPglite(client: PGlite, location: string): Database {
  return {
    db: drizzlePglite(client, { schema }),
    kind: 'pglite',
    location,
    close: () => client.close(),
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const url = new URL(opts.databaseUrl);
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      location: `postgres://${url.host}${url.pathname}`,
      close: () => pool.end(),
    };
  }
  const dir = path.join(opts.dataDir, 'pglite');
  mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions });
  return openPglite(client, dir);
}
