import { createReadStream } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { migrateDatabase, withStartupLock } from '../db/migrate.ts';
import {
  addForeignKey,
  appTables,
  dropForeignKey,
  fixTextForms,
  foreignKeys,
  setSequence,
  storedColumns,
  tablesWithRows,
  tableRef,
} from './catalog.ts';
import {
  appMigrationLevel,
  databaseMigrationLevel,
  isOlderMigration,
  levelName,
  MEDIA_FOLDER,
  readManifest,
  sameLevel,
  SECRET_KEY_FILE,
  type Manifest,
  whereData,
} from './manifest.ts';
import { copyFiles, countFiles } from './media.ts';

/*
 * `npm run restore -- <folder>` (docs/decisions/022-backups.md): a backup put back into an empty
 * database and media folder. The target is migrated by this version of the app, which must be the
 * level the backup was made at; the rows then go in, in one transaction, each value read back from the
 * text form the backup wrote it in, so every value comes back exactly as it was.
 */

/** Rows per INSERT, and the most JSON text one statement carries. */
const BATCH_ROWS = 5000;
const BATCH_CHARS = 8 * 1024 * 1024;

export interface RestoreOptions {
  mediaDir: string;
  /** Where the backup's secret key goes (DATA_DIR/secret_key), or null when SECRET_KEY is set. */
  secretKeyFile: string | null;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Whether the backup's secret key was written to `secretKeyFile`. */
  secretKeyRestored: boolean;
}

const listed = (names: string[], max = 6) =>
  names.length > max ? `${names.slice(0, max).join(', ')} and ${names.length - max} more` : names.join(', ');

/**
 * The backup must be at the level this version migrates to. An older one could be loaded at its own
 * level and migrated after, but only with the migrations of its time: see the decision.
 */
function checkLevel(manifest: Manifest): void {
  const app = appMigrationLevel();
  if (sameLevel(manifest.migrations, app)) return;
  const versions = `${levelName(manifest.migrations)}; this version is at ${levelName(app)}`;
  if (!isOlderMigration(manifest.migrations)) {
    throw new Error(
      `the backup was made by a newer version of Paddock (${versions}): restore it with that version or a later one`,
    );
  }
  throw new Error(
    `the backup was made by an older version of Paddock (${versions}): restore it with the version that made ` +
      'it, then start this version, which migrates it',
  );
}

/** The lines of a gzip'd JSON-lines file, in order; a damaged or truncated file is an error. */
async function* linesOf(file: string): AsyncGenerator<string> {
  const input = pipeline(createReadStream(file), createGunzip(), () => undefined);
  input.setEncoding('utf8');
  let rest = '';
  for await (const chunk of input as AsyncIterable<string>) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    for (const line of parts) if (line) yield line;
  }
  if (rest) yield rest;
}

/** Loads one table's file; answers how many rows it held. */
async function loadTable(tx: Db, folder: string, table: Manifest['tables'][number]): Promise<number> {
  const columns = await storedColumns(tx, table.name);
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  // Each value from its text form, through its type's input function, as COPY reads it.
  const values = sql.join(
    columns.map((c) => sql`r.${sql.identifier(c.name)}::${sql.raw(c.type)}`),
    sql`, `,
  );
  const record = sql.join(
    columns.map((c) => sql`${sql.identifier(c.name)} text`),
    sql`, `,
  );
  let batch: string[] = [];
  let chars = 0;
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    // OVERRIDING SYSTEM VALUE: identity columns keep the backup's ids.
    await tx.execute(
      sql`INSERT INTO ${tableRef(table.name)} (${names}) OVERRIDING SYSTEM VALUE
          SELECT ${values} FROM json_to_recordset(${`[${batch.join(',')}]`}::json) AS r(${record})`,
    );
    rows += batch.length;
    batch = [];
    chars = 0;
  };
  for await (const line of linesOf(path.join(folder, table.file))) {
    batch.push(line);
    chars += line.length;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
  }
  await flush();
  return rows;
}

/**
 * Every table's rows in one transaction: a restore lands whole or not at all. Foreign keys are
 * dropped first and added again at the end, as pg_restore does, so tables and rows go in in any order
 * (a reply before the comment it answers) and each key is checked in one pass over the loaded rows.
 */
async function loadDatabase(database: Database, folder: string, manifest: Manifest): Promise<void> {
  await database.db.transaction(async (tx) => {
    // Checking a foreign key over a large table may outlast the pool's limit, made for a request's queries.
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await fixTextForms(tx);
    const present = await appTables(tx);
    const filled = await tablesWithRows(tx, present);
    if (filled.length > 0) {
      throw new Error(
        `${whereData(database)} already holds data (rows in ${listed(filled)}): restore only into an empty ` +
          'database, a new DATA_DIR or an empty DATABASE_URL database',
      );
    }
    const missing = manifest.tables.filter((t) => !present.includes(t.name)).map((t) => t.name);
    if (missing.length > 0) throw new Error(`the backup holds tables this database lacks: ${listed(missing)}`);
    const keys = await foreignKeys(tx);
    for (const key of keys) await dropForeignKey(tx, key);
    for (const table of manifest.tables) {
      const rows = await loadTable(tx, folder, table);
      if (rows !== table.rows) {
        throw new Error(
          `${table.file} holds ${rows} rows where the manifest says ${table.rows}: the backup is damaged`,
        );
      }
    }
    for (const key of keys) await addForeignKey(tx, key);
    for (const position of manifest.sequences) {
      if (present.includes(position.table)) await setSequence(tx, position);
    }
    // The planner's statistics of the loaded tables, for the first requests.
    await tx.execute(sql`ANALYZE`);
  });
}

/**
 * What can be checked before the database is opened: the folder is a complete backup of this version's
 * migration level, and the media folder is empty. Answers the backup's manifest.
 */
export async function checkBackup(folder: string, mediaDir: string): Promise<Manifest> {
  const manifest = readManifest(folder);
  checkLevel(manifest);
  const media = await countFiles(mediaDir);
  if (media.files > 0) {
    throw new Error(
      `${mediaDir} already holds ${media.files === 1 ? 'a file' : `${media.files} files`}: restore only into an empty media folder`,
    );
  }
  return manifest;
}

/**
 * Restores the backup in `folder` into `database` (migrated here) and `options.mediaDir`. Refuses,
 * before writing anything, a backup of another migration level and a target that holds data: a row in
 * any table, or a file in the media folder.
 */
export async function restoreBackup(
  database: Database,
  folder: string,
  options: RestoreOptions,
): Promise<RestoreResult> {
  const manifest = await checkBackup(folder, options.mediaDir);
  // The startup lock: a site starting on this database meanwhile waits, then finds the data in place.
  await withStartupLock(database, async () => {
    await migrateDatabase(database);
    const level = await databaseMigrationLevel(database.db);
    if (!level || !sameLevel(level, manifest.migrations)) {
      throw new Error(
        `${whereData(database)} is at ${level ? levelName(level) : 'no migration'}, the backup at ` +
          `${levelName(manifest.migrations)}: it was migrated by another version of Paddock`,
      );
    }
    await loadDatabase(database, folder, manifest);
  });
  // PGlite runs no autovacuum: the search's trigram indexes would keep their pending lists of new rows.
  if (database.kind === 'pglite') await database.db.execute(sql`VACUUM`);
  await copyFiles(path.join(folder, MEDIA_FOLDER), options.mediaDir);
  // The target was empty: no token signed with a key it had before names anything restored.
  const secretKeyRestored = manifest.secretKey && options.secretKeyFile !== null;
  if (secretKeyRestored) {
    await mkdir(path.dirname(options.secretKeyFile!), { recursive: true });
    await copyFile(path.join(folder, SECRET_KEY_FILE), options.secretKeyFile!);
  }
  return { manifest, secretKeyRestored };
}
