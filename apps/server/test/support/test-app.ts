import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, openPglite, pgliteExtensions, type Database } from '../../src/db/client.ts';

/**
 * A fresh copy of the migrated template: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set
 * (then `url` names it, for a second instance's own connections).
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  const pgTemplate = inject('pgTemplate');
  if (url && pgTemplate) {
    const name = `paddock_t_${pgTemplate.slice('paddock_tpl_'.length)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir: os.tmpdir() });
    return {
      ...database,
      url: dbUrl.toString(),
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const image = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([image]), extensions: pgliteExtensions });
  return await openPglite(client, 'memory');
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Mails the app wrote to its outbox, oldest first. */
  outbox(): string[];
  close(): Promise<void>;
}

/** Builds the real app on a fresh database; settings can be overridden per test file. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paddock-app-'));
  // Tests never reach the network: a test that wants the results scheduler builds one with recorded answers.
  const config = loadConfig(
    { LOG_LEVEL: 'silent', SEED_F1: 'false', SEED_DEMO: 'false', RESULTS_SYNC: 'off' },
    { DATA_DIR: dataDir, SECRET_KEY: randomBytes(32).toString('hex'), WEB_DIST: null, ...overrides },
  );
  const database = await createTestDatabase();
  const app = await buildApp(config, { database });
  await app.ready();
  const outboxDir = path.join(dataDir, 'outbox');
  return {
    app,
    database,
    config,
    outbox: () => {
      try {
        return readdirSync(outboxDir)
          .sort()
          .map((f) => readFileSync(path.join(outboxDir, f), 'utf8'));
      } catch {
        return [];
      }
    },
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
