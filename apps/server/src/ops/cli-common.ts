import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, secretKeyPath, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { hasEmbeddedCluster } from '../db/embedded-postgres.ts';

/* What `npm run backup` and `npm run restore` share: the settings, the database, the paths they print. */

/**
 * The site's settings. These commands sign nothing, and must not do what loading the settings does
 * when SECRET_KEY is unset, generate DATA_DIR/secret_key: a restore puts the backup's key there.
 */
export function opsConfig(): Config {
  return loadConfig(process.env, { SECRET_KEY: '' });
}

/** Where the site keeps its generated key when SECRET_KEY is unset (config.ts), else null. */
export function secretKeyFile(config: Config): string | null {
  return process.env.SECRET_KEY ? null : secretKeyPath(config.DATA_DIR);
}

/** Whether there is a database to back up: DATABASE_URL's, or one the site made in DATA_DIR. */
export function hasDatabase(config: Config): boolean {
  return (
    !!config.DATABASE_URL ||
    hasEmbeddedCluster(config.DATA_DIR) ||
    existsSync(path.join(config.DATA_DIR, 'pglite', 'PG_VERSION'))
  );
}

/**
 * The database the site uses (DATABASE_URL, else the embedded one of DATA_DIR, created if missing),
 * not migrated. A running site's embedded PostgreSQL server is joined and left running; with no site
 * running it is started for the command and stopped after. Embedded PGlite serves one process, and
 * opening its folder from a second one would damage it: refused while a site holds it.
 */
export async function openOpsDatabase(config: Config): Promise<Database> {
  const pglite = path.join(config.DATA_DIR, 'pglite');
  const usesPglite =
    !config.DATABASE_URL && (config.EMBEDDED_DATABASE === 'pglite' || !hasEmbeddedCluster(config.DATA_DIR));
  if (usesPglite && existsSync(path.join(pglite, 'postmaster.pid'))) {
    throw new Error(
      `${pglite} is in use: embedded PGlite serves one process at a time, so stop ` +
        'the site first (if it is not running, it was stopped abruptly: start and stop it once)',
    );
  }
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    embedded: config.EMBEDDED_DATABASE,
    takeOver: false,
    longQueries: true,
  });
}

/** A path as the user would type it: relative to where npm was started when it lies below it. */
export function shownPath(p: string): string {
  const relative = path.relative(process.env.INIT_CWD ?? process.cwd(), p);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : p;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
