import type { FastifyInstance } from 'fastify';
import { seedDemoCommunity } from './demo/community.ts';
import { loadSeedIfEmpty } from './f1data/seed-loader.ts';

/** Loads what a fresh database needs on first start (F1 seed, demo community). */
export async function prepareData(app: FastifyInstance): Promise<void> {
  // Races first: a demo community's reviews need them.
  if (app.config.SEED_F1) await loadSeedIfEmpty(app.database.db, app.log);
  if (app.config.SEED_DEMO && (await seedDemoCommunity({ db: app.database.db, events: app.events }))) {
    app.log.info('demo community created (accounts marked "Demo ·")');
  }
}
