import { RACE_WEEKEND_SESSIONS, type RaceWeekendSession } from '@paddock/contract/race-weekend';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * Formula 1 history, imported from F1DB (CC BY 4.0). Ids are F1DB's: numeric race ids, slug ids for
 * drivers, constructors (our "teams"), circuits, grands prix and countries. Positions keep F1DB's
 * text ("1", "DNF", "DSQ", "NC", ...) in position_text, the numeric place (or null) in position_number,
 * and the row order of the classification in position_order.
 */

/** `f_unaccent(lower(x))` expression indexes back the accent- and case-insensitive search. */
const searchable = (col: unknown) => sql`f_unaccent(lower(${col})) gin_trgm_ops`;

export const countries = pgTable('countries', {
  id: text('id').primaryKey(),
  alpha2Code: text('alpha2_code'),
  alpha3Code: text('alpha3_code'),
  name: text('name').notNull(),
  demonym: text('demonym'),
});

export const circuits = pgTable(
  'circuits',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    placeName: text('place_name').notNull(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    type: text('type'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    length: doublePrecision('length'),
    turns: integer('turns'),
  },
  (t) => [
    index('circuits_name_trgm').using('gin', searchable(t.name)),
    index('circuits_place_trgm').using('gin', searchable(t.placeName)),
  ],
);

export const grandsPrix = pgTable('grands_prix', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
  shortName: text('short_name').notNull(),
  countryId: text('country_id').references(() => countries.id),
});

export const seasons = pgTable('seasons', {
  year: integer('year').primaryKey(),
});

export const races = pgTable(
  'races',
  {
    id: integer('id').primaryKey(),
    year: integer('year')
      .notNull()
      .references(() => seasons.year),
    round: integer('round').notNull(),
    date: date('date').notNull(),
    /** UTC start time ("15:00") when F1DB knows it; most historical races have none. */
    time: text('time'),
    /** date + time in UTC, or the date at 12:00 UTC when the time is unknown. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    grandPrixId: text('grand_prix_id')
      .notNull()
      .references(() => grandsPrix.id),
    officialName: text('official_name').notNull(),
    circuitId: text('circuit_id')
      .notNull()
      .references(() => circuits.id),
    laps: integer('laps'),
    distance: doublePrecision('distance'),
    courseLength: doublePrecision('course_length'),
    turns: integer('turns'),
    qualifyingFormat: text('qualifying_format'),
    sprintRaceDate: date('sprint_race_date'),
    /** Set by the importer and the sync once a classification exists. */
    hasResults: boolean('has_results').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('races_year_round_key').on(t.year, t.round),
    index('races_starts_at_idx').on(t.startsAt),
    index('races_circuit_idx').on(t.circuitId),
    index('races_grand_prix_idx').on(t.grandPrixId),
    index('races_official_name_trgm').using('gin', searchable(t.officialName)),
  ],
);

export const drivers = pgTable(
  'drivers',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    fullName: text('full_name').notNull(),
    abbreviation: text('abbreviation'),
    permanentNumber: text('permanent_number'),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth'),
    dateOfDeath: date('date_of_death'),
    placeOfBirth: text('place_of_birth'),
    nationalityCountryId: text('nationality_country_id').references(() => countries.id),
  },
  (t) => [
    index('drivers_name_trgm').using('gin', searchable(t.name)),
    index('drivers_full_name_trgm').using('gin', searchable(t.fullName)),
  ],
);

export const constructors = pgTable(
  'constructors',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    countryId: text('country_id').references(() => countries.id),
    /** Facts F1DB lacks, from the project's own team data file. */
    teamPrincipal: text('team_principal'),
    colour: text('colour'),
  },
  (t) => [
    index('constructors_name_trgm').using('gin', searchable(t.name)),
    index('constructors_full_name_trgm').using('gin', searchable(t.fullName)),
  ],
);

/** Engine and tyre makers, entrants, chassis and engines: the names a result's car is told by. */
export const engineManufacturers = pgTable('engine_manufacturers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  countryId: text('country_id').references(() => countries.id),
});

export const tyreManufacturers = pgTable('tyre_manufacturers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const entrants = pgTable('entrants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const chassis = pgTable('chassis', {
  id: text('id').primaryKey(),
  constructorId: text('constructor_id').notNull(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
});

export const engines = pgTable('engines', {
  id: text('id').primaryKey(),
  engineManufacturerId: text('engine_manufacturer_id').notNull(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
});

/** Who drove for whom in a season (F1DB entrants), with the rounds driven ("1-24", "3,5-7"). */
export const seasonDrivers = pgTable(
  'season_drivers',
  {
    year: integer('year')
      .notNull()
      .references(() => seasons.year),
    constructorId: text('constructor_id')
      .notNull()
      .references(() => constructors.id),
    driverId: text('driver_id')
      .notNull()
      .references(() => drivers.id),
    engineManufacturerId: text('engine_manufacturer_id'),
    rounds: text('rounds'),
    testDriver: boolean('test_driver').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.constructorId, t.driverId] }),
    index('season_drivers_driver_idx').on(t.driverId, t.year),
  ],
);

/** Race and sprint classifications; session is 'RACE' or 'SPRINT_RACE'. */
export const raceResults = pgTable(
  'race_results',
  {
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    session: text('session', { enum: ['RACE', 'SPRINT_RACE'] }).notNull(),
    positionOrder: integer('position_order').notNull(),
    positionText: text('position_text').notNull(),
    positionNumber: integer('position_number'),
    driverNumber: text('driver_number'),
    driverId: text('driver_id')
      .notNull()
      .references(() => drivers.id),
    constructorId: text('constructor_id')
      .notNull()
      .references(() => constructors.id),
    engineManufacturerId: text('engine_manufacturer_id'),
    laps: integer('laps'),
    time: text('time'),
    gap: text('gap'),
    /** The gap to the car classified ahead ("+0.327"), where F1DB has it. */
    interval: text('interval'),
    timePenalty: text('time_penalty'),
    reasonRetired: text('reason_retired'),
    points: doublePrecision('points'),
    gridPositionText: text('grid_position_text'),
    gridPositionNumber: integer('grid_position_number'),
    polePosition: boolean('pole_position').notNull().default(false),
    fastestLap: boolean('fastest_lap').notNull().default(false),
    /** F1DB's driver of the day (the winner of the vote), on the car that driver raced. */
    driverOfTheDay: boolean('driver_of_the_day').notNull().default(false),
    /** One of two or more drivers of one car (the 1950s): the car's figures count once, for the team. */
    sharedCar: boolean('shared_car').notNull().default(false),
    tyreManufacturerId: text('tyre_manufacturer_id'),
    /** From the season's entry list: who entered the car, and its chassis and engines that season. */
    entrantId: text('entrant_id'),
    chassisIds: text('chassis_ids').array(),
    engineIds: text('engine_ids').array(),
  },
  (t) => [
    primaryKey({ columns: [t.raceId, t.session, t.positionOrder] }),
    index('race_results_driver_idx').on(t.driverId, t.session),
    index('race_results_constructor_idx').on(t.constructorId, t.session),
  ],
);

export const qualifyingResults = pgTable(
  'qualifying_results',
  {
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    positionOrder: integer('position_order').notNull(),
    positionText: text('position_text').notNull(),
    positionNumber: integer('position_number'),
    driverNumber: text('driver_number'),
    driverId: text('driver_id')
      .notNull()
      .references(() => drivers.id),
    constructorId: text('constructor_id')
      .notNull()
      .references(() => constructors.id),
    time: text('time'),
    q1: text('q1'),
    q2: text('q2'),
    q3: text('q3'),
    gap: text('gap'),
    laps: integer('laps'),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.positionOrder] }), index('qualifying_driver_idx').on(t.driverId)],
);

/** The grid of the race (session 'RACE') and of the sprint ('SPRINT_RACE'), with penalties. */
export const startingGrid = pgTable(
  'starting_grid',
  {
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    session: text('session', { enum: ['RACE', 'SPRINT_RACE'] })
      .notNull()
      .default('RACE'),
    positionOrder: integer('position_order').notNull(),
    positionText: text('position_text').notNull(),
    positionNumber: integer('position_number'),
    driverId: text('driver_id')
      .notNull()
      .references(() => drivers.id),
    constructorId: text('constructor_id')
      .notNull()
      .references(() => constructors.id),
    driverNumber: text('driver_number'),
    gridPenalty: text('grid_penalty'),
    time: text('time'),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.session, t.positionOrder] })],
);

export const fastestLaps = pgTable(
  'fastest_laps',
  {
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    positionOrder: integer('position_order').notNull(),
    positionText: text('position_text').notNull(),
    positionNumber: integer('position_number'),
    driverId: text('driver_id')
      .notNull()
      .references(() => drivers.id),
    constructorId: text('constructor_id')
      .notNull()
      .references(() => constructors.id),
    driverNumber: text('driver_number'),
    lap: integer('lap'),
    time: text('time'),
    gap: text('gap'),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.positionOrder] })],
);

/** The sessions F1DB times beside qualifying and the races, in the order a weekend runs them: the contract's list. */
export const TIMED_SESSIONS = RACE_WEEKEND_SESSIONS;
export type TimedSession = RaceWeekendSession;

/** Practice, warm-up, sprint qualifying (or shootout) and the old two-day qualifying sessions. */
export const sessionResults = pgTable(
  'session_results',
  {
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    session: text('session', { enum: TIMED_SESSIONS }).notNull(),
    positionOrder: integer('position_order').notNull(),
    positionText: text('position_text').notNull(),
    positionNumber: integer('position_number'),
    driverNumber: text('driver_number'),
    driverId: text('driver_id')
      .notNull()
      .references(() => drivers.id),
    constructorId: text('constructor_id')
      .notNull()
      .references(() => constructors.id),
    time: text('time'),
    gap: text('gap'),
    interval: text('interval'),
    laps: integer('laps'),
    q1: text('q1'),
    q2: text('q2'),
    q3: text('q3'),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.session, t.positionOrder] })],
);

export const pitStops = pgTable(
  'pit_stops',
  {
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    positionOrder: integer('position_order').notNull(),
    driverNumber: text('driver_number'),
    driverId: text('driver_id')
      .notNull()
      .references(() => drivers.id),
    constructorId: text('constructor_id')
      .notNull()
      .references(() => constructors.id),
    stop: integer('stop').notNull(),
    lap: integer('lap').notNull(),
    /** Time in the pit lane ("23.004"). */
    time: text('time'),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.positionOrder] })],
);

/** The driver of the day vote (2016 on): every driver's share, in F1DB's order. */
export const driverOfTheDay = pgTable(
  'driver_of_the_day',
  {
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    positionOrder: integer('position_order').notNull(),
    positionText: text('position_text').notNull(),
    positionNumber: integer('position_number'),
    driverId: text('driver_id')
      .notNull()
      .references(() => drivers.id),
    constructorId: text('constructor_id')
      .notNull()
      .references(() => constructors.id),
    percentage: doublePrecision('percentage'),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.positionOrder] })],
);

/** Championship standings: after each race (race_id set) and final per season (race_id null). */
export const driverStandings = pgTable(
  'driver_standings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    year: integer('year')
      .notNull()
      .references(() => seasons.year),
    raceId: integer('race_id').references(() => races.id, { onDelete: 'cascade' }),
    positionOrder: integer('position_order').notNull(),
    positionText: text('position_text').notNull(),
    positionNumber: integer('position_number'),
    driverId: text('driver_id')
      .notNull()
      .references(() => drivers.id),
    points: doublePrecision('points').notNull(),
  },
  (t) => [
    uniqueIndex('driver_standings_key').on(t.year, sql`coalesce(${t.raceId}, 0)`, t.positionOrder),
    index('driver_standings_driver_idx').on(t.driverId, t.year),
    index('driver_standings_race_idx').on(t.raceId),
  ],
);

export const constructorStandings = pgTable(
  'constructor_standings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    year: integer('year')
      .notNull()
      .references(() => seasons.year),
    raceId: integer('race_id').references(() => races.id, { onDelete: 'cascade' }),
    positionOrder: integer('position_order').notNull(),
    positionText: text('position_text').notNull(),
    positionNumber: integer('position_number'),
    constructorId: text('constructor_id')
      .notNull()
      .references(() => constructors.id),
    engineManufacturerId: text('engine_manufacturer_id'),
    points: doublePrecision('points').notNull(),
  },
  (t) => [
    uniqueIndex('constructor_standings_key').on(t.year, sql`coalesce(${t.raceId}, 0)`, t.positionOrder),
    index('constructor_standings_constructor_idx').on(t.constructorId, t.year),
    index('constructor_standings_race_idx').on(t.raceId),
  ],
);

/**
 * Where the results sync stands (decision 020): one row per source ('jolpica'), written by f1data (the
 * results scheduler and `npm run f1:sync`) and read by the f1 module's data status. The instances of a
 * site share it, so whichever runs the next attempt knows when the last one was.
 */
export const f1SyncState = pgTable('f1_sync_state', {
  source: text('source').primaryKey(),
  /** The start of the latest run, successful or not. */
  attemptedAt: timestamp('attempted_at', { withTimezone: true }),
  /** Runs that failed in a row since the last success (no network, Jolpica down): the back-off. */
  failures: integer('failures').notNull().default(0),
  /** The latest run that reached Jolpica and checked or brought results: "results last updated". */
  succeededAt: timestamp('succeeded_at', { withTimezone: true }),
});
