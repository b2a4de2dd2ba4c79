import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase, openPglite, pgliteExtensions } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string | null;
  }
}

/**
 * Migrates one template database per run; every test file then gets its own copy of it
 * (a PGlite data-dir image, or CREATE DATABASE ... TEMPLATE on PostgreSQL).
 */
export default async function setup(project: TestProject) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'paddock-test-'));
  const url = process.env.TEST_DATABASE_URL;
  let pgTemplate: string | null = null;

  if (url) {
    pgTemplate = `paddock_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pgTemplate}`);
    await admin.query(`CREATE DATABASE ${pgTemplate}`);
    await admin.end();
    const tplUrl = new URL(url);
    tplUrl.pathname = `/${pgTemplate}`;
    const database = await openDatabase({ databaseUrl: tplUrl.toString(), dataDir: tmp });
    await migrateDatabase(database);
    await database.close();
  }

  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openPglite(client, 'memory');
  await migrateDatabase(database);
  const image = await client.dumpDataDir('none');
  const templateFile = path.join(tmp, 'template.tar');
  writeFileSync(templateFile, Buffer.from(await image.arrayBuffer()));
  await client.close();

  project.provide('pgliteTemplate', templateFile);
  project.provide('pgTemplate', pgTemplate);

  return async () => {
    rmSync(tmp, { recursive: true, force: true });
    if (url && pgTemplate) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `paddock_t_${process.pid}_%`,
      ]);
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${pgTemplate} WITH (FORCE)`);
      await admin.end();
    }
  };
}
