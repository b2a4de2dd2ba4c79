import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Rows of a raw statement; both drivers (PGlite and node-postgres) answer with `{rows}`. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** The unique index a failed write hit, if it was a unique violation (PostgreSQL and PGlite alike). */
export function violatedUniqueIndex(err: unknown): string | null {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const pgError = e as Error & { code?: unknown; constraint?: unknown };
    if (pgError.code === '23505') return typeof pgError.constraint === 'string' ? pgError.constraint : '';
  }
  return null;
}
