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
