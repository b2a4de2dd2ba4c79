import { createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { nowDate } from '../lib/clock.ts';
import { appTables, fixTextForms, rowsOf, sequencePositions, storedColumns, tableRef } from './catalog.ts';
import {
  BACKUP_FORMAT,
  DATABASE_FOLDER,
  databaseMigrationLevel,
  MANIFEST_FILE,
  MEDIA_FOLDER,
  SECRET_KEY_FILE,
  type Manifest,
  whereData,
} from './manifest.ts';
import { copyFiles } from './media.ts';

/*
 * `npm run backup` (docs/decisions/022-backups.md): a consistent copy of the database, read over an
 * ordinary connection (the embedded server ships no pg_dump, and PGlite has none), with the uploaded
 * files and the site's secret key, into a new dated folder.
 */

/** Rows read per FETCH: a few megabytes of JSON at a time, whatever the table's size. */
const FETCH_ROWS = 5000;

export interface BackupOptions {
  /** The folder the dated backup folder is made in (created if missing). */
  parentDir: string;
  mediaDir: string;
  /** DATA_DIR/secret_key when the site's key lives there (SECRET_KEY unset), else null. */
  secretKeyFile: string | null;
}

export interface BackupResult {
  folder: string;
  manifest: Manifest;
}

/** `paddock-2026-11-25T14-05-00Z`: sorts by time, and is a valid name on every file system. */
export function backupFolderName(at: Date): string {
  return `paddock-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
}

/**
 * Every table in one REPEATABLE READ, READ ONLY transaction: one snapshot of the whole database, however
 * long the copy takes and whatever the site writes meanwhile. Each table is read through a cursor and
 * written as gzip'd JSON lines, so memory stays flat. A row is a JSON object of its stored columns'
 * values in PostgreSQL's own text form (what pg_dump's COPY writes), null for NULL: every type comes
 * back exactly through its input function, with no rule per type (a jsonb that is JSON null, NaN,
 * bigints past 2^53, numeric precision).
 */
async function dumpTables(db: Db, folder: string): Promise<Pick<Manifest, 'tables' | 'sequences' | 'migrations'>> {
  return db.transaction(
    async (tx) => {
      await fixTextForms(tx);
      const migrations = await databaseMigrationLevel(tx);
      if (!migrations) throw new Error('the database holds no Paddock data: its migrations never ran');
      const tables: Manifest['tables'] = [];
      await mkdir(path.join(folder, DATABASE_FOLDER));
      for (const name of await appTables(tx)) {
        const file = `${DATABASE_FOLDER}/${name}.jsonl.gz`;
        let rows = 0;
        const columns = (await storedColumns(tx, name)).map(
          (c) => sql`${sql.identifier(c.name)}::text AS ${sql.identifier(c.name)}`,
        );
        await tx.execute(sql`DECLARE paddock_backup NO SCROLL CURSOR FOR
                             SELECT row_to_json(r)::text AS line
                             FROM (SELECT ${sql.join(columns, sql`, `)} FROM ${tableRef(name)}) r`);
        const lines = async function* () {
          for (;;) {
            const batch = await rowsOf<{ line: string }>(tx, sql.raw(`FETCH ${FETCH_ROWS} FROM paddock_backup`));
            if (batch.length === 0) return;
            rows += batch.length;
            yield `${batch.map((r) => r.line).join('\n')}\n`;
          }
        };
        await pipeline(lines, createGzip(), createWriteStream(path.join(folder, file), { mode: 0o600 }));
        await tx.execute(sql`CLOSE paddock_backup`);
        tables.push({ name, file, rows });
      }
      // Read after the rows: a sequence is never behind the ids handed out before the snapshot.
      const sequences = await sequencePositions(tx);
      return { tables, sequences, migrations };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Writes a backup into a new folder under `parentDir` and returns it with its manifest. The folder is
 * written under a `.partial` name and renamed when complete, so a backup that was interrupted is never
 * taken for one that finished.
 */
export async function writeBackup(database: Database, options: BackupOptions): Promise<BackupResult> {
  const createdAt = nowDate();
  await mkdir(options.parentDir, { recursive: true });
  const name = backupFolderName(createdAt);
  let folder = path.join(options.parentDir, name);
  for (let n = 2; existsSync(folder) || existsSync(`${folder}.partial`); n += 1) {
    folder = path.join(options.parentDir, `${name}-${n}`);
  }
  const partial = `${folder}.partial`;
  // As private as DATA_DIR: it holds password hashes, e-mail addresses and the key that signs tokens.
  await mkdir(partial, { mode: 0o700 });
  try {
    const dumped = await dumpTables(database.db, partial);
    const media = await copyFiles(options.mediaDir, path.join(partial, MEDIA_FOLDER));
    const secretKey = options.secretKeyFile !== null && existsSync(options.secretKeyFile);
    if (secretKey) await copyFile(options.secretKeyFile!, path.join(partial, SECRET_KEY_FILE));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: createdAt.toISOString(),
      source: { database: database.kind, location: whereData(database) },
      ...dumped,
      media,
      secretKey,
    };
    await writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await rename(partial, folder);
    return { folder, manifest };
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
}
