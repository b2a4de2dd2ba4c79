import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { migrationsFolder } from '../db/migrate.ts';
import { rowsOf } from './catalog.ts';
import type { Database, Db } from '../db/client.ts';

/*
 * A backup folder (docs/decisions/022-backups.md):
 *   manifest.json                 this file's schema: what the folder holds, written last
 *   database/<table>.jsonl.gz     one JSON object per row (PostgreSQL's row_to_json), gzip'd
 *   media/                        a copy of MEDIA_DIR
 *   secret_key                    DATA_DIR/secret_key, when the site's key lives there
 */

export const BACKUP_FORMAT = 'paddock-backup/1';
export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FOLDER = 'database';
export const MEDIA_FOLDER = 'media';
export const SECRET_KEY_FILE = 'secret_key';

/** How far the migrations have brought a database: how many ran, and the last one. */
export interface MigrationLevel {
  count: number;
  /** The last migration's name (its SQL file's), or null if this app does not know it. */
  latest: string | null;
  /** When the last migration was generated (drizzle's `created_at`), which identifies it. */
  latestAt: number | null;
}

const levelSchema = z.object({
  count: z.number().int().min(0),
  latest: z.string().nullable(),
  latestAt: z.number().int().nullable(),
});

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  source: z.object({ database: z.enum(['postgres', 'pglite']), location: z.string() }),
  migrations: levelSchema,
  tables: z.array(
    z.object({
      name: z.string().min(1),
      // Inside the backup's folder, whatever the manifest says.
      file: z.string().regex(/^database\/[^/\\]+\.jsonl\.gz$/),
      rows: z.number().int().min(0),
    }),
  ),
  sequences: z.array(
    z.object({
      table: z.string(),
      column: z.string(),
      lastValue: z
        .string()
        .regex(/^-?\d+$/)
        .nullable(),
    }),
  ),
  media: z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0) }),
  secretKey: z.boolean(),
});

export type Manifest = z.infer<typeof manifestSchema>;

interface JournalEntry {
  when: number;
  tag: string;
}

function journal(): JournalEntry[] {
  const file = path.join(migrationsFolder, 'meta', '_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/** The level this version of the app migrates a database to. */
export function appMigrationLevel(): MigrationLevel {
  const entries = journal();
  const last = entries.at(-1);
  return { count: entries.length, latest: last?.tag ?? null, latestAt: last?.when ?? null };
}

/** The level a database was migrated to, or null where no migration ever ran. */
export async function databaseMigrationLevel(db: Db): Promise<MigrationLevel | null> {
  const [found] = await rowsOf<{ exists: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS "exists"`,
  );
  if (!found?.exists) return null;
  const rows = await rowsOf<{ at: number }>(
    db,
    sql`SELECT created_at::float8 AS at FROM drizzle.__drizzle_migrations ORDER BY created_at, id`,
  );
  const latestAt = rows.at(-1)?.at ?? null;
  const latest = journal().find((e) => e.when === latestAt)?.tag ?? null;
  return { count: rows.length, latest, latestAt };
}

/** Where a database's data lives, for messages and the manifest (as the site's start-up message says it). */
export const whereData = (database: Pick<Database, 'kind' | 'location'>) =>
  database.kind === 'pglite' ? `embedded PGlite in ${database.location}` : database.location;

/** Whether `level` is one this version's migrations passed through before their last. */
export function isOlderMigration(level: MigrationLevel): boolean {
  const entries = journal();
  const at = entries.findIndex((e) => e.when === level.latestAt);
  return at >= 0 && at < entries.length - 1;
}

export const sameLevel = (a: MigrationLevel, b: MigrationLevel) => a.count === b.count && a.latestAt === b.latestAt;

export const levelName = (level: MigrationLevel) =>
  level.latest ? `migration ${level.latest}` : `migration ${level.count} (unknown to this version)`;

/** The manifest of a backup folder, checked: a folder that is not a complete backup says why. */
export function readManifest(folder: string): Manifest {
  const file = path.join(folder, MANIFEST_FILE);
  if (!existsSync(folder)) throw new Error(`${folder} does not exist`);
  if (!existsSync(file)) {
    throw new Error(`${folder} holds no ${MANIFEST_FILE}: not a Paddock backup, or one that did not finish`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file} is not readable JSON: ${(err as Error).message}`, { cause: err });
  }
  const format = (raw as { format?: unknown } | null)?.format;
  if (format !== BACKUP_FORMAT) {
    throw new Error(`${file} is of format ${JSON.stringify(format)}; this version of Paddock reads ${BACKUP_FORMAT}`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`${file} is damaged:\n${lines.join('\n')}`);
  }
  const files = [...parsed.data.tables.map((t) => t.file), ...(parsed.data.secretKey ? [SECRET_KEY_FILE] : [])];
  for (const name of files) {
    if (!existsSync(path.join(folder, name))) throw new Error(`${folder} lacks ${name}: the backup is incomplete`);
  }
  return parsed.data;
}

const integer = new Intl.NumberFormat('en');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${integer.format(n)} ${n === 1 ? one : many}`;

/** What a backup holds, in a few lines for the terminal: database, each table's rows, media, key. */
export function describeBackup(manifest: Manifest, width = 100): string[] {
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  const filled = manifest.tables.filter((t) => t.rows > 0).map((t) => `${t.name} ${integer.format(t.rows)}`);
  const lines = [
    `  database  ${plural(manifest.tables.length, 'table')}, ${plural(rows, 'row')}, at ${levelName(manifest.migrations)}`,
    `            from ${manifest.source.location}, ${manifest.createdAt}`,
  ];
  let line = '';
  for (const item of filled) {
    if (line && line.length + item.length + 2 > width - 12) {
      lines.push(`            ${line},`);
      line = '';
    }
    line = line ? `${line}, ${item}` : item;
  }
  if (line) lines.push(`            ${line}`);
  lines.push(`  media     ${plural(manifest.media.files, 'file')} (${formatBytes(manifest.media.bytes)})`);
  lines.push(
    manifest.secretKey
      ? '  key       the secret key of DATA_DIR: tokens signed before the backup stay valid after a restore'
      : '  key       none (SECRET_KEY was set, or DATA_DIR had no secret_key): without the same SECRET_KEY where it\n' +
          '            is restored, everyone signs in again',
  );
  return lines;
}
