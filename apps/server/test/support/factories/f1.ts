import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../src/db/client.ts';
import {
  circuits,
  constructors,
  constructorStandings,
  countries,
  drivers,
  driverStandings,
  fastestLaps,
  grandsPrix,
  qualifyingResults,
  raceResults,
  races,
  seasonDrivers,
  seasons,
} from '../../../src/db/schema/index.ts';

/*
 * Small, real-looking F1 data for tests, built row by row with overrides: createX(db, {...}) inserts
 * and returns the row; referenced rows (country, circuit, grand prix, season) are created on demand.
 * Ids are F1DB-shaped: slugs for countries, circuits, drivers and teams; integers for races.
 */

let seq = 0;
const next = () => ++seq;
const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export type Country = typeof countries.$inferSelect;
export type Circuit = typeof circuits.$inferSelect;
export type GrandPrix = typeof grandsPrix.$inferSelect;
export type Race = typeof races.$inferSelect;
export type Driver = typeof drivers.$inferSelect;
export type Team = typeof constructors.$inferSelect;

const COUNTRY_SAMPLES: [string, string, string][] = [
  ['Italy', 'IT', 'Italian'],
  ['United Kingdom', 'GB', 'British'],
  ['Netherlands', 'NL', 'Dutch'],
  ['Mexico', 'MX', 'Mexican'],
  ['Monaco', 'MC', 'Monegasque'],
  ['Spain', 'ES', 'Spanish'],
  ['Germany', 'DE', 'German'],
  ['Brazil', 'BR', 'Brazilian'],
];

/** A country; an existing id is returned as it is. */
export async function createCountry(db: Db, overrides: Partial<Country> = {}): Promise<Country> {
  const n = next();
  const [name, alpha2, demonym] = COUNTRY_SAMPLES[n % COUNTRY_SAMPLES.length]!;
  const row: Country = {
    id: overrides.id ?? `${slug(overrides.name ?? name)}-${n}`,
    name: overrides.name ?? name,
    alpha2Code: alpha2,
    alpha3Code: null,
    demonym,
    ...overrides,
  };
  await db.insert(countries).values(row).onConflictDoNothing();
  const [stored] = await db.select().from(countries).where(eq(countries.id, row.id));
  return stored!;
}

export async function createCircuit(db: Db, overrides: Partial<Circuit> = {}): Promise<Circuit> {
  const n = next();
  const name = overrides.name ?? `Circuit ${n}`;
  const countryId = overrides.countryId ?? (await createCountry(db)).id;
  const row: Circuit = {
    id: overrides.id ?? `${slug(name)}-${n}`,
    name,
    fullName: `Autodromo ${name}`,
    placeName: name,
    countryId,
    type: 'RACE',
    latitude: 45.62,
    longitude: 9.29,
    length: 5.793,
    turns: 11,
    ...overrides,
  };
  await db.insert(circuits).values(row);
  return row;
}

export async function createGrandPrix(db: Db, overrides: Partial<GrandPrix> = {}): Promise<GrandPrix> {
  const n = next();
  const name = overrides.name ?? `Testland ${n}`;
  const row: GrandPrix = {
    id: overrides.id ?? `${slug(name)}-${n}`,
    name,
    fullName: `${name} Grand Prix`,
    shortName: `${name} GP`,
    countryId: null,
    ...overrides,
  };
  await db.insert(grandsPrix).values(row);
  return row;
}

export async function createSeason(db: Db, year: number): Promise<void> {
  await db.insert(seasons).values({ year }).onConflictDoNothing();
}

export interface RaceOverrides extends Partial<Race> {
  /** Sugar for circuitId + grandPrixId: created with these names when the ids are not given. */
  circuit?: Partial<Circuit>;
  grandPrix?: Partial<GrandPrix>;
}

/**
 * A race; by default it starts a week from now at 14:00 UTC, gets the next round of its year and a
 * new circuit and grand prix. `has_results` stays false until addResult is called for it.
 */
export async function createRace(db: Db, overrides: RaceOverrides = {}): Promise<Race> {
  const { circuit, grandPrix, ...rest } = overrides;
  const startsAt = rest.startsAt ?? new Date(Math.floor((Date.now() + 7 * DAY) / HOUR) * HOUR);
  const year = rest.year ?? startsAt.getUTCFullYear();
  await createSeason(db, year);
  const circuitId = rest.circuitId ?? (await createCircuit(db, circuit)).id;
  const gp = rest.grandPrixId ? null : await createGrandPrix(db, grandPrix);
  const grandPrixId = rest.grandPrixId ?? gp!.id;
  const [{ maxRound }] = (await db
    .select({ maxRound: sql<number>`coalesce(max(${races.round}), 0)::int` })
    .from(races)
    .where(eq(races.year, year))) as [{ maxRound: number }];
  const row: Race = {
    id: 10_000 + next(),
    year,
    round: maxRound + 1,
    date: startsAt.toISOString().slice(0, 10),
    time: startsAt.toISOString().slice(11, 16),
    startsAt,
    grandPrixId,
    officialName: `Formula 1 ${gp?.fullName ?? 'Grand Prix'} ${year}`,
    circuitId,
    laps: 53,
    distance: 306.72,
    courseLength: 5.793,
    turns: 11,
    qualifyingFormat: 'KNOCKOUT',
    sprintRaceDate: null,
    hasResults: false,
    updatedAt: new Date(),
    ...rest,
  };
  await db.insert(races).values(row);
  return row;
}

const FIRST_NAMES = ['Marco', 'Luca', 'Pierre', 'Oliver', 'Kevin', 'Nico', 'Felipe', 'Jenson'];
const LAST_NAMES = ['Rossi', 'Bianchi', 'Laurent', 'Bearman', 'Magnus', 'Keller', 'Moreira', 'Walsh'];

/** A driver; `name` defaults to "first last", the id to its slug. */
export async function createDriver(db: Db, overrides: Partial<Driver> = {}): Promise<Driver> {
  const n = next();
  const firstName = overrides.firstName ?? FIRST_NAMES[n % FIRST_NAMES.length]!;
  const lastName = overrides.lastName ?? `${LAST_NAMES[n % LAST_NAMES.length]!}${n}`;
  const name = overrides.name ?? `${firstName} ${lastName}`;
  const nationalityCountryId = overrides.nationalityCountryId ?? (await createCountry(db)).id;
  const row: Driver = {
    id: overrides.id ?? slug(name),
    name,
    firstName,
    lastName,
    fullName: name,
    abbreviation: lastName.slice(0, 3).toUpperCase(),
    permanentNumber: String(n % 99),
    gender: 'MALE',
    dateOfBirth: '1997-09-30',
    dateOfDeath: null,
    placeOfBirth: 'Hasselt',
    nationalityCountryId,
    ...overrides,
  };
  await db.insert(drivers).values(row);
  return row;
}

/** A team (an F1DB constructor). */
export async function createTeam(db: Db, overrides: Partial<Team> = {}): Promise<Team> {
  const n = next();
  const name = overrides.name ?? `Scuderia ${LAST_NAMES[n % LAST_NAMES.length]!} ${n}`;
  const countryId = overrides.countryId ?? (await createCountry(db)).id;
  const row: Team = {
    id: overrides.id ?? slug(name),
    name,
    fullName: `${name} Racing`,
    countryId,
    teamPrincipal: 'Alex Morgan',
    colour: '#1E41FF',
    ...overrides,
  };
  await db.insert(constructors).values(row);
  return row;
}

/** Enters a driver for a team in a season (F1DB entrants). */
export async function addEntry(
  db: Db,
  e: { year: number; teamId: string; driverId: string; testDriver?: boolean },
): Promise<void> {
  await createSeason(db, e.year);
  await db.insert(seasonDrivers).values({
    year: e.year,
    constructorId: e.teamId,
    driverId: e.driverId,
    rounds: e.testDriver ? null : '1-24',
    testDriver: e.testDriver ?? false,
  });
}

export interface ResultInput {
  raceId: number;
  driverId: string;
  teamId: string;
  /** A place, or F1DB's code for an unplaced car ("DNF", "DSQ", "DNS", "NC"). */
  position: number | string;
  session?: 'RACE' | 'SPRINT_RACE';
  positionOrder?: number;
  points?: number | null;
  laps?: number | null;
  time?: string | null;
  gap?: string | null;
  reasonRetired?: string | null;
  grid?: number | null;
  polePosition?: boolean;
  fastestLap?: boolean;
}

/** One classification row; marks the race as having results, as the importer does. */
export async function addResult(db: Db, r: ResultInput): Promise<void> {
  const session = r.session ?? 'RACE';
  const placed = typeof r.position === 'number';
  const [{ count }] = (await db
    .select({ count: sql<number>`count(*)::int` })
    .from(raceResults)
    .where(and(eq(raceResults.raceId, r.raceId), eq(raceResults.session, session)))) as [{ count: number }];
  await db.insert(raceResults).values({
    raceId: r.raceId,
    session,
    positionOrder: r.positionOrder ?? count + 1,
    positionText: String(r.position),
    positionNumber: placed ? (r.position as number) : null,
    driverNumber: '44',
    driverId: r.driverId,
    constructorId: r.teamId,
    laps: r.laps ?? 53,
    time: r.time ?? (r.position === 1 ? '1:20:27.511' : null),
    gap: r.gap ?? null,
    reasonRetired: r.reasonRetired ?? null,
    points: r.points ?? 0,
    gridPositionText: r.grid === null || r.grid === undefined ? null : String(r.grid),
    gridPositionNumber: r.grid ?? null,
    polePosition: r.polePosition ?? false,
    fastestLap: r.fastestLap ?? false,
  });
  await db.update(races).set({ hasResults: true }).where(eq(races.id, r.raceId));
}

export async function addQualifying(
  db: Db,
  q: { raceId: number; driverId: string; teamId: string; position: number; q1?: string; q2?: string; q3?: string },
): Promise<void> {
  await db.insert(qualifyingResults).values({
    raceId: q.raceId,
    positionOrder: q.position,
    positionText: String(q.position),
    positionNumber: q.position,
    driverId: q.driverId,
    constructorId: q.teamId,
    q1: q.q1 ?? '1:21.000',
    q2: q.q2 ?? null,
    q3: q.q3 ?? null,
    time: q.q3 ?? q.q2 ?? q.q1 ?? '1:21.000',
  });
}

export async function addFastestLap(
  db: Db,
  f: { raceId: number; driverId: string; teamId: string; lap?: number; time?: string; position?: number },
): Promise<void> {
  const position = f.position ?? 1;
  await db.insert(fastestLaps).values({
    raceId: f.raceId,
    positionOrder: position,
    positionText: String(position),
    positionNumber: position,
    driverId: f.driverId,
    constructorId: f.teamId,
    lap: f.lap ?? 43,
    time: f.time ?? '1:21.046',
  });
}

/** A driver standings row: after race `raceId`, or the season's final one when raceId is null. */
export async function addDriverStanding(
  db: Db,
  s: { year: number; raceId: number | null; driverId: string; position: number; points: number },
): Promise<void> {
  await createSeason(db, s.year);
  await db.insert(driverStandings).values({
    year: s.year,
    raceId: s.raceId,
    positionOrder: s.position,
    positionText: String(s.position),
    positionNumber: s.position,
    driverId: s.driverId,
    points: s.points,
  });
}

export async function addConstructorStanding(
  db: Db,
  s: { year: number; raceId: number | null; teamId: string; position: number; points: number },
): Promise<void> {
  await createSeason(db, s.year);
  await db.insert(constructorStandings).values({
    year: s.year,
    raceId: s.raceId,
    positionOrder: s.position,
    positionText: String(s.position),
    positionNumber: s.position,
    constructorId: s.teamId,
    points: s.points,
  });
}

/** Points of the current system for places 1-10. */
export const POINTS = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1];

/** A finishing order as result rows: drivers[i] (with their team) placed i + 1 and scored. */
export async function addClassification(
  db: Db,
  raceId: number,
  order: { driverId: string; teamId: string }[],
  session: 'RACE' | 'SPRINT_RACE' = 'RACE',
): Promise<void> {
  for (const [i, o] of order.entries()) {
    await addResult(db, {
      raceId,
      session,
      driverId: o.driverId,
      teamId: o.teamId,
      position: i + 1,
      points: session === 'RACE' ? (POINTS[i] ?? 0) : Math.max(0, 8 - i),
      gap: i === 0 ? null : `+${(i * 3.217).toFixed(3)}`,
      grid: i + 1,
    });
  }
}
