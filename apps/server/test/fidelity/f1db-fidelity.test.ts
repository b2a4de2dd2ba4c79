import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readF1db } from '../../src/f1data/f1db-reader.ts';
import { importF1Data } from '../../src/f1data/importer.ts';
import { F1DB_FIXTURE, F1DB_HISTORY_FIXTURE } from '../support/f1data.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  careers,
  entries,
  entryFor,
  num,
  positionOf,
  readTree,
  SESSION_FILES,
  str,
  text,
  type Career,
  type F1dbTree,
  type RaceData,
  type SeasonData,
  type ResultRow,
} from './f1db-expected.ts';

/*
 * The site's Formula 1 history against F1DB, field by field, through the API as a reader gets it: every
 * race's classification, sprint, qualifying, grids, sessions, pit stops, vote and fastest lap; every
 * season's standings after each round and at the end; every driver's and team's career and seasons.
 * F1DB_DIR names a full F1DB tree (CI passes the one beside the checkout); without it the test checks
 * the committed fixture trees, real F1DB files too. It imports the tree with the importer, reads the
 * same tree with its own reading of F1DB's rules (f1db-expected.ts), and fails on any disagreement,
 * printing how many fields of each kind it compared.
 */

const TREES = process.env.F1DB_DIR ? [process.env.F1DB_DIR] : [F1DB_FIXTURE, F1DB_HISTORY_FIXTURE];

type Json = Record<string, unknown>;

/** The full tree is ~1,200 races and ~1,100 drivers and teams: minutes, not the suite's 30 s. */
const TIMEOUT = 1_800_000;

class Comparison {
  counts = new Map<string, { fields: number; wrong: number }>();
  problems: string[] = [];

  eq(category: string, where: string, field: string, actual: unknown, expected: unknown): void {
    const c = this.counts.get(category) ?? { fields: 0, wrong: 0 };
    this.counts.set(category, c);
    c.fields++;
    const same =
      typeof expected === 'number' && typeof actual === 'number'
        ? Math.abs(actual - expected) < 1e-9
        : JSON.stringify(actual) === JSON.stringify(expected);
    if (same) return;
    c.wrong++;
    if (this.problems.length < 40) {
      this.problems.push(
        `${category} ${where} ${field}: API ${JSON.stringify(actual)}, F1DB ${JSON.stringify(expected)}`,
      );
    }
  }

  /** Both lists as long, then each row's fields. */
  rows<R>(category: string, where: string, actual: Json[] | undefined, expected: R[], fields: (r: R) => Json): void {
    this.eq(category, where, 'rows', actual?.length ?? null, expected.length);
    expected.forEach((e, i) => {
      const a = actual?.[i];
      for (const [field, value] of Object.entries(fields(e))) {
        this.eq(category, `${where} row ${i + 1}`, field, a ? pick(a, field) : undefined, value);
      }
    });
  }

  report(label: string): string {
    const lines = [...this.counts].map(
      ([k, c]) => `  ${k.padEnd(24)} ${String(c.fields).padStart(9)} fields  ${String(c.wrong).padStart(6)} disagree`,
    );
    return [`F1DB fidelity (${label}):`, ...lines].join('\n');
  }
}

/** A field of an API row by path ("driver.id"). */
function pick(row: Json, field: string): unknown {
  return field.split('.').reduce<unknown>((o, k) => (o as Json | undefined)?.[k], row);
}

describe.each(TREES)('the API against the F1DB tree %s', (root) => {
  let t: TestApp;
  let tree: F1dbTree;
  const cmp = new Comparison();
  const get = async (url: string): Promise<Json> => {
    const res = await t.app.inject({ method: 'GET', url });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return res.json<Json>();
  };
  const nameOf = (kind: keyof F1dbTree['names'], id: unknown, field = 'name') =>
    id === null || id === undefined ? null : (str(tree.names[kind].get(text(id))?.[field]) ?? null);

  beforeAll(async () => {
    // Thousands of reads in a minute, from one address: the API's rate limit is not what is tested here.
    t = await createTestApp({ API_RATE_LIMIT: 10_000_000 });
    // A fresh database: the importer's bulk path, as a first start loads the seed.
    await importF1Data(t.database.db, readF1db(root), { fresh: true });
    tree = readTree(root);
  }, TIMEOUT);
  afterAll(async () => {
    console.log(cmp.report(root));
    await t?.close();
  });

  const races = () => tree.seasons.flatMap((s) => s.races);

  function classification(race: RaceData, rows: ResultRow[], sprint: boolean, all: ReturnType<typeof entries>) {
    return (r: ResultRow) => {
      const i = rows.indexOf(r);
      const pos = positionOf(r.position);
      const entry = entryFor(all, r, race.round);
      return {
        position: pos.text,
        position_number: pos.number,
        'driver.id': r.driverId,
        'team.id': r.constructorId,
        number: str(r.driverNumber),
        grid: r.gridPosition === null || r.gridPosition === undefined ? null : positionOf(r.gridPosition).text,
        laps: num(r.laps),
        elapsed_time: str(r.time),
        gap: str(r.gap),
        interval: str(r.interval),
        time_penalty: str(r.timePenalty),
        points: num(r.points),
        shared_car: r.sharedCar === true,
        pole_position: !sprint && race.pole[i]!,
        fastest_lap: !sprint && race.fastestLap[i]!,
        driver_of_the_day: !sprint && race.dotd[i]!,
        engine: nameOf('engine-manufacturers', r.engineManufacturerId),
        tyres: nameOf('tyre-manufacturers', r.tyreManufacturerId),
        entrant: nameOf('entrants', entry?.entrantId),
        chassis: (entry?.chassis ?? []).map((id) => nameOf('chassis', id, 'fullName')),
        engine_models: (entry?.engines ?? []).map((id) => nameOf('engines', id, 'fullName')),
      };
    };
  }

  it(
    'serves every race as F1DB has it: results, sprint, qualifying, grids, sessions, pit stops, vote, fastest lap',
    async () => {
      for (const season of tree.seasons) {
        const all = entries(season);
        for (const race of season.races) {
          const where = `${season.year} round ${race.round} (race ${race.id})`;
          const detail = await get(`/api/f1/races/${race.id}/`);
          cmp.eq('race', where, 'season', pick(detail, 'season.year'), season.year);
          cmp.eq('race', where, 'round_number', detail.round_number, race.round);
          cmp.eq('race', where, 'official_name', detail.official_name, str(race.facts.officialName));
          cmp.eq('race', where, 'circuit.id', pick(detail, 'circuit.id'), str(race.facts.circuitId));
          cmp.eq('race', where, 'laps', detail.laps, num(race.facts.laps));
          cmp.eq('race', where, 'distance_km', detail.distance_km, num(race.facts.distance));
          cmp.eq('race', where, 'has_results', detail.has_results, race.results.length > 0);
          const podium = race.results.filter((r) => (positionOf(r.position).number ?? 4) <= 3);
          cmp.rows('race', `${where} podium`, detail.podium as Json[], podium, (r) => ({
            position: positionOf(r.position).number,
            'driver.id': r.driverId,
            'team.id': r.constructorId,
          }));
          const winner = podium.find((r) => positionOf(r.position).number === 1);
          cmp.eq('race', where, 'winner', pick(detail, 'winner.driver.id') ?? null, winner?.driverId ?? null);
          const results = await get(`/api/f1/races/${race.id}/results/`);
          cmp.rows(
            'classification',
            where,
            results.classification as Json[],
            race.results,
            classification(race, race.results, false, all),
          );
          cmp.rows(
            'sprint',
            where,
            results.sprint as Json[],
            race.sprint,
            classification(race, race.sprint, true, all),
          );
          cmp.rows('qualifying', where, results.qualifying as Json[], race.qualifying, (q) => ({
            position: positionOf(q.position).text,
            'driver.id': q.driverId,
            'team.id': q.constructorId,
            q1: str(q.q1),
            q2: str(q.q2),
            q3: str(q.q3),
            time: str(q.time),
          }));
          const fastest = race.fastest.filter((f) => positionOf(f.position).number === 1);
          cmp.rows('fastest lap', where, results.fastest_laps as Json[], fastest, (f) => ({
            'driver.id': f.driverId,
            'team.id': f.constructorId,
            number: str(f.driverNumber),
            lap: num(f.lap),
            time: str(f.time),
          }));

          const weekend = await get(`/api/f1/races/${race.id}/weekend/`);
          const grid = (g: Json) => ({
            position: positionOf(g.position).text,
            'driver.id': g.driverId,
            'team.id': g.constructorId,
            number: str(g.driverNumber),
            penalty: str(g.gridPenalty),
            time: str(g.time),
          });
          cmp.rows('starting grid', where, weekend.starting_grid as Json[], race.grid, grid);
          cmp.rows('sprint grid', where, weekend.sprint_starting_grid as Json[], race.sprintGrid, grid);
          const sessions = Object.keys(SESSION_FILES).filter((s) => race.sessions[s]!.length > 0);
          cmp.eq(
            'sessions',
            where,
            'sessions',
            (weekend.sessions as Json[]).map((s) => s.session),
            sessions,
          );
          for (const session of sessions) {
            const served = (weekend.sessions as Json[]).find((s) => s.session === session);
            cmp.rows('sessions', `${where} ${session}`, served?.rows as Json[], race.sessions[session]!, (r) => ({
              position: positionOf(r.position).text,
              'driver.id': r.driverId,
              'team.id': r.constructorId,
              number: str(r.driverNumber),
              time: str(r.time),
              gap: str(r.gap),
              interval: str(r.interval),
              laps: num(r.laps),
              q1: str(r.q1),
              q2: str(r.q2),
              q3: str(r.q3),
            }));
          }
          cmp.rows('pit stops', where, weekend.pit_stops as Json[], race.pitStops, (p) => ({
            'driver.id': p.driverId,
            'team.id': p.constructorId,
            number: str(p.driverNumber),
            stop: num(p.stop),
            lap: num(p.lap),
            time: str(p.time),
          }));
          cmp.rows('driver of the day', where, weekend.driver_of_the_day as Json[], race.driverOfTheDay, (d) => ({
            position: positionOf(d.position).text,
            'driver.id': d.driverId,
            'team.id': d.constructorId,
            percentage: num(d.percentage),
          }));
        }
      }
      expect(races().length).toBeGreaterThan(0);
      expect(cmp.problems).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "serves every season's standings after each round and at the end as F1DB has them",
    async () => {
      /** Races won up to round `upTo`: by a driver, by a team (with an engine maker when the standings split it). */
      const winsUpTo = (season: SeasonData, upTo: number) => {
        const won = new Map<string, Set<number>>();
        const add = (key: string, race: number) => won.set(key, (won.get(key) ?? new Set()).add(race));
        for (const race of season.races.filter((r) => r.round <= upTo)) {
          for (const r of race.results.filter((x) => positionOf(x.position).number === 1)) {
            add(`d:${r.driverId}`, race.id);
            add(`t:${r.constructorId}`, race.id);
            add(`t:${r.constructorId}:${str(r.engineManufacturerId)}`, race.id);
          }
        }
        return (key: string) => won.get(key)?.size ?? 0;
      };
      const standings = (
        answer: Json,
        drivers: Json[],
        teams: Json[],
        where: string,
        season: SeasonData,
        upTo: number,
      ) => {
        const year = season.year;
        const wins = winsUpTo(season, upTo);
        const engines = new Map<string, Set<string | null>>();
        for (const t of teams) {
          engines.set(
            String(t.constructorId),
            (engines.get(String(t.constructorId)) ?? new Set()).add(str(t.engineManufacturerId)),
          );
        }
        cmp.rows('driver standings', where, answer.driver_standings as Json[], drivers, (s) => ({
          position: positionOf(s.position).number,
          position_text: positionOf(s.position).text,
          'driver.id': s.driverId,
          points: num(s.points),
          wins: wins(`d:${String(s.driverId)}`),
        }));
        cmp.eq(
          'constructor standings',
          where,
          'constructors_championship',
          answer.constructors_championship,
          year >= 1958,
        );
        cmp.rows('constructor standings', where, answer.constructor_standings as Json[], teams, (s) => ({
          position: positionOf(s.position).number,
          position_text: positionOf(s.position).text,
          'team.id': s.constructorId,
          engine: nameOf('engine-manufacturers', s.engineManufacturerId),
          points: num(s.points),
          wins: wins(
            engines.get(String(s.constructorId))!.size > 1
              ? `t:${String(s.constructorId)}:${str(s.engineManufacturerId)}`
              : `t:${String(s.constructorId)}`,
          ),
        }));
      };
      for (const season of tree.seasons) {
        if (season.races.length === 0) continue;
        if (season.driverStandings.length > 0) {
          const where = `${season.year} final`;
          // The season's own standings count the rounds with standings after them.
          const last = Math.max(0, ...season.races.filter((r) => r.driverStandings.length > 0).map((r) => r.round));
          const upTo = last || Math.max(...season.races.map((r) => r.round));
          const own = [season.driverStandings, season.constructorStandings] as const;
          standings(await get(`/api/f1/standings/?season=${season.year}`), ...own, where, season, upTo);
          const stats = await get(`/api/f1/season_stats/?season=${season.year}`);
          standings(stats, ...own, `${where} (season stats)`, season, upTo);
        }
        for (const race of season.races) {
          if (race.driverStandings.length === 0) continue;
          const answer = await get(`/api/f1/standings/?season=${season.year}&round=${race.round}`);
          cmp.eq('rounds', `${season.year}`, `round ${race.round} race`, pick(answer, 'race.id'), race.id);
          standings(
            answer,
            race.driverStandings,
            race.constructorStandings,
            `${season.year} after round ${race.round}`,
            season,
            race.round,
          );
        }
      }
      expect(cmp.problems).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "serves every driver's and team's career and seasons by F1DB's rules",
    async () => {
      const { drivers, teams } = careers(tree);
      const check = (category: string, id: string, c: Career, detail: Json, team: boolean) => {
        const career = detail.career as Json;
        const figures: (keyof Career['figures'])[] = [
          'starts',
          'wins',
          'podiums',
          'poles',
          'fastest_laps',
          'points',
          'championship_points',
          'championships',
        ];
        for (const f of team ? [...figures, 'entries' as const] : figures) {
          cmp.eq(category, id, `career.${f}`, career[f], c.figures[f]);
        }
        cmp.eq(category, id, 'first_race', pick(detail, 'first_race.id') ?? null, c.firstRace);
        cmp.eq(category, id, 'last_race', pick(detail, 'last_race.id') ?? null, c.lastRace);
        for (const row of detail.seasons as Json[]) {
          const s = c.seasons.get(row.year as number);
          const where = `${id} ${String(row.year)}`;
          cmp.eq(category, where, 'position', row.position, s?.standing?.position ?? null);
          cmp.eq(category, where, 'points', row.points, s?.standing?.points ?? null);
          cmp.eq(category, where, 'points_scored', row.points_scored, s?.points_scored ?? 0);
          cmp.eq(category, where, 'wins', row.wins, s?.wins ?? 0);
          cmp.eq(category, where, 'podiums', row.podiums, s?.podiums ?? 0);
          if (!team) {
            cmp.eq(category, where, 'starts', row.starts, s?.starts ?? 0);
            cmp.eq(category, where, 'best_finish', row.best_finish, s?.best_finish ?? null);
          }
        }
        const served = new Set((detail.seasons as Json[]).map((r) => r.year));
        for (const [year, s] of c.seasons) {
          if (s.starts > 0 || s.standing) cmp.eq(category, id, `season ${year} listed`, served.has(year), true);
        }
      };
      for (const [id, c] of drivers) check('drivers', id, c, await get(`/api/f1/drivers/${id}/`), false);
      for (const [id, c] of teams) check('teams', id, c, await get(`/api/f1/teams/${id}/`), true);
      expect(drivers.size).toBeGreaterThan(0);
      expect(cmp.problems).toEqual([]);
    },
    TIMEOUT,
  );
});
