import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Reader } from '../../lib/context.ts';
import { selectRows } from '../../lib/sql.ts';
import { raceShieldedFor } from './sql.ts';

/* The spoiler shield owns no table: it decides over the ids it is given, with the rule of ./sql.ts. */

/** The races among `raceIds` whose spoilers the reader's shield hides, in one statement. */
export async function selectShieldedRaceIds(db: Db, reader: Reader, raceIds: readonly number[]): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select x.id from unnest(${sql.param([...new Set(raceIds)])}::int[]) as x(id)
        where ${raceShieldedFor(reader, sql`x.id`)}`,
  );
  return rows.map((r) => r.id);
}
