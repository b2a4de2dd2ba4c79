import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startClockAt } from './lib/clock.ts';
import { migrateDatabase, withStartupLock } from './db/migrate.ts';
import { prepareData } from './startup.ts';

const config = loadConfig();
if (config.CLOCK_START) startClockAt(Date.parse(config.CLOCK_START));
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  embedded: config.EMBEDDED_DATABASE,
  takeOver: true,
});
const app = await withStartupLock(database, async () => {
  await migrateDatabase(database);
  const built = await buildApp(config, { database });
  await prepareData(built);
  return built;
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error(err);
        process.exit(1);
      });
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
const where = database.kind === 'pglite' ? `embedded PGlite in ${database.location}` : database.location;
console.log(`\nPaddock is running on ${config.PUBLIC_URL}\n  data: ${where}\n  files: ${config.DATA_DIR}\n`);
if (!config.WEB_DIST) console.log('  (web app not built: run `npm run build` to serve it here)\n');
