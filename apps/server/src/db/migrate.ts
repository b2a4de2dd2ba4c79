import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.ts';

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * Brings the schema up to date. drizzle-kit never emits CREATE EXTENSION or functions, and the search
 * indexes need pg_trgm, unaccent and an IMMUTABLE wrapper of unaccent (the extension's own function
 * is only STABLE, so it cannot appear in an index expression), so those come first.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS unaccent`);
  await database.db.execute(sql`
    CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $fn$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $fn$`);
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  }
}

/** Any fixed number: the key of the advisory lock instances take while they migrate and load data. */
const STARTUP_LOCK_KEY = 7_312_026;

/**
 * Runs `work` (migrations, then the first data load) while holding a PostgreSQL advisory lock, so that
 * instances started together take turns: the first migrates and loads, the others then find nothing
 * left to do. PGlite serves one process and needs no lock.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (!database.dedicatedClient) return work();
  const client = database.dedicatedClient();
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session releases the lock even if unlocking failed.
    await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
