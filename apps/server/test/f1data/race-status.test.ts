import { asc, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { circuits, countries, grandsPrix, races, seasons } from '../../src/db/schema/f1.ts';
import {
  isRaceCompleted,
  RACE_COMPLETED_AFTER_MS,
  raceIsCompletedSql,
  raceIsCompletedSqlOf,
} from '../../src/f1data/race-status.ts';
import { createTestDatabase } from '../support/test-app.ts';

const START = '2026-08-23T13:00:00.000Z';
const startMs = Date.parse(START);

describe('isRaceCompleted', () => {
  it('counts a race with results as completed, even before its scheduled start', () => {
    expect(isRaceCompleted({ hasResults: true, startsAt: START }, startMs - 86_400_000)).toBe(true);
  });

  it('counts a race without results as completed only once its start is more than 3 hours past', () => {
    const race = { hasResults: false, startsAt: new Date(START) };
    expect(isRaceCompleted(race, startMs - 1)).toBe(false);
    expect(isRaceCompleted(race, startMs + RACE_COMPLETED_AFTER_MS)).toBe(false);
    expect(isRaceCompleted(race, new Date(startMs + RACE_COMPLETED_AFTER_MS + 1))).toBe(true);
  });
});

describe('raceIsCompletedSql', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    await db.insert(countries).values({ id: 'netherlands', name: 'Netherlands' });
    await db.insert(circuits).values({
      id: 'zandvoort',
      name: 'Zandvoort',
      fullName: 'Circuit Zandvoort',
      placeName: 'Zandvoort',
      countryId: 'netherlands',
    });
    await db
      .insert(grandsPrix)
      .values({ id: 'netherlands', name: 'Netherlands', fullName: 'Dutch Grand Prix', shortName: 'Dutch GP' });
    await db.insert(seasons).values({ year: 2026 });
    const race = {
      year: 2026,
      date: '2026-08-23',
      grandPrixId: 'netherlands',
      officialName: 'Dutch GP',
      circuitId: 'zandvoort',
    };
    await db.insert(races).values([
      { ...race, id: 1, round: 1, startsAt: new Date(START), hasResults: true },
      { ...race, id: 2, round: 2, startsAt: new Date(START), hasResults: false },
      { ...race, id: 3, round: 3, startsAt: new Date('2999-01-01T12:00:00Z'), hasResults: false },
    ]);
  });

  afterAll(() => database.close());

  async function completedAt(at?: Date) {
    const rows = await database.db
      .select({ id: races.id, done: at ? raceIsCompletedSqlOf(races, at) : raceIsCompletedSql() })
      .from(races)
      .orderBy(asc(races.id));
    return rows.map((r) => [r.id, r.done]);
  }

  it('applies the same rule as isRaceCompleted, to the millisecond', async () => {
    expect(await completedAt(new Date(startMs + RACE_COMPLETED_AFTER_MS))).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
    expect(await completedAt(new Date(startMs + RACE_COMPLETED_AFTER_MS + 1))).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
  });

  it("uses the database's clock when no time is given", async () => {
    const now = await completedAt();
    const expected = [1, 2, 3].map((id) => [
      id,
      id === 3 ? false : isRaceCompleted({ hasResults: id === 1, startsAt: START }),
    ]);
    expect(now).toEqual(expected);
  });

  it('works over an alias of races', async () => {
    const r = alias(races, 'r');
    const rows = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(r)
      .where(raceIsCompletedSqlOf(r, new Date(startMs - 1)));
    expect(rows[0]?.n).toBe(1);
  });
});
