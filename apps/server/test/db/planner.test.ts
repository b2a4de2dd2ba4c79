import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { rowLimit, selectRows } from '../../src/lib/sql.ts';
import { createTestDatabase } from '../support/test-app.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('planner settings (decision 010)', () => {
  it('every connection plans prepared statements once and knows the data is in memory', async () => {
    // Several at once, so a pool opens several connections: each must carry the settings.
    const readings = await Promise.all(
      Array.from({ length: 6 }, () =>
        selectRows<{ mode: string; cost: string }>(
          database.db,
          sql`select current_setting('plan_cache_mode') as mode, current_setting('random_page_cost') as cost, pg_sleep(0.05)::text`,
        ),
      ),
    );
    for (const [reading] of readings) expect(reading).toMatchObject({ mode: 'force_generic_plan', cost: '1.1' });
  });

  it('writes row limits into the statement, and only whole numbers', async () => {
    const rows = await selectRows<{ n: number }>(
      database.db,
      sql`select n from generate_series(1, 10) n order by n ${rowLimit(3)}`,
    );
    expect(rows.map((r) => r.n)).toEqual([1, 2, 3]);
    for (const bad of [2.5, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => rowLimit(bad)).toThrow();
  });
});
