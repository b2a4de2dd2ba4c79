import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { createTestDatabase } from '../support/test-app.ts';

/** One server process of a cluster: its own app, its own connection pool, its own address. */
export interface Instance {
  app: FastifyInstance;
  database: Database;
  /** http://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
}

export interface Cluster {
  instances: Instance[];
  /** What every instance shares: one PostgreSQL database, one Redis, one secret, one media folder. */
  shared: { databaseUrl: string; redisUrl: string; mediaDir: string; secret: string };
  close(): Promise<void>;
}

/**
 * `count` instances as production runs them (README "Running in production"): the same PostgreSQL
 * database and Redis, the same SECRET_KEY and MEDIA_DIR, each listening on its own port.
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL (`npm run test:pg` sets both).
 */
export async function startCluster(count: number, overrides: Partial<Config> = {}): Promise<Cluster> {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl) throw new Error('TEST_REDIS_URL is not set: run these tests with `npm run test:pg`.');
  const template = await createTestDatabase();
  if (!template.url) throw new Error('TEST_DATABASE_URL is not set: run these tests with `npm run test:pg`.');
  const root = mkdtempSync(path.join(os.tmpdir(), 'paddock-cluster-'));
  const shared = {
    databaseUrl: template.url,
    redisUrl,
    mediaDir: path.join(root, 'media'),
    secret: randomBytes(32).toString('hex'),
  };

  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const config = loadConfig(
      { LOG_LEVEL: 'silent', SEED_F1: 'false', SEED_DEMO: 'false', RESULTS_SYNC: 'off' },
      {
        DATA_DIR: path.join(root, `instance-${i}`),
        MEDIA_DIR: shared.mediaDir,
        SECRET_KEY: shared.secret,
        DATABASE_URL: shared.databaseUrl,
        REDIS_URL: shared.redisUrl,
        WEB_DIST: null,
        ...overrides,
      },
    );
    const database = await openDatabase({ databaseUrl: shared.databaseUrl, dataDir: config.DATA_DIR });
    const app = await buildApp(config, { database });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    let stopped = false;
    instances.push({
      app,
      database,
      url,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await app.close();
        await database.close();
      },
    });
  }

  return {
    instances,
    shared,
    close: async () => {
      for (const instance of instances) await instance.stop();
      await template.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
