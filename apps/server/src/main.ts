import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, waitForDatabase } from './db/client.ts';
import { startClockAt } from './lib/clock.ts';
import { migrateDatabase, withStartupLock } from './db/migrate.ts';
import { prepareData } from './startup.ts';

const config = loadConfig();
if (config.CLOCK_START) startClockAt(Date.parse(config.CLOCK_START));

let app: FastifyInstance | null = null;
let stopping: Promise<void> | null = null;

/** A shutdown still under way after this long is cut short: whatever holds it, the process exits. */
const STOP_WITHIN_MS = 30_000;

/** Finishes and answers the requests in flight, closes the database (and its embedded server), exits. */
function stop(code: number): Promise<void> {
  stopping ??= (async () => {
    setTimeout(() => {
      (app?.log ?? console).error(`shutdown did not finish within ${STOP_WITHIN_MS / 1000} s; exiting`);
      process.exit(code || 1);
    }, STOP_WITHIN_MS).unref();
    try {
      await app?.close();
      await database.close();
    } catch (err) {
      console.error(err);
      code = 1;
    }
    process.exit(code);
  })();
  return stopping;
}

// A failure nobody awaited is a bug to log, never a reason to take the whole site down (decision 019).
process.on('unhandledRejection', (reason) => {
  if (app) app.log.error({ err: reason }, 'unhandled rejection');
  else console.error('unhandled rejection:', reason);
});

const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  embedded: config.EMBEDDED_DATABASE,
  takeOver: true,
  // The embedded server keeps dying: exit non-zero so that a process manager takes over.
  onGiveUp: (reason) => {
    (app?.log ?? console).error(`${reason}; stopping`);
    void stop(1);
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    (app?.log ?? console).info(`${signal} received, shutting down`);
    void stop(0);
  });
}

// A database that is not up yet (started together with the site, restarting) is waited for.
await waitForDatabase(database, (message) => console.warn(message));
app = await withStartupLock(database, async () => {
  await migrateDatabase(database);
  const built = await buildApp(config, { database });
  await prepareData(built);
  return built;
});

await app.listen({ port: config.PORT, host: config.HOST });
const where = database.kind === 'pglite' ? `embedded PGlite in ${database.location}` : database.location;
console.log(`\nPaddock is running on ${config.PUBLIC_URL}\n  data: ${where}\n  files: ${config.DATA_DIR}\n`);
if (!config.WEB_DIST) console.log('  (web app not built: run `npm run build` to serve it here)\n');
