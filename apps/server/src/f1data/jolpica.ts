import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  constructorStandings,
  constructors,
  driverStandings,
  drivers,
  qualifyingResults,
  raceResults,
  races,
  seasonDrivers,
} from '../db/schema/f1.ts';
import { importF1Data, reportHasChanges, type ImportReport } from './importer.ts';
import {
  JolpicaClient,
  type Clock,
  type ErgastQualifying,
  type ErgastRace,
  type ErgastResult,
  type FetchLike,
  type RequestLimiter,
  systemClock,
} from './jolpica-client.ts';
import { type KnownDriver, mapCircuitId, mapConstructorId, matchDriver } from './jolpica-ids.ts';
import { formatRounds, parseRounds } from './rounds.ts';
import type {
  ConstructorStandingRow,
  DriverStandingRow,
  F1Data,
  FastestLapRow,
  QualifyingResultRow,
  RaceResultRow,
  RaceRow,
  StartingGridRow,
} from './types.ts';

/*
 * Brings a season up to date from Jolpica after F1DB's snapshot: the schedule's dates, then results,
 * sprint, qualifying and standings of races that have started but have no classification yet (or
 * that ended within the last few days, in case of a late penalty). Rows are written only when they
 * differ from what the database holds, and a session with any driver or team that cannot be mapped to
 * F1DB's ids is skipped whole and reported: a classification with a hole or a guess is worse than none.
 */

export interface SyncOptions {
  fetch?: FetchLike;
  clock?: Clock;
  limiter?: RequestLimiter;
  baseUrl?: string;
  /** Races that ended within this many days are fetched again even when they have results. */
  recheckDays?: number;
  log?: (line: string) => void;
  /** Stops the run's requests (the results scheduler of a server shutting down). */
  signal?: AbortSignal;
}

export interface SyncReport {
  season: number;
  requests: number;
  /** Rounds whose sessions were fetched. */
  checked: number[];
  /** What was written, per round. */
  written: { round: number; raceId: number; what: string[] }[];
  /** Started races that Jolpica has no results for yet. */
  awaitingResults: number[];
  /** Races without results whose start date or time changed (or became known). */
  rescheduled: { round: number; from: string; to: string }[];
  /** Ids and races that could not be mapped to F1DB's; nothing was written for them. */
  unmapped: string[];
  /** Other reasons something was not written. */
  skipped: string[];
  import: ImportReport;
}

interface Entrant extends KnownDriver {
  constructorId: string;
  engineManufacturerId: string | null;
  rounds: string | null;
}

type DbRace = typeof races.$inferSelect;

type NewEntries = Map<string, { constructorId: string; driverId: string; rounds: Set<number> }>;

interface Context {
  db: Db;
  season: number;
  /** The season's entries, one row per (driver, team). */
  entrants: Entrant[];
  /** The season's drivers, once each: the candidates of name matching. */
  pool: Entrant[];
  allDrivers: KnownDriver[] | null;
  constructorIds: Set<string>;
  report: SyncReport;
  /** Entries a written classification shows but F1DB's entrants lack (a late substitute). */
  newEntries: NewEntries;
}

function mergeEntries(into: NewEntries, from: NewEntries): void {
  for (const [key, e] of from) {
    const seen = into.get(key);
    if (seen) for (const r of e.rounds) seen.rounds.add(r);
    else into.set(key, e);
  }
}

const POSITION_TEXT: Record<string, string> = { R: 'DNF', D: 'DSQ', E: 'EX', W: 'DNS', F: 'DNQ', N: 'NC' };

function positionOf(text: string): { text: string; number: number | null } {
  if (/^\d+$/.test(text)) return { text, number: Number(text) };
  return { text: POSITION_TEXT[text] ?? text, number: null };
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** F1DB writes race times as "1:42:06.304" and sprint times as "30:26.730". */
export function formatMillis(ms: number): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const f = ms % 1000;
  return h > 0 ? `${h}:${pad(m, 2)}:${pad(s, 2)}.${pad(f, 3)}` : `${m}:${pad(s, 2)}.${pad(f, 3)}`;
}

/** "1:04.391" or "64.391" in milliseconds, or null. */
export function lapMillis(t: string | null | undefined): number | null {
  if (!t) return null;
  const m = /^(?:(\d+):)?(\d+)\.(\d{1,3})$/.exec(t.trim());
  if (!m) return null;
  return (Number(m[1] ?? 0) * 60 + Number(m[2])) * 1000 + Number(m[3]!.padEnd(3, '0'));
}

function gapText(ms: number): string {
  return `+${(ms / 1000).toFixed(3)}`;
}

function int(s: string | undefined): number | null {
  return s !== undefined && /^\d+$/.test(s) ? Number(s) : null;
}

async function loadAllDrivers(ctx: Context): Promise<KnownDriver[]> {
  ctx.allDrivers ??= await ctx.db
    .select({
      id: drivers.id,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      name: drivers.name,
      fullName: drivers.fullName,
      abbreviation: drivers.abbreviation,
      permanentNumber: drivers.permanentNumber,
      dateOfBirth: drivers.dateOfBirth,
    })
    .from(drivers);
  return ctx.allDrivers;
}

interface Mapped {
  driverId: string;
  constructorId: string;
  engineManufacturerId: string | null;
}

/** Maps one row's driver and team, or records why not. */
async function mapEntry(
  ctx: Context,
  where: string,
  row: { Driver: ErgastResult['Driver']; Constructor: ErgastResult['Constructor']; number?: string },
  round: number | null,
  problems: string[],
  entries: NewEntries,
): Promise<Mapped | null> {
  const constructorId = mapConstructorId(row.Constructor.constructorId, ctx.season);
  if (!constructorId || !ctx.constructorIds.has(constructorId)) {
    problems.push(`team "${row.Constructor.constructorId}" (${row.Constructor.name}) in ${where}`);
  }
  let driver = matchDriver(row.Driver, row.number, ctx.pool, []);
  if (!driver && row.Driver.dateOfBirth) {
    driver = matchDriver(row.Driver, row.number, [], await loadAllDrivers(ctx));
  }
  if (!driver) {
    problems.push(
      `driver "${row.Driver.driverId}" (${row.Driver.givenName} ${row.Driver.familyName}` +
        `${row.Driver.dateOfBirth ? `, born ${row.Driver.dateOfBirth}` : ''}) in ${where}`,
    );
  }
  if (!driver || !constructorId || !ctx.constructorIds.has(constructorId)) return null;
  const entry = ctx.entrants.find((e) => e.id === driver.id && e.constructorId === constructorId);
  if (round !== null && (!entry || !parseRounds(entry.rounds).includes(round))) {
    const key = `${constructorId}\u0000${driver.id}`;
    const seen = entries.get(key) ?? { constructorId, driverId: driver.id, rounds: new Set<number>() };
    seen.rounds.add(round);
    entries.set(key, seen);
  }
  const engine =
    entry?.engineManufacturerId ??
    ctx.entrants.find((e) => e.constructorId === constructorId && e.engineManufacturerId)?.engineManufacturerId ??
    null;
  return { driverId: driver.id, constructorId, engineManufacturerId: engine };
}

const LAPPED = /^\+(\d+) Laps?$/i;

async function mapClassification(
  ctx: Context,
  race: DbRace,
  session: 'RACE' | 'SPRINT_RACE',
  rows: ErgastResult[],
  problems: string[],
  entries: NewEntries,
): Promise<RaceResultRow[]> {
  const where = `${ctx.season} round ${race.round} ${session === 'RACE' ? 'results' : 'sprint'}`;
  const sorted = [...rows].sort((a, b) => Number(a.position) - Number(b.position));
  const winnerLaps = int(sorted[0]?.laps) ?? 0;
  const out: RaceResultRow[] = [];
  for (const [i, r] of sorted.entries()) {
    const m = await mapEntry(ctx, where, r, race.round, problems, entries);
    if (!m) continue;
    const pos = positionOf(r.positionText);
    const laps = int(r.laps);
    const status = r.status ?? '';
    const lapped = LAPPED.exec(status);
    const lapsDown = lapped ? Number(lapped[1]) : status === 'Lapped' && laps !== null ? winnerLaps - laps : 0;
    const millis = int(r.Time?.millis);
    const finished = status === 'Finished' || lapped !== null || status === 'Lapped';
    const grid = int(r.grid);
    const nonStarter = pos.text === 'DNS' || pos.text === 'DNQ' || pos.text === 'DNPQ';
    out.push({
      raceId: race.id,
      session,
      positionOrder: i + 1,
      positionText: pos.text,
      positionNumber: pos.number,
      driverNumber: r.number ?? null,
      ...m,
      laps,
      // F1DB gives a lapped car no time, only its laps down.
      time: millis !== null && lapsDown === 0 ? formatMillis(millis) : null,
      gap:
        i === 0
          ? null
          : lapsDown > 0
            ? `+${lapsDown} ${lapsDown === 1 ? 'lap' : 'laps'}`
            : r.Time?.time?.startsWith('+')
              ? r.Time.time
              : null,
      reasonRetired: pos.number === null && !finished && status !== '' ? status : null,
      points: Number(r.points ?? 0) || null,
      gridPositionText: grid === null || (grid === 0 && nonStarter) ? null : grid === 0 ? 'PL' : String(grid),
      gridPositionNumber: grid !== null && grid > 0 ? grid : null,
      polePosition: false,
      fastestLap: false,
      // Jolpica has no intervals, penalties, tyres, votes or shared cars; the entry list names no entrant.
      interval: null,
      timePenalty: null,
      driverOfTheDay: false,
      sharedCar: false,
      tyreManufacturerId: null,
      entrantId: null,
      chassisIds: null,
      engineIds: null,
    });
  }
  return out;
}

function gridFrom(raceId: number, results: RaceResultRow[]): StartingGridRow[] {
  const slotted = results
    .filter((r) => r.gridPositionNumber !== null)
    .sort((a, b) => a.gridPositionNumber! - b.gridPositionNumber!);
  const pitLane = results.filter((r) => r.gridPositionText === 'PL');
  return [...slotted, ...pitLane].map((r, i) => ({
    raceId,
    session: 'RACE' as const,
    positionOrder: i + 1,
    driverNumber: r.driverNumber,
    positionText: r.gridPositionText!,
    positionNumber: r.gridPositionNumber,
    driverId: r.driverId,
    constructorId: r.constructorId,
    gridPenalty: null,
    time: null,
  }));
}

function fastestLapsFrom(raceId: number, ergast: ErgastResult[], results: RaceResultRow[]): FastestLapRow[] {
  const byNumber = new Map(results.map((r) => [r.driverNumber, r]));
  const ranked = ergast
    .filter((e) => int(e.FastestLap?.rank) !== null && int(e.FastestLap?.rank)! > 0 && e.FastestLap?.Time?.time)
    .sort((a, b) => int(a.FastestLap!.rank)! - int(b.FastestLap!.rank)!);
  const best = lapMillis(ranked[0]?.FastestLap?.Time?.time);
  const out: FastestLapRow[] = [];
  for (const e of ranked) {
    const row = byNumber.get(e.number ?? null);
    if (!row) continue;
    const ms = lapMillis(e.FastestLap!.Time!.time);
    out.push({
      raceId,
      positionOrder: out.length + 1,
      positionText: String(out.length + 1),
      positionNumber: out.length + 1,
      driverId: row.driverId,
      constructorId: row.constructorId,
      driverNumber: row.driverNumber,
      lap: int(e.FastestLap!.lap),
      time: e.FastestLap!.Time!.time ?? null,
      gap: out.length === 0 || ms === null || best === null ? null : gapText(ms - best),
    });
  }
  return out;
}

async function mapQualifying(
  ctx: Context,
  race: DbRace,
  rows: ErgastQualifying[],
  problems: string[],
  entries: NewEntries,
): Promise<QualifyingResultRow[]> {
  const where = `${ctx.season} round ${race.round} qualifying`;
  const sorted = [...rows].sort((a, b) => Number(a.position) - Number(b.position));
  // F1DB gives a gap only against a time of the same part of the session as pole's.
  const decider = (r: ErgastQualifying) => (r.Q3 ? 3 : r.Q2 ? 2 : r.Q1 ? 1 : 0);
  const best = (r: ErgastQualifying) => lapMillis(r.Q3 ?? r.Q2 ?? r.Q1);
  const pole = sorted[0];
  const out: QualifyingResultRow[] = [];
  for (const [i, r] of sorted.entries()) {
    const m = await mapEntry(ctx, where, r, race.round, problems, entries);
    if (!m) continue;
    const pos = positionOf(r.position);
    const mine = best(r);
    const poleMs = pole ? best(pole) : null;
    out.push({
      raceId: race.id,
      positionOrder: i + 1,
      positionText: pos.text,
      positionNumber: pos.number,
      driverNumber: r.number ?? null,
      driverId: m.driverId,
      constructorId: m.constructorId,
      time: null,
      q1: r.Q1 || null,
      q2: r.Q2 || null,
      q3: r.Q3 || null,
      gap:
        i > 0 && pole && decider(r) === decider(pole) && mine !== null && poleMs !== null
          ? gapText(mine - poleMs)
          : null,
      laps: null,
    });
  }
  return out;
}

/** What must agree for two versions of a table's rows to count as the same. */
function signature<T>(rows: readonly T[], pick: (r: T) => unknown[]): string {
  return JSON.stringify(rows.map(pick));
}

// Grids are left out: F1DB and Jolpica disagree on some pit-lane starts, which is no new result.
const resultSig = (r: RaceResultRow) => [
  r.positionText,
  r.positionNumber,
  r.driverId,
  r.constructorId,
  r.laps,
  r.points ?? 0,
];
const qualifyingSig = (r: QualifyingResultRow) => [r.positionNumber, r.driverId, r.constructorId, r.q1, r.q2, r.q3];
const driverStandingSig = (r: DriverStandingRow) => [r.positionNumber, r.driverId, r.points];
const constructorStandingSig = (r: ConstructorStandingRow) => [r.positionNumber, r.constructorId, r.points];

function toRaceRow(r: DbRace): RaceRow {
  const { updatedAt: _u, startsAt, ...rest } = r;
  return { ...rest, startsAt: startsAt.toISOString() };
}

function ergastStart(s: ErgastRace): { date: string; time: string | null; startsAt: string } {
  const time = s.time ? s.time.slice(0, 5) : null;
  return { date: s.date, time, startsAt: `${s.date}T${time ?? '12:00'}:00.000Z` };
}

async function loadContext(db: Db, season: number, report: SyncReport): Promise<Context> {
  const entrants = await db
    .select({
      id: drivers.id,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      name: drivers.name,
      fullName: drivers.fullName,
      abbreviation: drivers.abbreviation,
      permanentNumber: drivers.permanentNumber,
      dateOfBirth: drivers.dateOfBirth,
      constructorId: seasonDrivers.constructorId,
      engineManufacturerId: seasonDrivers.engineManufacturerId,
      rounds: seasonDrivers.rounds,
    })
    .from(seasonDrivers)
    .innerJoin(drivers, eq(drivers.id, seasonDrivers.driverId))
    .where(eq(seasonDrivers.year, season));
  const seen = new Set<string>();
  const pool = entrants.filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)));
  const constructorIds = new Set((await db.select({ id: constructors.id }).from(constructors)).map((c) => c.id));
  return { db, season, entrants, pool, allDrivers: null, constructorIds, report, newEntries: new Map() };
}

export async function syncSeason(db: Db, season: number, options: SyncOptions = {}): Promise<SyncReport> {
  const clock = options.clock ?? systemClock;
  const client = new JolpicaClient({
    fetch: options.fetch,
    clock,
    limiter: options.limiter,
    baseUrl: options.baseUrl,
    signal: options.signal,
  });
  const log = options.log ?? (() => {});
  const recheckMs = (options.recheckDays ?? 7) * 86_400_000;
  const report: SyncReport = {
    season,
    requests: 0,
    checked: [],
    written: [],
    awaitingResults: [],
    rescheduled: [],
    unmapped: [],
    skipped: [],
    import: {},
  };

  const dbRaces = await db.select().from(races).where(eq(races.year, season)).orderBy(asc(races.round));
  if (dbRaces.length === 0) {
    throw new Error(`The database has no ${season} races: import an F1DB tree that has the ${season} calendar first`);
  }
  const ctx = await loadContext(db, season, report);
  const out: Pick<
    F1Data,
    | 'races'
    | 'raceResults'
    | 'qualifyingResults'
    | 'startingGrid'
    | 'fastestLaps'
    | 'driverStandings'
    | 'constructorStandings'
  > = {
    races: [],
    raceResults: [],
    qualifyingResults: [],
    startingGrid: [],
    fastestLaps: [],
    driverStandings: [],
    constructorStandings: [],
  };

  try {
    const schedule = await client.races(`${season}.json`);
    log(`${season} schedule: ${schedule.length} races`);
    const toFetch: { race: DbRace; s: ErgastRace }[] = [];
    const now = clock.now();
    for (const s of schedule) {
      const round = Number(s.round);
      const race = dbRaces.find((r) => r.round === round);
      if (!race) {
        report.unmapped.push(`race ${season} round ${round} (${s.raceName}) is not in the database`);
        continue;
      }
      const circuitId = mapCircuitId(s.Circuit.circuitId);
      if (!circuitId) {
        report.unmapped.push(`circuit "${s.Circuit.circuitId}" (${s.Circuit.circuitName}) of ${season} round ${round}`);
        continue;
      }
      if (circuitId !== race.circuitId) {
        report.skipped.push(
          `${season} round ${round}: Jolpica holds it at ${circuitId}, the database at ${race.circuitId}; not touched`,
        );
        continue;
      }
      const start = ergastStart(s);
      // A race with results belongs to F1DB: its start is history, not schedule.
      if (!race.hasResults && (start.date !== race.date || (start.time !== null && start.time !== race.time))) {
        report.rescheduled.push({ round, from: race.startsAt.toISOString(), to: start.startsAt });
        const time = start.time ?? race.time;
        race.date = start.date;
        race.time = time;
        race.startsAt = new Date(`${start.date}T${time ?? '12:00'}:00.000Z`);
        out.races.push(toRaceRow(race));
      }
      const startMs = race.startsAt.getTime();
      if (startMs <= now && (!race.hasResults || startMs >= now - recheckMs)) toFetch.push({ race, s });
    }

    let newestWithResults = Math.max(0, ...dbRaces.filter((r) => r.hasResults).map((r) => r.round));
    for (const { race, s } of toFetch) {
      report.checked.push(race.round);
      const what: string[] = [];
      const existingResults = await db
        .select()
        .from(raceResults)
        .where(eq(raceResults.raceId, race.id))
        .orderBy(asc(raceResults.positionOrder));
      const existingQualifying = await db
        .select()
        .from(qualifyingResults)
        .where(eq(qualifyingResults.raceId, race.id))
        .orderBy(asc(qualifyingResults.positionOrder));

      const qualifying = (await client.races(`${season}/${race.round}/qualifying.json`))[0]?.QualifyingResults ?? [];
      if (qualifying.length > 0) {
        const problems: string[] = [];
        const entries: NewEntries = new Map();
        const rows = await mapQualifying(ctx, race, qualifying, problems, entries);
        if (problems.length > 0) {
          report.unmapped.push(...problems);
          report.skipped.push(`${season} round ${race.round} qualifying: not written (unmapped rows)`);
        } else if (signature(rows, qualifyingSig) !== signature(existingQualifying, qualifyingSig)) {
          out.qualifyingResults.push(...rows);
          mergeEntries(ctx.newEntries, entries);
          what.push('qualifying');
        }
      }

      const sessions: { session: 'RACE' | 'SPRINT_RACE'; path: string; pick: (r: ErgastRace) => ErgastResult[] }[] = [
        { session: 'RACE', path: 'results', pick: (r) => r.Results ?? [] },
      ];
      if (s.Sprint || race.sprintRaceDate) {
        sessions.push({ session: 'SPRINT_RACE', path: 'sprint', pick: (r) => r.SprintResults ?? [] });
      }
      for (const { session, path, pick } of sessions) {
        const ergast = (await client.races(`${season}/${race.round}/${path}.json`)).flatMap(pick);
        if (ergast.length === 0) {
          if (session === 'RACE') report.awaitingResults.push(race.round);
          continue;
        }
        const problems: string[] = [];
        const entries: NewEntries = new Map();
        const rows = await mapClassification(ctx, race, session, ergast, problems, entries);
        if (problems.length > 0) {
          report.unmapped.push(...problems);
          report.skipped.push(
            `${season} round ${race.round} ${session === 'RACE' ? 'results' : 'sprint'}: not written (unmapped rows)`,
          );
          continue;
        }
        const existing = existingResults.filter((r) => r.session === session);
        if (signature(rows, resultSig) === signature(existing, resultSig)) continue;
        if (session === 'RACE') {
          const fastest = fastestLapsFrom(race.id, ergast, rows);
          const grid = gridFrom(race.id, rows);
          // F1DB's pole is the car first on the starting grid (not qualifying's first: a grid penalty moves it).
          const first = grid[0]?.positionNumber === 1 ? grid[0] : undefined;
          const pole =
            first && rows.find((r) => r.driverId === first.driverId && r.constructorId === first.constructorId);
          if (pole) pole.polePosition = true;
          const fl = rows.find((r) => r.driverId === fastest[0]?.driverId);
          if (fl) fl.fastestLap = true;
          out.startingGrid.push(...grid);
          out.fastestLaps.push(...fastest);
          newestWithResults = Math.max(newestWithResults, race.round);
        }
        out.raceResults.push(...rows);
        mergeEntries(ctx.newEntries, entries);
        what.push(session === 'RACE' ? 'results' : 'sprint');
      }
      if (what.length > 0) report.written.push({ round: race.round, raceId: race.id, what });
    }

    if (report.written.some((w) => w.what.includes('results'))) {
      await syncStandings(client, ctx, dbRaces, newestWithResults, out);
    }
  } finally {
    report.requests = client.requests;
  }

  if (ctx.newEntries.size > 0) await addEntries(db, season, ctx);
  const nonEmpty = Object.fromEntries(Object.entries(out).filter(([, rows]) => rows.length > 0));
  report.import = await importF1Data(db, nonEmpty);
  return report;
}

async function syncStandings(
  client: JolpicaClient,
  ctx: Context,
  dbRaces: DbRace[],
  newestWithResults: number,
  out: Pick<F1Data, 'driverStandings' | 'constructorStandings'>,
): Promise<void> {
  const { season, report, db } = ctx;
  const lists = [
    { kind: 'driver', list: (await client.standings(`${season}/driverstandings.json`)).at(-1) },
    { kind: 'constructor', list: (await client.standings(`${season}/constructorstandings.json`)).at(-1) },
  ] as const;
  for (const { kind, list } of lists) {
    if (!list) continue;
    const round = Number(list.round);
    const race = dbRaces.find((r) => r.round === round);
    if (!race) {
      report.skipped.push(`${kind} standings after ${season} round ${round}: that race is not in the database`);
      continue;
    }
    // The season's standings follow the latest race; an older list must not replace them.
    const raceIds: (number | null)[] = round >= newestWithResults ? [race.id, null] : [race.id];
    const problems: string[] = [];
    const where = `${season} ${kind} standings`;
    const unmapped = (): boolean => {
      if (problems.length === 0) return false;
      report.unmapped.push(...problems);
      report.skipped.push(`${where}: not written (unmapped rows)`);
      return true;
    };
    const placed = (s: { position?: string; positionText: string }, i: number) => {
      const pos = positionOf(s.positionText === '-' ? (s.position ?? '-') : s.positionText);
      return { year: season, positionOrder: i + 1, positionText: pos.text, positionNumber: pos.number };
    };
    if (kind === 'driver') {
      const rows: Omit<DriverStandingRow, 'raceId'>[] = [];
      for (const [i, s] of (list.DriverStandings ?? []).entries()) {
        const d = matchDriver(s.Driver, undefined, ctx.pool, []);
        if (!d) {
          problems.push(`driver "${s.Driver.driverId}" (${s.Driver.givenName} ${s.Driver.familyName}) in ${where}`);
          continue;
        }
        rows.push({ ...placed(s, i), driverId: d.id, points: Number(s.points) });
      }
      if (unmapped()) continue;
      const stored = (raceId: number | null) =>
        db
          .select()
          .from(driverStandings)
          .where(standingsAt(driverStandings, season, raceId))
          .orderBy(asc(driverStandings.positionOrder));
      out.driverStandings.push(...(await changedStandings(raceIds, rows, stored, driverStandingSig)));
    } else {
      const rows: Omit<ConstructorStandingRow, 'raceId'>[] = [];
      for (const [i, s] of (list.ConstructorStandings ?? []).entries()) {
        const id = mapConstructorId(s.Constructor.constructorId, season);
        if (!id || !ctx.constructorIds.has(id)) {
          problems.push(`team "${s.Constructor.constructorId}" (${s.Constructor.name}) in ${where}`);
          continue;
        }
        rows.push({
          ...placed(s, i),
          constructorId: id,
          engineManufacturerId:
            ctx.entrants.find((e) => e.constructorId === id && e.engineManufacturerId)?.engineManufacturerId ?? null,
          points: Number(s.points),
        });
      }
      if (unmapped()) continue;
      const stored = (raceId: number | null) =>
        db
          .select()
          .from(constructorStandings)
          .where(standingsAt(constructorStandings, season, raceId))
          .orderBy(asc(constructorStandings.positionOrder));
      out.constructorStandings.push(...(await changedStandings(raceIds, rows, stored, constructorStandingSig)));
    }
  }
}

/** A season's stored standings after one race, or its final standings for a null race. */
function standingsAt(
  table: typeof driverStandings | typeof constructorStandings,
  season: number,
  raceId: number | null,
) {
  return and(eq(table.year, season), raceId === null ? isNull(table.raceId) : eq(table.raceId, raceId));
}

/** The standings to write: a copy of `rows` for each race id whose stored list differs from them. */
async function changedStandings<R extends { raceId: number | null }>(
  raceIds: readonly (number | null)[],
  rows: readonly Omit<R, 'raceId'>[],
  stored: (raceId: number | null) => Promise<R[]>,
  sig: (r: R) => unknown[],
): Promise<R[]> {
  const changed: R[] = [];
  for (const raceId of raceIds) {
    const next = rows.map((r) => ({ ...r, raceId }) as R);
    if (signature(next, sig) !== signature(await stored(raceId), sig)) changed.push(...next);
  }
  return changed;
}

/** Adds the rounds a classification shows to the season's entries (new entries for late substitutes). */
async function addEntries(db: Db, season: number, ctx: Context): Promise<void> {
  const wanted = [...ctx.newEntries.values()];
  const existing = await db
    .select()
    .from(seasonDrivers)
    .where(
      and(
        eq(seasonDrivers.year, season),
        or(
          ...wanted.map((w) =>
            and(eq(seasonDrivers.constructorId, w.constructorId), eq(seasonDrivers.driverId, w.driverId)),
          ),
        ),
      ),
    );
  for (const w of wanted) {
    const row = existing.find((e) => e.constructorId === w.constructorId && e.driverId === w.driverId);
    const engine =
      ctx.entrants.find((e) => e.constructorId === w.constructorId && e.engineManufacturerId)?.engineManufacturerId ??
      null;
    if (!row) {
      await db.insert(seasonDrivers).values({
        year: season,
        constructorId: w.constructorId,
        driverId: w.driverId,
        engineManufacturerId: engine,
        rounds: formatRounds(w.rounds),
        testDriver: false,
      });
      ctx.report.skipped.push(
        `added the ${season} entry ${w.driverId} / ${w.constructorId} (rounds ${formatRounds(w.rounds)})`,
      );
      continue;
    }
    const rounds = formatRounds([...parseRounds(row.rounds), ...w.rounds]);
    if (rounds !== row.rounds) {
      await db
        .update(seasonDrivers)
        .set({ rounds, testDriver: false })
        .where(
          and(
            eq(seasonDrivers.year, season),
            eq(seasonDrivers.constructorId, w.constructorId),
            eq(seasonDrivers.driverId, w.driverId),
          ),
        );
    }
  }
}

/**
 * The most requests a sync of the season can make (the schedule, up to three sessions per race it looks
 * at, then two standings), to check against the hour's budget before starting.
 */
export async function syncRequestsNeeded(db: Db, season: number, at: Date, recheckDays = 7): Promise<number> {
  const since = new Date(at.getTime() - recheckDays * 86_400_000).toISOString();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(races)
    .where(
      and(
        eq(races.year, season),
        sql`${races.startsAt} <= ${at.toISOString()}::timestamptz`,
        or(eq(races.hasResults, false), sql`${races.startsAt} >= ${since}::timestamptz`),
      ),
    );
  return 1 + 3 * (row?.n ?? 0) + 2;
}

/** Whether a sync wrote anything: results, a moved date, or F1 rows. */
export function syncChanged(report: SyncReport): boolean {
  return report.written.length > 0 || report.rescheduled.length > 0 || reportHasChanges(report.import);
}
