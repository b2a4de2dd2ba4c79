import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Clock } from '../../src/f1data/jolpica-client.ts';
import type { F1Data } from '../../src/f1data/types.ts';

/** The small F1DB tree of real F1DB files (see fixtures/build-f1db-fixture.ts). */
export const F1DB_FIXTURE = path.resolve(import.meta.dirname, '../fixtures/f1db');

/**
 * Real F1DB races whose figures F1DB's rules decide (fixtures/build-f1db-fixture.ts): 1951 France and 1956
 * Argentina (shared winning cars), 1954 Britain (seven drivers share the fastest lap), 1960 Argentina and
 * Monaco (Cooper-Climax and Cooper-Maserati), 1997 Japan and Europe (Schumacher disqualified from the
 * championship), 2022 Emilia Romagna (the sprint set the grid) and 2024 China (every session of a sprint
 * weekend, pit stops, driver of the day).
 */
export const F1DB_HISTORY_FIXTURE = path.resolve(import.meta.dirname, '../fixtures/f1db-history');

/** Recorded Jolpica responses (see fixtures/jolpica/README.md). */
/** The 2023 Austrian GP: the fixture's race that the sync tests fill from the recorded Jolpica answers. */
export const AUSTRIA_2023 = 1088;

/** The fixture as if F1DB's snapshot had been taken before the 2023 Austrian GP had results. */
export function withoutAustria2023Results(f1db: F1Data): F1Data {
  return {
    ...f1db,
    races: f1db.races.map((r) => (r.id === AUSTRIA_2023 ? { ...r, hasResults: false } : r)),
    raceResults: f1db.raceResults.filter((r) => r.raceId !== AUSTRIA_2023),
    qualifyingResults: f1db.qualifyingResults.filter((r) => r.raceId !== AUSTRIA_2023),
    startingGrid: f1db.startingGrid.filter((r) => r.raceId !== AUSTRIA_2023),
    fastestLaps: f1db.fastestLaps.filter((r) => r.raceId !== AUSTRIA_2023),
    sessionResults: f1db.sessionResults.filter((r) => r.raceId !== AUSTRIA_2023),
    pitStops: f1db.pitStops.filter((r) => r.raceId !== AUSTRIA_2023),
    driverOfTheDay: f1db.driverOfTheDay.filter((r) => r.raceId !== AUSTRIA_2023),
  };
}

export const JOLPICA_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/jolpica');

/** A clock that never waits: sleeping moves its time forward, and every sleep is recorded. */
export function fakeClock(start: number): Clock & { sleeps: number[]; at: number } {
  const clock = {
    at: start,
    sleeps: [] as number[],
    now: () => clock.at,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.at += ms;
    },
  };
  return clock;
}

/** The recording's file name for a request, as the jolpica-f1 test suite names them. */
export function recordingName(url: string): string {
  const u = new URL(url);
  const rel = u.pathname.replace(/^\/ergast\/f1\//, '').replace(/\//g, '@');
  const offset = Number(u.searchParams.get('offset') ?? 0);
  return offset > 0 ? `${rel}^offset=${offset}` : rel;
}

export interface Replay {
  fetch: (url: string) => Promise<Response>;
  /** Every URL asked for, in order. */
  requested: string[];
}

/**
 * Answers requests from the recordings; `override` may replace a recording's JSON. A request without
 * a recording fails the test rather than reaching the network.
 */
export function replayJolpica(override: (name: string, json: unknown) => unknown = (_n, j) => j): Replay {
  const requested: string[] = [];
  return {
    requested,
    fetch: async (url: string) => {
      requested.push(url);
      const name = recordingName(url);
      const file = path.join(JOLPICA_FIXTURES, name);
      if (!existsSync(file)) throw new Error(`no recorded Jolpica response for ${url} (${name})`);
      const json = override(name, JSON.parse(readFileSync(file, 'utf8')));
      return new Response(JSON.stringify(json), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  };
}
