import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';

/**
 * The database the server would use (DATABASE_URL, else the embedded PGlite in DATA_DIR), migrated.
 * Embedded PGlite allows one process at a time: stop the server before running a CLI against it.
 */
export async function openCliDatabase(): Promise<{ database: Database; dataDir: string }> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateDatabase(database);
  return { database, dataDir: config.DATA_DIR };
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
