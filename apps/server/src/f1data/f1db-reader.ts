import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { formatRounds, parseRounds } from './rounds.ts';
import { TIMED_SESSIONS, type TimedSession } from '../db/schema/f1.ts';
import {
  emptyF1Data,
  type ConstructorStandingRow,
  type DriverStandingRow,
  type F1Data,
  type RaceResultRow,
  type RaceRow,
  type SeasonDriverRow,
} from './types.ts';

/*
 * Reads an F1DB source tree (github.com/f1db/f1db, folder src/data: YAML, one file per entity) into
 * the importer's plain records. Only what the product shows is kept (no circuit layouts, family
 * relationships or championship deciders). The flags F1DB derives when it builds its releases (pole,
 * fastest lap, driver of the day) are set here by F1DB's own rule: on the one car, told by its number,
 * driver, constructor, engine and tyres, that the grid, fastest-lap or vote file puts first.
 */

type Yaml = Record<string, unknown>;

class F1dbFormatError extends Error {}

function fail(where: string, what: string): never {
  throw new F1dbFormatError(`${where}: ${what}`);
}

function reqStr(o: Yaml, key: string, where: string): string {
  const v = o[key];
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number') return String(v);
  return fail(where, `missing ${key}`);
}

function optStr(o: Yaml, key: string): string | null {
  const v = o[key];
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

function optNum(o: Yaml, key: string, where: string): number | null {
  const v = o[key];
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return fail(where, `${key} is not a number: ${JSON.stringify(v)}`);
}

function optInt(o: Yaml, key: string, where: string): number | null {
  const n = optNum(o, key, where);
  if (n !== null && !Number.isInteger(n)) fail(where, `${key} is not an integer: ${n}`);
  return n;
}

/** F1DB positions are a number, or a text such as "DNF", "DSQ", "NC", "DNS", "DNQ", "EX" or "PL". */
export function readPosition(v: unknown, where: string): { text: string; number: number | null } {
  if (typeof v === 'number' && Number.isInteger(v)) return { text: String(v), number: v };
  if (typeof v === 'string' && /^\d+$/.test(v)) return { text: v, number: Number(v) };
  if (typeof v === 'string' && v !== '') return { text: v, number: null };
  return fail(where, `unreadable position ${JSON.stringify(v)}`);
}

function readYaml(file: string): unknown {
  return parse(readFileSync(file, 'utf8'));
}

function readObject(file: string): Yaml {
  const v = readYaml(file);
  if (!v || typeof v !== 'object' || Array.isArray(v)) return fail(file, 'expected a mapping');
  return v as Yaml;
}

function readList(file: string): Yaml[] {
  if (!existsSync(file)) return [];
  const v = readYaml(file);
  if (v === null || v === undefined) return [];
  if (!Array.isArray(v)) return fail(file, 'expected a list');
  return v as Yaml[];
}

function entityFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yml'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Accepts the F1DB repository root, its src/data folder, or a folder holding `data`. */
export function resolveF1dbDataDir(dir: string): string {
  for (const candidate of [dir, path.join(dir, 'data'), path.join(dir, 'src', 'data')]) {
    if (existsSync(path.join(candidate, 'seasons')) && existsSync(path.join(candidate, 'drivers'))) return candidate;
  }
  throw new Error(`${dir} is not an F1DB source tree (no seasons/ and drivers/ folders found)`);
}

function readEntities(data: string, out: F1Data): void {
  for (const file of entityFiles(path.join(data, 'countries'))) {
    const o = readObject(file);
    out.countries.push({
      id: reqStr(o, 'id', file),
      alpha2Code: optStr(o, 'alpha2Code'),
      alpha3Code: optStr(o, 'alpha3Code'),
      name: reqStr(o, 'name', file),
      demonym: optStr(o, 'demonym'),
    });
  }
  for (const file of entityFiles(path.join(data, 'circuits'))) {
    const o = readObject(file);
    out.circuits.push({
      id: reqStr(o, 'id', file),
      name: reqStr(o, 'name', file),
      fullName: reqStr(o, 'fullName', file),
      placeName: reqStr(o, 'placeName', file),
      countryId: reqStr(o, 'countryId', file),
      type: optStr(o, 'type'),
      latitude: optNum(o, 'latitude', file),
      longitude: optNum(o, 'longitude', file),
      length: optNum(o, 'length', file),
      turns: optInt(o, 'turns', file),
    });
  }
  for (const file of entityFiles(path.join(data, 'grands-prix'))) {
    const o = readObject(file);
    out.grandsPrix.push({
      id: reqStr(o, 'id', file),
      name: reqStr(o, 'name', file),
      fullName: reqStr(o, 'fullName', file),
      shortName: reqStr(o, 'shortName', file),
      countryId: optStr(o, 'countryId'),
    });
  }
  for (const file of entityFiles(path.join(data, 'drivers'))) {
    const o = readObject(file);
    out.drivers.push({
      id: reqStr(o, 'id', file),
      name: reqStr(o, 'name', file),
      firstName: reqStr(o, 'firstName', file),
      lastName: reqStr(o, 'lastName', file),
      fullName: reqStr(o, 'fullName', file),
      abbreviation: optStr(o, 'abbreviation'),
      permanentNumber: optStr(o, 'permanentNumber'),
      gender: optStr(o, 'gender'),
      dateOfBirth: optStr(o, 'dateOfBirth'),
      dateOfDeath: optStr(o, 'dateOfDeath'),
      placeOfBirth: optStr(o, 'placeOfBirth'),
      nationalityCountryId: optStr(o, 'nationalityCountryId'),
    });
  }
  for (const file of entityFiles(path.join(data, 'constructors'))) {
    const o = readObject(file);
    out.constructors.push({
      id: reqStr(o, 'id', file),
      name: reqStr(o, 'name', file),
      fullName: reqStr(o, 'fullName', file),
      countryId: optStr(o, 'countryId'),
      teamPrincipal: null,
      colour: null,
    });
  }
  for (const file of entityFiles(path.join(data, 'engine-manufacturers'))) {
    const o = readObject(file);
    out.engineManufacturers.push({
      id: reqStr(o, 'id', file),
      name: reqStr(o, 'name', file),
      countryId: optStr(o, 'countryId'),
    });
  }
  for (const file of entityFiles(path.join(data, 'tyre-manufacturers'))) {
    const o = readObject(file);
    out.tyreManufacturers.push({ id: reqStr(o, 'id', file), name: reqStr(o, 'name', file) });
  }
  for (const file of entityFiles(path.join(data, 'entrants'))) {
    const o = readObject(file);
    out.entrants.push({ id: reqStr(o, 'id', file), name: reqStr(o, 'name', file) });
  }
  for (const file of entityFiles(path.join(data, 'chassis'))) {
    const o = readObject(file);
    out.chassis.push({
      id: reqStr(o, 'id', file),
      constructorId: reqStr(o, 'constructorId', file),
      name: reqStr(o, 'name', file),
      fullName: reqStr(o, 'fullName', file),
    });
  }
  for (const file of entityFiles(path.join(data, 'engines'))) {
    const o = readObject(file);
    out.engines.push({
      id: reqStr(o, 'id', file),
      engineManufacturerId: reqStr(o, 'engineManufacturerId', file),
      name: reqStr(o, 'name', file),
      fullName: reqStr(o, 'fullName', file),
    });
  }
}

export interface EntryPart {
  entrantId: string;
  constructorId: string;
  engineManufacturerId: string | null;
  /** The chassis, engines and tyre makers the entrant ran for this constructor that season. */
  chassisIds: string[];
  engineIds: string[];
  tyreManufacturerIds: string[];
  driverId: string;
  rounds: number[];
  testDriver: boolean;
}

/** A one-element list written as a plain key (`chassisId`), or the list (`chassis: [{ chassisId }]`). */
function idsOf(o: Yaml, list: string, key: string, where: string): string[] {
  if (Array.isArray(o[list])) return (o[list] as Yaml[]).map((x) => reqStr(x, key, where));
  const one = optStr(o, key);
  return one === null ? [] : [one];
}

/**
 * entrants.yml nests entrant → constructors → drivers, and writes a one-element list as plain keys
 * on its parent (`constructorId` instead of `constructors: [...]`, `driverId` instead of `drivers`).
 */
export function entryParts(entrants: Yaml[], where: string): EntryPart[] {
  const parts: EntryPart[] = [];
  for (const entrant of entrants) {
    const entrantId = reqStr(entrant, 'entrantId', where);
    const cons = Array.isArray(entrant.constructors) ? (entrant.constructors as Yaml[]) : [entrant];
    for (const c of cons) {
      const constructorId = reqStr(c, 'constructorId', where);
      const engineManufacturerId = optStr(c, 'engineManufacturerId');
      const car = {
        chassisIds: idsOf(c, 'chassis', 'chassisId', where),
        engineIds: idsOf(c, 'engines', 'engineId', where),
        tyreManufacturerIds: idsOf(c, 'tyreManufacturers', 'tyreManufacturerId', where),
      };
      const ds = Array.isArray(c.drivers) ? (c.drivers as Yaml[]) : c.driverId !== undefined ? [c] : [];
      for (const d of ds) {
        parts.push({
          entrantId,
          constructorId,
          engineManufacturerId,
          ...car,
          driverId: reqStr(d, 'driverId', where),
          rounds: parseRounds(optStr(d, 'rounds')),
          testDriver: d.testDriver === true,
        });
      }
    }
  }
  return parts;
}

/**
 * The entry a result's car raced under: the same driver, constructor and engine maker, entered for that
 * round (an entry without rounds counts for every round), and where two entrants qualify, the one whose
 * tyres match.
 */
export function entryOf(parts: readonly EntryPart[], car: CarKey, round: number): EntryPart | null {
  const candidates = parts.filter(
    (p) =>
      p.driverId === car.driverId &&
      p.constructorId === car.constructorId &&
      p.engineManufacturerId === car.engineManufacturerId &&
      (p.rounds.length === 0 || p.rounds.includes(round)),
  );
  return (
    candidates.find((p) => car.tyreManufacturerId !== null && p.tyreManufacturerIds.includes(car.tyreManufacturerId)) ??
    candidates[0] ??
    null
  );
}

/**
 * Our entries are keyed by (year, constructor, driver); F1DB may list that pair under several
 * entrants or engines (privateers of the 1950s), so their rounds are merged.
 */
function mergeEntries(year: number, parts: EntryPart[]): SeasonDriverRow[] {
  const byKey = new Map<string, { row: SeasonDriverRow; rounds: Set<number>; best: number }>();
  for (const p of parts) {
    const key = `${p.constructorId}\u0000${p.driverId}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, {
        row: {
          year,
          constructorId: p.constructorId,
          driverId: p.driverId,
          engineManufacturerId: p.engineManufacturerId,
          rounds: null,
          testDriver: p.testDriver,
        },
        rounds: new Set(p.rounds),
        best: p.rounds.length,
      });
      continue;
    }
    for (const r of p.rounds) seen.rounds.add(r);
    seen.row.testDriver = seen.row.testDriver && p.testDriver;
    if (p.rounds.length > seen.best) {
      seen.best = p.rounds.length;
      seen.row.engineManufacturerId = p.engineManufacturerId;
    }
  }
  return [...byKey.values()].map(({ row, rounds }) => ({ ...row, rounds: formatRounds(rounds) }));
}

function startsAt(date: string, time: string | null, where: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) fail(where, `unreadable date ${date}`);
  if (time === null) return `${date}T12:00:00.000Z`;
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!m) return fail(where, `unreadable time ${time}`);
  return `${date}T${m[1]}:${m[2]}:${m[3] ?? '00'}.000Z`;
}

/** What tells one car from another in F1DB's files (a driver who shared cars raced two). */
export interface CarKey {
  driverNumber: string | null;
  driverId: string;
  constructorId: string;
  engineManufacturerId: string | null;
  tyreManufacturerId: string | null;
}

function carOf(r: Yaml, where: string): CarKey {
  return {
    driverNumber: optStr(r, 'driverNumber'),
    driverId: reqStr(r, 'driverId', where),
    constructorId: reqStr(r, 'constructorId', where),
    engineManufacturerId: optStr(r, 'engineManufacturerId'),
    tyreManufacturerId: optStr(r, 'tyreManufacturerId'),
  };
}

const carId = (c: CarKey) =>
  [c.driverNumber, c.driverId, c.constructorId, c.engineManufacturerId, c.tyreManufacturerId].join('\u0000');

/** The cars a file puts first (several when a fastest lap was shared, 1954 Britain). */
function carsFirstIn(rows: Yaml[], where: string): Set<string> {
  return new Set(rows.filter((r) => readPosition(r.position, where).number === 1).map((r) => carId(carOf(r, where))));
}

interface RaceFlags {
  pole: Set<string>;
  fastest: Set<string>;
  driverOfTheDay: Set<string>;
}

const NO_FLAGS: RaceFlags = { pole: new Set(), fastest: new Set(), driverOfTheDay: new Set() };

function readClassification(
  race: { id: number; round: number },
  session: 'RACE' | 'SPRINT_RACE',
  rows: Yaml[],
  where: string,
  flags: RaceFlags,
  entries: readonly EntryPart[],
): RaceResultRow[] {
  return rows.map((r, i) => {
    const pos = readPosition(r.position, where);
    const grid = r.gridPosition === null || r.gridPosition === undefined ? null : readPosition(r.gridPosition, where);
    const car = carOf(r, where);
    const id = carId(car);
    const entry = entryOf(entries, car, race.round);
    return {
      raceId: race.id,
      session,
      positionOrder: i + 1,
      positionText: pos.text,
      positionNumber: pos.number,
      driverNumber: car.driverNumber,
      driverId: car.driverId,
      constructorId: car.constructorId,
      engineManufacturerId: car.engineManufacturerId,
      laps: optInt(r, 'laps', where),
      time: optStr(r, 'time'),
      gap: optStr(r, 'gap'),
      interval: optStr(r, 'interval'),
      timePenalty: optStr(r, 'timePenalty'),
      reasonRetired: optStr(r, 'reasonRetired'),
      points: optNum(r, 'points', where),
      gridPositionText: grid?.text ?? null,
      gridPositionNumber: grid?.number ?? null,
      polePosition: flags.pole.has(id),
      fastestLap: flags.fastest.has(id),
      driverOfTheDay: flags.driverOfTheDay.has(id),
      sharedCar: r.sharedCar === true,
      tyreManufacturerId: car.tyreManufacturerId,
      entrantId: entry?.entrantId ?? null,
      chassisIds: entry?.chassisIds ?? null,
      engineIds: entry?.engineIds ?? null,
    };
  });
}

/** F1DB's timed session files beside qualifying and the races, by session. */
const SESSION_FILES: Record<TimedSession, string> = {
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

function readStandings(year: number, raceId: number | null, dir: string, out: F1Data): void {
  const df = path.join(dir, 'driver-standings.yml');
  readList(df).forEach((r, i) => {
    const pos = readPosition(r.position, df);
    const row: DriverStandingRow = {
      year,
      raceId,
      positionOrder: i + 1,
      positionText: pos.text,
      positionNumber: pos.number,
      driverId: reqStr(r, 'driverId', df),
      points: optNum(r, 'points', df) ?? 0,
    };
    out.driverStandings.push(row);
  });
  const cf = path.join(dir, 'constructor-standings.yml');
  readList(cf).forEach((r, i) => {
    const pos = readPosition(r.position, cf);
    const row: ConstructorStandingRow = {
      year,
      raceId,
      positionOrder: i + 1,
      positionText: pos.text,
      positionNumber: pos.number,
      constructorId: reqStr(r, 'constructorId', cf),
      engineManufacturerId: optStr(r, 'engineManufacturerId'),
      points: optNum(r, 'points', cf) ?? 0,
    };
    out.constructorStandings.push(row);
  });
}

function readGrid(raceId: number, session: 'RACE' | 'SPRINT_RACE', rows: Yaml[], where: string, out: F1Data): void {
  rows.forEach((r, i) => {
    const pos = readPosition(r.position, where);
    out.startingGrid.push({
      raceId,
      session,
      positionOrder: i + 1,
      positionText: pos.text,
      positionNumber: pos.number,
      driverId: reqStr(r, 'driverId', where),
      constructorId: reqStr(r, 'constructorId', where),
      driverNumber: optStr(r, 'driverNumber'),
      gridPenalty: optStr(r, 'gridPenalty'),
      time: optStr(r, 'time'),
    });
  });
}

function readTimedSessions(raceId: number, dir: string, out: F1Data): void {
  for (const session of TIMED_SESSIONS) {
    const file = path.join(dir, SESSION_FILES[session]);
    readList(file).forEach((r, i) => {
      const pos = readPosition(r.position, file);
      out.sessionResults.push({
        raceId,
        session,
        positionOrder: i + 1,
        positionText: pos.text,
        positionNumber: pos.number,
        driverNumber: optStr(r, 'driverNumber'),
        driverId: reqStr(r, 'driverId', file),
        constructorId: reqStr(r, 'constructorId', file),
        time: optStr(r, 'time'),
        gap: optStr(r, 'gap'),
        interval: optStr(r, 'interval'),
        laps: optInt(r, 'laps', file),
        q1: optStr(r, 'q1'),
        q2: optStr(r, 'q2'),
        q3: optStr(r, 'q3'),
      });
    });
  }
}

function readRace(year: number, dir: string, entries: readonly EntryPart[], out: F1Data): void {
  const raceFile = path.join(dir, 'race.yml');
  const o = readObject(raceFile);
  const id = optInt(o, 'id', raceFile);
  if (id === null) fail(raceFile, 'missing id');
  const date = reqStr(o, 'date', raceFile);
  const time = optStr(o, 'time');

  const resultsFile = path.join(dir, 'race-results.yml');
  const results = readList(resultsFile);
  const qualifyingFile = path.join(dir, 'qualifying-results.yml');
  const qualifying = readList(qualifyingFile);
  const gridFile = path.join(dir, 'starting-grid-positions.yml');
  const grid = readList(gridFile);
  const fastestFile = path.join(dir, 'fastest-laps.yml');
  const fastest = readList(fastestFile);
  const sprintFile = path.join(dir, 'sprint-race-results.yml');
  const sprint = readList(sprintFile);
  const sprintGridFile = path.join(dir, 'sprint-starting-grid-positions.yml');
  const sprintGrid = readList(sprintGridFile);
  const pitStopsFile = path.join(dir, 'pit-stops.yml');
  const dotdFile = path.join(dir, 'driver-of-the-day-results.yml');
  const dotd = readList(dotdFile);

  const race: RaceRow = {
    id,
    year,
    round: optInt(o, 'round', raceFile) ?? fail(raceFile, 'missing round'),
    date,
    time,
    startsAt: startsAt(date, time, raceFile),
    grandPrixId: reqStr(o, 'grandPrixId', raceFile),
    officialName: reqStr(o, 'officialName', raceFile),
    circuitId: reqStr(o, 'circuitId', raceFile),
    laps: optInt(o, 'laps', raceFile),
    distance: optNum(o, 'distance', raceFile),
    courseLength: optNum(o, 'courseLength', raceFile),
    turns: optInt(o, 'turns', raceFile),
    qualifyingFormat: optStr(o, 'qualifyingFormat'),
    sprintRaceDate: optStr(o, 'sprintRaceDate'),
    hasResults: results.length > 0,
  };
  out.races.push(race);

  // F1DB's pole is the car first on the race's grid; in 2022 the sprint decided that grid, and the pole
  // went to the car first on the sprint's grid.
  const sprintSetGrid = year === 2022 && race.qualifyingFormat === 'SPRINT_RACE';
  const flags: RaceFlags = {
    pole: sprintSetGrid ? carsFirstIn(sprintGrid, sprintGridFile) : carsFirstIn(grid, gridFile),
    fastest: carsFirstIn(fastest, fastestFile),
    driverOfTheDay: carsFirstIn(dotd, dotdFile),
  };
  out.raceResults.push(...readClassification(race, 'RACE', results, resultsFile, flags, entries));
  out.raceResults.push(...readClassification(race, 'SPRINT_RACE', sprint, sprintFile, NO_FLAGS, entries));

  qualifying.forEach((r, i) => {
    const pos = readPosition(r.position, qualifyingFile);
    out.qualifyingResults.push({
      raceId: id,
      positionOrder: i + 1,
      positionText: pos.text,
      positionNumber: pos.number,
      driverNumber: optStr(r, 'driverNumber'),
      driverId: reqStr(r, 'driverId', qualifyingFile),
      constructorId: reqStr(r, 'constructorId', qualifyingFile),
      time: optStr(r, 'time'),
      q1: optStr(r, 'q1'),
      q2: optStr(r, 'q2'),
      q3: optStr(r, 'q3'),
      gap: optStr(r, 'gap'),
      laps: optInt(r, 'laps', qualifyingFile),
    });
  });
  readGrid(id, 'RACE', grid, gridFile, out);
  readGrid(id, 'SPRINT_RACE', sprintGrid, sprintGridFile, out);
  readTimedSessions(id, dir, out);
  readList(pitStopsFile).forEach((r, i) => {
    out.pitStops.push({
      raceId: id,
      positionOrder: i + 1,
      driverNumber: optStr(r, 'driverNumber'),
      driverId: reqStr(r, 'driverId', pitStopsFile),
      constructorId: reqStr(r, 'constructorId', pitStopsFile),
      stop: optInt(r, 'stop', pitStopsFile) ?? fail(pitStopsFile, 'missing stop'),
      lap: optInt(r, 'lap', pitStopsFile) ?? fail(pitStopsFile, 'missing lap'),
      time: optStr(r, 'time'),
    });
  });
  dotd.forEach((r, i) => {
    const pos = readPosition(r.position, dotdFile);
    out.driverOfTheDay.push({
      raceId: id,
      positionOrder: i + 1,
      positionText: pos.text,
      positionNumber: pos.number,
      driverId: reqStr(r, 'driverId', dotdFile),
      constructorId: reqStr(r, 'constructorId', dotdFile),
      percentage: optNum(r, 'percentage', dotdFile),
    });
  });
  fastest.forEach((r, i) => {
    const pos = readPosition(r.position, fastestFile);
    out.fastestLaps.push({
      raceId: id,
      positionOrder: i + 1,
      positionText: pos.text,
      positionNumber: pos.number,
      driverId: reqStr(r, 'driverId', fastestFile),
      constructorId: reqStr(r, 'constructorId', fastestFile),
      driverNumber: optStr(r, 'driverNumber'),
      lap: optInt(r, 'lap', fastestFile),
      time: optStr(r, 'time'),
      gap: optStr(r, 'gap'),
    });
  });
  readStandings(year, id, dir, out);
}

export interface ReadOptions {
  /** Only these seasons' races, entries and standings (entities are always read whole). */
  seasons?: (year: number) => boolean;
}

/** Reads the whole tree (or the chosen seasons) into records, in the importer's table order. */
export function readF1db(dir: string, options: ReadOptions = {}): F1Data {
  const data = resolveF1dbDataDir(dir);
  const out = emptyF1Data();
  readEntities(data, out);

  const seasonsDir = path.join(data, 'seasons');
  const years = readdirSync(seasonsDir)
    .filter((d) => /^\d{4}$/.test(d))
    .map(Number)
    .sort((a, b) => a - b)
    .filter((y) => options.seasons?.(y) ?? true);
  for (const year of years) {
    const dir = path.join(seasonsDir, String(year));
    out.seasons.push({ year });
    const entrantsFile = path.join(dir, 'entrants.yml');
    const entries = entryParts(readList(entrantsFile), entrantsFile);
    out.seasonDrivers.push(...mergeEntries(year, entries));
    readStandings(year, null, dir, out);
    const racesDir = path.join(dir, 'races');
    if (!existsSync(racesDir)) continue;
    for (const raceDir of readdirSync(racesDir).sort()) {
      const full = path.join(racesDir, raceDir);
      if (existsSync(path.join(full, 'race.yml'))) readRace(year, full, entries, out);
    }
  }
  return out;
}
