import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { emptyF1Data, F1_TABLE_KEYS, type F1Data } from './types.ts';

/*
 * The committed seed: every F1 table as column arrays (far smaller than row objects once gzipped),
 * behind a header that carries F1DB's attribution and licence, as CC BY 4.0 requires of a
 * redistribution.
 */

export const SEED_FILE = path.resolve(import.meta.dirname, '../../data/f1-seed.json.gz');
export const SEED_FORMAT = 'paddock-f1-seed/1';

export interface SeedSource {
  name: string;
  url: string;
  licence: string;
  licenceUrl: string;
  attribution: string;
  /** The F1DB commit the seed was built from, or "unknown". */
  commit: string;
}

export interface SeedHeader {
  format: typeof SEED_FORMAT;
  source: SeedSource;
  teamFactsAsOf: string | null;
  /** The last race with results in the seed, for the start-up message and the docs. */
  resultsUpTo: { year: number; round: number; date: string } | null;
  counts: Record<string, number>;
}

interface SeedTable {
  columns: string[];
  values: unknown[][];
}

export interface SeedFile extends SeedHeader {
  tables: Record<string, SeedTable>;
}

export function f1dbSource(commit: string): SeedSource {
  return {
    name: 'F1DB',
    url: 'https://github.com/f1db/f1db',
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    attribution:
      'Formula 1 data from F1DB (https://github.com/f1db/f1db) by Marcel Overdijk and contributors, licensed ' +
      'under CC BY 4.0. Reduced to the tables Paddock uses; team principals and colours added by Paddock.',
    commit,
  };
}

function toColumns(rows: readonly object[]): SeedTable {
  const first = rows[0];
  if (!first) return { columns: [], values: [] };
  const columns = Object.keys(first);
  return {
    columns,
    values: columns.map((c) => rows.map((r) => (r as Record<string, unknown>)[c] ?? null)),
  };
}

function fromColumns(t: SeedTable): Record<string, unknown>[] {
  const n = t.values[0]?.length ?? 0;
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const row: Record<string, unknown> = {};
    t.columns.forEach((c, j) => {
      row[c] = t.values[j]?.[i] ?? null;
    });
    rows.push(row);
  }
  return rows;
}

export function lastRaceWithResults(data: F1Data): SeedHeader['resultsUpTo'] {
  let last: F1Data['races'][number] | undefined;
  for (const r of data.races) if (r.hasResults && (!last || r.startsAt > last.startsAt)) last = r;
  return last ? { year: last.year, round: last.round, date: last.date } : null;
}

export function encodeSeed(data: F1Data, header: Omit<SeedHeader, 'format' | 'counts' | 'resultsUpTo'>): Buffer {
  const file: SeedFile = {
    format: SEED_FORMAT,
    ...header,
    resultsUpTo: lastRaceWithResults(data),
    counts: Object.fromEntries(F1_TABLE_KEYS.map((k) => [k, data[k].length])),
    tables: Object.fromEntries(F1_TABLE_KEYS.map((k) => [k, toColumns(data[k])])),
  };
  return gzipSync(JSON.stringify(file), { level: 9 });
}

export function decodeSeed(gz: Buffer): { header: SeedHeader; data: F1Data } {
  const file = JSON.parse(gunzipSync(gz).toString('utf8')) as SeedFile;
  if (file.format !== SEED_FORMAT) throw new Error(`Unsupported F1 seed format ${String(file.format)}`);
  const data = emptyF1Data();
  for (const key of F1_TABLE_KEYS) {
    const t = file.tables[key];
    if (!t) throw new Error(`The F1 seed lacks the ${key} table`);
    (data as unknown as Record<string, unknown[]>)[key] = fromColumns(t);
  }
  const { tables: _tables, ...header } = file;
  return { header, data };
}

export function writeSeed(file: string, gz: Buffer): void {
  writeFileSync(file, gz);
}

export function readSeed(file: string = SEED_FILE): { header: SeedHeader; data: F1Data } {
  return decodeSeed(readFileSync(file));
}
