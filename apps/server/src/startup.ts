import type { FastifyInstance } from 'fastify';
import { seedDemoCommunity } from './demo/community.ts';
import { loadSeedIfEmpty } from './f1data/seed-loader.ts';
import { F1_TAG, invalidateEverywhere } from './lib/read-cache.ts';

/** Loads what a fresh database needs on first start (F1 seed, demo community). */
export async function prepareData(app: FastifyInstance): Promise<void> {
  // Races first: a demo community's reviews need them.
  // Other instances already running on this database may have cached answers of the empty one.
  if (app.config.SEED_F1 && (await loadSeedIfEmpty(app.database.db, app.log)).loaded) {
    await invalidateEverywhere(app.readCache, app.liveBus, [F1_TAG], app.log);
  }
  if (app.config.SEED_DEMO && (await seedDemoCommunity({ db: app.database.db, events: app.events }))) {
    app.log.info('demo community created (accounts marked "Demo ·")');
  }
}
