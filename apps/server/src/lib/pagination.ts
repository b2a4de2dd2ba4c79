import { ID_MAX } from '@paddock/contract';
import { fieldErrors } from './errors.ts';

/*
 * Keyset pagination, one way for every list: a page is read with `limit page_size + 1`; the extra row
 * only tells that more exist, and the cursor names the last row returned (its sort key), so the next
 * page starts strictly after it whatever was inserted or deleted meanwhile.
 */

export type CursorValue = number | string;

/** An opaque cursor for a sort key of several values (for example `[starts_ms, id]`). */
export function encodeCursor(values: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

const invalidCursor = () => fieldErrors({ cursor: ['Invalid cursor.'] });

/**
 * Decodes a cursor of the given shape (`id`: a row id the database can store, `number`: any finite
 * number, `string`); anything else is the client's mistake: a 400 on `cursor`, never a database error.
 */
export function decodeCursor<const S extends readonly ('number' | 'id' | 'string')[]>(
  cursor: string,
  shape: S,
): { [K in keyof S]: S[K] extends 'string' ? string : number } {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(value) || value.length !== shape.length) throw invalidCursor();
  shape.forEach((kind, i) => {
    const v: unknown = value[i];
    const ok =
      kind === 'string'
        ? typeof v === 'string'
        : kind === 'id'
          ? Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= ID_MAX
          : typeof v === 'number' && Number.isFinite(v);
    if (!ok) throw invalidCursor();
  });
  return value as { [K in keyof S]: S[K] extends 'string' ? string : number };
}

/** The row id of a cursor over ids (newest first lists keyed by id alone), or undefined for the first page. */
export function decodeIdCursor(cursor: string | undefined): number | undefined {
  return cursor === undefined ? undefined : decodeCursor(cursor, ['id'] as const)[0];
}

/**
 * Cuts the `limit page_size + 1` rows of a keyset query into a page: the first `pageSize` rows, and a
 * cursor from the last of them when the extra row shows that more follow.
 */
export function toPage<Row, Item, C>(
  rows: readonly Row[],
  pageSize: number,
  map: (row: Row) => Item,
  cursorOf: (last: Row) => C,
): { results: Item[]; next_cursor: C | null } {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    results: page.map(map),
    next_cursor: rows.length > pageSize && last !== undefined ? cursorOf(last) : null,
  };
}
