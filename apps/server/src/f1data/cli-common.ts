import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { F1_TAG, publishInvalidation } from '../lib/read-cache.ts';

/**
 * The database the server would use (DATABASE_URL, else the embedded one in DATA_DIR), migrated. The
 * embedded PostgreSQL server of a running site is joined (and left running); with no site running it
 * is started for the command and stopped after. Embedded PGlite allows one process at a time: stop the
 * server before running a CLI against it.
 */
export async function openCliDatabase(): Promise<{ database: Database; dataDir: string }> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    embedded: config.EMBEDDED_DATABASE,
    longQueries: true,
  });
  await migrateDatabase(database);
  return { database, dataDir: config.DATA_DIR };
}

/**
 * After F1 data was written and committed, tells the running servers to drop their cached F1 answers
 * (decision 016) with a PostgreSQL NOTIFY: every server on a PostgreSQL database listens there, with or
 * without Redis (decision 019). Embedded PGlite has no running server beside a CLI (one process owns
 * the data directory): the next start begins with an empty cache.
 */
export async function announceF1DataChanged(database: Database): Promise<void> {
  if (database.kind !== 'postgres') return;
  const notify = async (channel: string, message: string) =>
    void (await database.db.execute(sql`select pg_notify(${channel}, ${message})`));
  await publishInvalidation({ publish: notify }, [F1_TAG]);
}

/** Runs a command-line main, printing a failure's message (not a stack) and exiting non-zero. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? `error: ${err.message}` : err);
      if (process.env.DEBUG && err instanceof Error) console.error(err.stack);
      process.exit(1);
    },
  );
}

/** "2020", "2020-2026" or "1950,1960-1962" as a predicate over years. */
export function parseSeasons(spec: string | undefined): ((year: number) => boolean) | undefined {
  if (!spec) return undefined;
  const ranges = spec.split(',').map((part) => {
    const m = /^\s*(\d{4})\s*(?:-\s*(\d{4})\s*)?$/.exec(part);
    if (!m?.[1]) throw new Error(`--seasons: cannot read "${part}" (use 2020, 2020-2026 or 1950,1960-1962)`);
    return [Number(m[1]), Number(m[2] ?? m[1])] as const;
  });
  return (year) => ranges.some(([a, b]) => year >= a && year <= b);
}

/** A path the user typed: npm runs workspace scripts in the workspace, so resolve from where npm was started. */
export function userPath(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}
