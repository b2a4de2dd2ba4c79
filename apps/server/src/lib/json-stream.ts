import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { selectRows } from './sql.ts';

/*
 * Large JSON documents written as they are read (a member's data export): rows come from the database a
 * page at a time and leave as text in chunks, so neither the rows nor the document are ever held whole.
 */

/** How many rows one statement of a paged read returns. */
export const EXPORT_PAGE = 500;

/**
 * The rows of a statement, page by page in its key's ascending order: `page(after, limit)` returns the
 * rows whose key is above `after` (0 first), ordered by it; `key` reads a row's key.
 */
export async function* keysetRows<T>(
  db: Db,
  page: (after: number, limit: number) => SQL,
  key: (row: T) => number,
): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await selectRows<T>(db, page(after, EXPORT_PAGE));
    for (const row of rows) yield row;
    if (rows.length < EXPORT_PAGE) return;
    after = key(rows.at(-1)!);
  }
}

/** A member of the document: a value written whole, or an array of rows read as it is written. */
export type DocumentPart = { name: string; value: unknown } | { name: string; rows: () => AsyncIterable<unknown> };

/** About 64 KiB of text per chunk: few writes, and little held at once. */
const CHUNK = 64 * 1024;

/** The JSON text of an object with these members, in order, in chunks. */
export async function* jsonDocument(parts: readonly DocumentPart[]): AsyncGenerator<string> {
  let buffer = '{';
  for (const [i, part] of parts.entries()) {
    buffer += `${i === 0 ? '' : ','}\n${JSON.stringify(part.name)}: `;
    if ('value' in part) {
      buffer += JSON.stringify(part.value);
      continue;
    }
    buffer += '[';
    let first = true;
    for await (const row of part.rows()) {
      buffer += `${first ? '' : ','}\n  ${JSON.stringify(row)}`;
      first = false;
      if (buffer.length >= CHUNK) {
        yield buffer;
        buffer = '';
      }
    }
    buffer += first ? ']' : '\n]';
  }
  yield `${buffer}\n}\n`;
}
