import type {
  chassis,
  driverOfTheDay,
  engineManufacturers,
  engines,
  entrants,
  pitStops,
  sessionResults,
  tyreManufacturers,
  circuits,
  constructorStandings,
  constructors,
  countries,
  driverStandings,
  drivers,
  fastestLaps,
  grandsPrix,
  qualifyingResults,
  raceResults,
  races,
  seasonDrivers,
  seasons,
  startingGrid,
} from '../db/schema/f1.ts';

/*
 * One record type per F1 table, shaped exactly like its row (camelCase keys), so the reader, the
 * seed and the Jolpica sync all hand the importer the same plain data.
 */

export type CountryRow = typeof countries.$inferSelect;
export type CircuitRow = typeof circuits.$inferSelect;
export type GrandPrixRow = typeof grandsPrix.$inferSelect;
export type SeasonRow = typeof seasons.$inferSelect;
/** startsAt travels as an ISO string so records survive JSON (the seed) unchanged. */
export type RaceRow = Omit<typeof races.$inferSelect, 'updatedAt' | 'startsAt'> & { startsAt: string };
export type DriverRow = typeof drivers.$inferSelect;
export type ConstructorRow = typeof constructors.$inferSelect;
export type SeasonDriverRow = typeof seasonDrivers.$inferSelect;
export type RaceResultRow = typeof raceResults.$inferSelect;
export type QualifyingResultRow = typeof qualifyingResults.$inferSelect;
export type StartingGridRow = typeof startingGrid.$inferSelect;
export type FastestLapRow = typeof fastestLaps.$inferSelect;
export type SessionResultRow = typeof sessionResults.$inferSelect;
export type PitStopRow = typeof pitStops.$inferSelect;
export type DriverOfTheDayRow = typeof driverOfTheDay.$inferSelect;
export type EngineManufacturerRow = typeof engineManufacturers.$inferSelect;
export type TyreManufacturerRow = typeof tyreManufacturers.$inferSelect;
export type EntrantRow = typeof entrants.$inferSelect;
export type ChassisRow = typeof chassis.$inferSelect;
export type EngineRow = typeof engines.$inferSelect;
export type DriverStandingRow = Omit<typeof driverStandings.$inferSelect, 'id'>;
export type ConstructorStandingRow = Omit<typeof constructorStandings.$inferSelect, 'id'>;

/** Everything the importer writes, in foreign-key order. */
export interface F1Data {
  countries: CountryRow[];
  circuits: CircuitRow[];
  grandsPrix: GrandPrixRow[];
  seasons: SeasonRow[];
  drivers: DriverRow[];
  constructors: ConstructorRow[];
  engineManufacturers: EngineManufacturerRow[];
  tyreManufacturers: TyreManufacturerRow[];
  entrants: EntrantRow[];
  chassis: ChassisRow[];
  engines: EngineRow[];
  races: RaceRow[];
  seasonDrivers: SeasonDriverRow[];
  raceResults: RaceResultRow[];
  qualifyingResults: QualifyingResultRow[];
  startingGrid: StartingGridRow[];
  fastestLaps: FastestLapRow[];
  sessionResults: SessionResultRow[];
  pitStops: PitStopRow[];
  driverOfTheDay: DriverOfTheDayRow[];
  driverStandings: DriverStandingRow[];
  constructorStandings: ConstructorStandingRow[];
}

export type F1TableKey = keyof F1Data;

export const F1_TABLE_KEYS = [
  'countries',
  'circuits',
  'grandsPrix',
  'seasons',
  'drivers',
  'constructors',
  'engineManufacturers',
  'tyreManufacturers',
  'entrants',
  'chassis',
  'engines',
  'races',
  'seasonDrivers',
  'raceResults',
  'qualifyingResults',
  'startingGrid',
  'fastestLaps',
  'sessionResults',
  'pitStops',
  'driverOfTheDay',
  'driverStandings',
  'constructorStandings',
] as const satisfies readonly F1TableKey[];

export function emptyF1Data(): F1Data {
  return {
    countries: [],
    circuits: [],
    grandsPrix: [],
    seasons: [],
    drivers: [],
    constructors: [],
    engineManufacturers: [],
    tyreManufacturers: [],
    entrants: [],
    chassis: [],
    engines: [],
    races: [],
    seasonDrivers: [],
    raceResults: [],
    qualifyingResults: [],
    startingGrid: [],
    fastestLaps: [],
    sessionResults: [],
    pitStops: [],
    driverOfTheDay: [],
    driverStandings: [],
    constructorStandings: [],
  };
}
