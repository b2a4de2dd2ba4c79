import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/*
 * What F1DB says, read straight from its YAML tree with F1DB's own rules for the figures it derives
 * (the rules of F1DB's build, which writes its releases' totals): the fidelity test's side of the
 * comparison. Written apart from the importer on purpose, so that a fault of the reader or of a query
 * shows up as a disagreement instead of being repeated on both sides.
 */

type Yaml = Record<string, unknown>;

const read = (file: string): unknown => (existsSync(file) ? parse(readFileSync(file, 'utf8')) : null);
const list = (file: string): Yaml[] => (read(file) as Yaml[] | null) ?? [];
/** A YAML scalar as text (F1DB writes some times and numbers unquoted). */
const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : text(v));
const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

export interface Position {
  text: string;
  number: number | null;
}
export const positionOf = (v: unknown): Position => {
  const text = String(v);
  return { text, number: /^\d+$/.test(text) ? Number(text) : null };
};

/** F1DB counts a start for every race result but these. */
const NOT_STARTED = new Set(['DNP', 'DNPQ', 'DNQ', 'DNS', 'EX']);

/** F1DB tells one car from another by these five (a driver who shared drives raced two cars). */
const carOf = (r: Yaml) =>
  [r.driverNumber, r.driverId, r.constructorId, r.engineManufacturerId, r.tyreManufacturerId].map(String).join('|');
const firstCars = (rows: Yaml[]) => new Set(rows.filter((r) => positionOf(r.position).number === 1).map(carOf));

export interface ResultRow extends Yaml {
  position: unknown;
  driverId: string;
  constructorId: string;
}

export interface RaceData {
  id: number;
  year: number;
  round: number;
  date: string;
  /** race.yml as it is. */
  facts: Yaml;
  dir: string;
  results: ResultRow[];
  sprint: ResultRow[];
  qualifying: Yaml[];
  grid: Yaml[];
  sprintGrid: Yaml[];
  fastest: Yaml[];
  pitStops: Yaml[];
  driverOfTheDay: Yaml[];
  sessions: Record<string, Yaml[]>;
  driverStandings: Yaml[];
  constructorStandings: Yaml[];
  /** F1DB's flags of a race result, by the result's index. */
  pole: boolean[];
  fastestLap: boolean[];
  dotd: boolean[];
}

export const SESSION_FILES: Record<string, string> = {
  PRE_QUALIFYING: 'pre-qualifying-results.yml',
  FREE_PRACTICE_1: 'free-practice-1-results.yml',
  FREE_PRACTICE_2: 'free-practice-2-results.yml',
  FREE_PRACTICE_3: 'free-practice-3-results.yml',
  FREE_PRACTICE_4: 'free-practice-4-results.yml',
  QUALIFYING_1: 'qualifying-1-results.yml',
  QUALIFYING_2: 'qualifying-2-results.yml',
  SPRINT_QUALIFYING: 'sprint-qualifying-results.yml',
  WARM_UP: 'warming-up-results.yml',
};

export interface SeasonData {
  year: number;
  races: RaceData[];
  entrants: Yaml[];
  driverStandings: Yaml[];
  constructorStandings: Yaml[];
  /** F1DB counts a title once a later season exists or a race decided it. */
  decided: boolean;
}

export interface F1dbTree {
  seasons: SeasonData[];
  names: Record<'engine-manufacturers' | 'tyre-manufacturers' | 'entrants' | 'chassis' | 'engines', Map<string, Yaml>>;
}

function entities(dir: string): Map<string, Yaml> {
  const out = new Map<string, Yaml>();
  if (!existsSync(dir)) return out;
  for (const f of readdirSync(dir)) {
    const o = read(path.join(dir, f)) as Yaml;
    out.set(String(o.id), o);
  }
  return out;
}

function readRaceDir(year: number, dir: string): RaceData {
  const race = read(path.join(dir, 'race.yml')) as Yaml;
  const file = (name: string) => list(path.join(dir, name));
  const results = file('race-results.yml') as ResultRow[];
  const grid = file('starting-grid-positions.yml');
  const sprintGrid = file('sprint-starting-grid-positions.yml');
  const fastest = file('fastest-laps.yml');
  const dotdRows = file('driver-of-the-day-results.yml');
  const poleCars = firstCars(year === 2022 && race.qualifyingFormat === 'SPRINT_RACE' ? sprintGrid : grid);
  const fastestCars = firstCars(fastest);
  const dotdCars = firstCars(dotdRows);
  return {
    id: Number(race.id),
    year,
    round: Number(race.round),
    date: String(race.date),
    facts: race,
    dir,
    results,
    sprint: file('sprint-race-results.yml') as ResultRow[],
    qualifying: file('qualifying-results.yml'),
    grid,
    sprintGrid,
    fastest,
    pitStops: file('pit-stops.yml'),
    driverOfTheDay: dotdRows,
    sessions: Object.fromEntries(Object.entries(SESSION_FILES).map(([s, f]) => [s, file(f)])),
    driverStandings: file('driver-standings.yml'),
    constructorStandings: file('constructor-standings.yml'),
    pole: results.map((r) => poleCars.has(carOf(r))),
    fastestLap: results.map((r) => fastestCars.has(carOf(r))),
    dotd: results.map((r) => dotdCars.has(carOf(r))),
  };
}

/** The whole tree (F1DB's src/data, or a folder holding it). */
export function readTree(root: string): F1dbTree {
  const data = [root, path.join(root, 'data'), path.join(root, 'src', 'data')].find((d) =>
    existsSync(path.join(d, 'seasons')),
  );
  if (!data) throw new Error(`${root} holds no F1DB tree`);
  const years = readdirSync(path.join(data, 'seasons'))
    .filter((y) => /^\d{4}$/.test(y))
    .map(Number)
    .sort((a, b) => a - b);
  const last = years[years.length - 1];
  const seasons = years.map((year): SeasonData => {
    const dir = path.join(data, 'seasons', String(year));
    const racesDir = path.join(dir, 'races');
    const races = existsSync(racesDir)
      ? readdirSync(racesDir)
          .sort()
          .filter((d) => existsSync(path.join(racesDir, d, 'race.yml')))
          .map((d) => readRaceDir(year, path.join(racesDir, d)))
      : [];
    // F1DB counts a title once a race decided it or a later season exists; a tree cut off after a season's
    // last race (a fixture) has neither, and the site counts it once every race has been run.
    const decided =
      year !== last ||
      races.some((r) => (read(path.join(r.dir, 'race.yml')) as Yaml).driversChampionshipDecider) ||
      races.every((r) => Date.parse(`${r.date}T23:59:59Z`) < Date.now());
    return {
      year,
      races,
      entrants: list(path.join(dir, 'entrants.yml')),
      driverStandings: list(path.join(dir, 'driver-standings.yml')),
      constructorStandings: list(path.join(dir, 'constructor-standings.yml')),
      decided,
    };
  });
  const names = {
    'engine-manufacturers': entities(path.join(data, 'engine-manufacturers')),
    'tyre-manufacturers': entities(path.join(data, 'tyre-manufacturers')),
    entrants: entities(path.join(data, 'entrants')),
    chassis: entities(path.join(data, 'chassis')),
    engines: entities(path.join(data, 'engines')),
  };
  return { seasons, names };
}

/** A driver's or a team's figures as F1DB's build totals them. */
export interface Figures {
  starts: number;
  entries: number;
  wins: number;
  podiums: number;
  poles: number;
  fastest_laps: number;
  points: number;
  championship_points: number;
  championships: number;
}

export interface SeasonFigures {
  year: number;
  starts: number;
  wins: number;
  podiums: number;
  points_scored: number;
  best_finish: number | null;
  /** The season-level standing, when the season has one for them. */
  standing: { position: number | null; points: number } | null;
}

export interface Career {
  figures: Figures;
  seasons: Map<number, SeasonFigures>;
  firstRace: number | null;
  lastRace: number | null;
}

function emptyCareer(): Career {
  return {
    figures: {
      starts: 0,
      entries: 0,
      wins: 0,
      podiums: 0,
      poles: 0,
      fastest_laps: 0,
      points: 0,
      championship_points: 0,
      championships: 0,
    },
    seasons: new Map(),
    firstRace: null,
    lastRace: null,
  };
}

function seasonOf(c: Career, year: number): SeasonFigures {
  let s = c.seasons.get(year);
  if (!s) {
    s = { year, starts: 0, wins: 0, podiums: 0, points_scored: 0, best_finish: null, standing: null };
    c.seasons.set(year, s);
  }
  return s;
}

/**
 * Every driver's and team's career, by F1DB's rules: a driver's starts, wins and podiums count races; a team's
 * wins count races and its podiums count the places of cars not shared; points are the points scored
 * (a team's career only from 1958, when constructors began to score), championship points those of the
 * season standings.
 */
export function careers(tree: F1dbTree): { drivers: Map<string, Career>; teams: Map<string, Career> } {
  const drivers = new Map<string, Career>();
  const teams = new Map<string, Career>();
  const of = (m: Map<string, Career>, id: string) => {
    let c = m.get(id);
    if (!c) m.set(id, (c = emptyCareer()));
    return c;
  };
  for (const season of tree.seasons) {
    for (const race of season.races) {
      const counted = {
        starts: new Set<string>(),
        wins: new Set<string>(),
        podiums: new Set<string>(),
        entries: new Set<string>(),
      };
      const once = (kind: keyof typeof counted, who: string) => !counted[kind].has(who) && !!counted[kind].add(who);
      race.results.forEach((r, i) => {
        const pos = positionOf(r.position);
        const d = of(drivers, r.driverId);
        const t = of(teams, r.constructorId);
        const ds = seasonOf(d, season.year);
        const ts = seasonOf(t, season.year);
        for (const c of [d, t]) {
          if (c.firstRace === null) c.firstRace = race.id;
          c.lastRace = race.id;
        }
        if (once('entries', `t:${r.constructorId}`)) t.figures.entries++;
        if (!NOT_STARTED.has(pos.text)) {
          if (once('starts', `d:${r.driverId}`)) {
            d.figures.starts++;
            ds.starts++;
          }
          if (once('starts', `t:${r.constructorId}`)) t.figures.starts++;
        }
        if (pos.number === 1) {
          if (once('wins', `d:${r.driverId}`)) {
            d.figures.wins++;
            ds.wins++;
          }
          if (once('wins', `t:${r.constructorId}`)) {
            t.figures.wins++;
            ts.wins++;
          }
        }
        if (pos.number !== null && pos.number <= 3) {
          if (once('podiums', `d:${r.driverId}`)) {
            d.figures.podiums++;
            ds.podiums++;
          }
          if (r.sharedCar !== true) {
            t.figures.podiums++;
            ts.podiums++;
          }
        }
        if (pos.number !== null) ds.best_finish = Math.min(ds.best_finish ?? pos.number, pos.number);
        if (race.pole[i]) {
          d.figures.poles++;
          t.figures.poles++;
        }
        if (race.fastestLap[i]) {
          d.figures.fastest_laps++;
          t.figures.fastest_laps++;
        }
      });
      for (const r of [...race.results, ...race.sprint]) {
        const points = num(r.points);
        if (points === null) continue;
        const d = of(drivers, r.driverId);
        const t = of(teams, r.constructorId);
        d.figures.points += points;
        seasonOf(d, season.year).points_scored += points;
        if (season.year > 1957) t.figures.points += points;
        seasonOf(t, season.year).points_scored += points;
      }
    }
    for (const [rows, m, key] of [
      [season.driverStandings, drivers, 'driverId'],
      [season.constructorStandings, teams, 'constructorId'],
    ] as const) {
      for (const row of rows) {
        const c = of(m, String(row[key]));
        const pos = positionOf(row.position);
        const points = num(row.points) ?? 0;
        c.figures.championship_points += points;
        if (pos.number === 1 && season.decided) c.figures.championships++;
        const s = seasonOf(c, season.year);
        // A team split by engine has several rows: its season shows the best placed.
        s.standing ??= { position: pos.number, points };
      }
    }
  }
  return { drivers, teams };
}

export { num, str, text };

export interface Entry {
  entrantId: string;
  constructorId: string;
  engineManufacturerId: string | null;
  chassis: string[];
  engines: string[];
  tyres: string[];
  driverId: string;
  rounds: Set<number> | null;
}

const ids = (o: Yaml, many: string, one: string): string[] =>
  Array.isArray(o[many]) ? (o[many] as Yaml[]).map((x) => text(x[one])) : o[one] ? [text(o[one])] : [];

function roundsOf(rounds: unknown): Set<number> | null {
  const written = str(rounds);
  if (written === null || written.trim() === '') return null;
  const out = new Set<number>();
  for (const part of written.split(',')) {
    const [a, b] = part.split('-').map((x) => Number(x.trim()));
    for (let r = a!; r <= (b ?? a!); r++) out.add(r);
  }
  return out;
}

/** entrants.yml flattened: entrant → constructors → drivers, a single item written as keys on its parent. */
export function entries(season: SeasonData): Entry[] {
  const out: Entry[] = [];
  for (const e of season.entrants) {
    for (const c of Array.isArray(e.constructors) ? (e.constructors as Yaml[]) : [e]) {
      const drivers = Array.isArray(c.drivers) ? (c.drivers as Yaml[]) : c.driverId ? [c] : [];
      for (const d of drivers) {
        out.push({
          entrantId: String(e.entrantId),
          constructorId: String(c.constructorId),
          engineManufacturerId: str(c.engineManufacturerId),
          chassis: ids(c, 'chassis', 'chassisId'),
          engines: ids(c, 'engines', 'engineId'),
          tyres: ids(c, 'tyreManufacturers', 'tyreManufacturerId'),
          driverId: String(d.driverId),
          rounds: roundsOf(d.rounds),
        });
      }
    }
  }
  return out;
}

/** The entry a result's car ran under: same driver, constructor and engine maker in that round; tyres break a tie. */
export function entryFor(all: Entry[], r: ResultRow, round: number): Entry | null {
  const found = all.filter(
    (e) =>
      e.driverId === r.driverId &&
      e.constructorId === r.constructorId &&
      e.engineManufacturerId === str(r.engineManufacturerId) &&
      (e.rounds === null || e.rounds.has(round)),
  );
  return found.find((e) => e.tyres.includes(String(r.tyreManufacturerId))) ?? found[0] ?? null;
}
