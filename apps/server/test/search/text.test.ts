import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { selectRows } from '../../src/lib/sql.ts';
import { createTestDatabase } from '../support/test-app.ts';
import { matches, normalize, prepare, query, rank, wordSimilarity } from '../../src/modules/search/text.ts';

/*
 * The in-memory search must find what the database would: its normalization is the database's
 * f_unaccent(lower(…)) and its word similarity pg_trgm's, compared here with the database itself.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const PAIRS: [string, string][] = [
  ['word', 'two words'],
  ['verstapen', 'Max Verstappen'],
  ['verstapen', 'Max Emilian Verstappen'],
  ['perez', 'Sergio Michel Pérez Mendoza'],
  ['hamilton', 'Lewis Carl Davidson Hamilton'],
  ['lewis hamilton', 'Lewis Hamilton'],
  ['ferari', 'Scuderia Ferrari'],
  ['red bull', 'Red Bull Racing'],
  ['silverstone', 'Silverstone Circuit'],
  ['interlagos', 'Autódromo José Carlos Pace'],
  ['sao paulo', 'São Paulo'],
  ['hulkenberg', 'Nico Hülkenberg'],
  ['belso', 'Tom Belsø'],
  ['monaco', 'Circuit de Monaco'],
  ['abu dhabi', 'Yas Marina'],
  ['gen member', 'Generated Member 1234'],
  ['xyz', 'Ayrton Senna'],
];

describe('search text matching', () => {
  it("normalizes like the database's f_unaccent(lower(…))", async () => {
    const texts = PAIRS.flat().concat(['Æsir Œuvre Straße Łódź Đorđe', 'KIMI RÄIKKÖNEN']);
    const rows = await selectRows<{ t: string; n: string }>(
      database.db,
      sql`select t, f_unaccent(lower(t)) as n from json_array_elements_text(${JSON.stringify(texts)}::json) t`,
    );
    expect(rows.map((r) => normalize(r.t))).toEqual(rows.map((r) => r.n));
  });

  it("computes pg_trgm's word similarity", async () => {
    const rows = await selectRows<{ sim: number }>(
      database.db,
      sql`select word_similarity(f_unaccent(lower(p->>0)), f_unaccent(lower(p->>1)))::float8 as sim
        from json_array_elements(${JSON.stringify(PAIRS)}::json) with ordinality as x(p, i) order by i`,
    );
    const ours = PAIRS.map(([a, b]) => wordSimilarity(query(a), prepare(b)));
    ours.forEach((sim, i) => expect(sim, PAIRS[i]!.join(' / ')).toBeCloseTo(rows[i]!.sim, 5));
  });

  it('matches word starts only for a short query, and forgives typos for a longer one', () => {
    expect(matches(query('am'), prepare('Lewis Hamilton'), true)).toBe(false);
    expect(matches(query('ha'), prepare('Lewis Hamilton'), true)).toBe(true);
    expect(matches(query('verstapen'), prepare('Max Verstappen'), true)).toBe(true);
    expect(matches(query('verstapen'), prepare('Max Verstappen'), false)).toBe(false);
    expect(matches(query('pe_ez'), prepare('Sergio Pérez'), true)).toBe(false);
  });

  it('ranks an equal name above a word start above a substring', () => {
    const q = query('ferrari');
    const equal = rank(q, [prepare('Ferrari')]);
    const start = rank(q, [prepare('Ferrari Customers')]);
    const inside = rank(q, [prepare('Scuderiaferrari')]);
    expect(equal).toBeGreaterThan(start);
    expect(start).toBeGreaterThan(inside);
    expect(rank(query('perez'), [prepare('Luis Pérez-Sala')])).toBeGreaterThanOrEqual(2);
  });
});
