import { z } from 'zod';
import { pageOf } from './common.ts';
import { endpoint } from './endpoint.ts';
import { countryCodeSchema, driverRefSchema, teamRefSchema } from './f1-refs.ts';
import { raceWeekendSchema } from './race-weekend.ts';
import { routes } from './routes.ts';
import { spoilerHeadersSchema } from './spoiler-shield.ts';
import {
  constructorStandingRowSchema,
  driverStandingRowSchema,
  seasonStandingsSchema,
  standingsQuerySchema,
} from './standings.ts';

/*
 * Formula 1 payloads (spec §3 Race, Driver, Team; api-decisions "Formula 1 data").
 * Ids: races are F1DB's integers; drivers, teams and circuits F1DB's slugs.
 * `country_code` is the ISO 3166-1 alpha-2 code (for flags), null when F1DB has none.
 */

export { countryCodeSchema, driverRefSchema, teamRefSchema, type DriverRef, type TeamRef } from './f1-refs.ts';

export const circuitRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  country: z.string(),
  country_code: countryCodeSchema,
});

/** The race of lists, cards and search (spec §3 Race plus api-decisions additions). */
export const raceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  official_name: z.string(),
  season: z.object({ year: z.number().int() }),
  round_number: z.number().int(),
  circuit_name: z.string(),
  location: z.string(),
  country: z.string(),
  country_code: countryCodeSchema,
  circuit: circuitRefSchema,
  /** Race start, ISO 8601 UTC. When `time_known` is false only the day is known (time set to 12:00 UTC). */
  date: z.string(),
  time_known: z.boolean(),
  is_completed: z.boolean(),
  has_results: z.boolean(),
  average_rating: z.number().nullable(),
  review_count: z.number().int(),
  /**
   * The signed-in reader's spoiler shield hides this race (decision 033): what would spoil it is withheld
   * (`average_rating` null; a detail's winner, podium and rating distribution empty). Always false for guests.
   */
  spoilers_hidden: z.boolean(),
});
export type Race = z.infer<typeof raceSchema>;

export const podiumEntrySchema = z.object({
  position: z.number().int(),
  driver: driverRefSchema,
  team: teamRefSchema,
});

export const raceDetailSchema = raceSchema.extend({
  laps: z.number().int().nullable(),
  distance_km: z.number().nullable(),
  circuit_details: z.object({
    full_name: z.string(),
    type: z.string().nullable(),
    length_km: z.number().nullable(),
    turns: z.number().int().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  has_sprint: z.boolean(),
  winner: podiumEntrySchema.nullable(),
  podium: z.array(podiumEntrySchema),
  rating_distribution: z.record(z.enum(['1', '2', '3', '4', '5']), z.number().int()),
  previous_race_id: z.number().int().nullable(),
  next_race_id: z.number().int().nullable(),
  /** Signed-in viewers only (false / null for guests). */
  is_watched: z.boolean(),
  user_review_id: z.number().int().nullable(),
});
export type RaceDetail = z.infer<typeof raceDetailSchema>;

export const classificationRowSchema = z.object({
  position: z.string(),
  position_number: z.number().int().nullable(),
  driver: driverRefSchema,
  team: teamRefSchema,
  number: z.string().nullable(),
  grid: z.string().nullable(),
  laps: z.number().int().nullable(),
  /** Winner's race time, others' gap ("+5.123", "+1 lap"), or null. */
  time: z.string().nullable(),
  status: z.string(),
  points: z.number().nullable(),
  /** The car set the race's fastest lap (F1DB flags every car that set it, when several shared it). */
  fastest_lap: z.boolean(),
  /** F1DB's `time` as it is: the race time of each finisher that has one. */
  elapsed_time: z.string().nullable(),
  /** F1DB's gap to the winner as it is ("+13.773", "+1 lap"). */
  gap: z.string().nullable(),
  /** The gap to the car classified ahead ("+0.327"). */
  interval: z.string().nullable(),
  /** The seconds of time penalty added to the race time, as F1DB writes them ("5.000"). */
  time_penalty: z.string().nullable(),
  /** One of two or more drivers of one car (the 1950s). */
  shared_car: z.boolean(),
  /** The car first on the grid (2022 sprint weekends: the sprint's grid). */
  pole_position: z.boolean(),
  /** The winner of the fans' driver of the day vote. */
  driver_of_the_day: z.boolean(),
  /** The engine manufacturer's name ("Honda RBPT"). */
  engine: z.string().nullable(),
  /** The engines of the car's entry that season, by full name, in F1DB's order. */
  engine_models: z.array(z.string()),
  /** The tyre manufacturer's name. */
  tyres: z.string().nullable(),
  /** The chassis of the car's entry that season, by full name, in F1DB's order. */
  chassis: z.array(z.string()),
  /** Who entered the car ("Oracle Red Bull Racing"). */
  entrant: z.string().nullable(),
});
export type ClassificationRow = z.infer<typeof classificationRowSchema>;

export const qualifyingRowSchema = z.object({
  position: z.string(),
  position_number: z.number().int().nullable(),
  driver: driverRefSchema,
  team: teamRefSchema,
  q1: z.string().nullable(),
  q2: z.string().nullable(),
  q3: z.string().nullable(),
  time: z.string().nullable(),
});

export const fastestLapSchema = z.object({
  driver: driverRefSchema,
  team: teamRefSchema,
  number: z.string().nullable(),
  lap: z.number().int().nullable(),
  time: z.string().nullable(),
});
export type FastestLap = z.infer<typeof fastestLapSchema>;

export const raceResultsSchema = z.object({
  race_id: z.number().int(),
  classification: z.array(classificationRowSchema),
  sprint: z.array(classificationRowSchema),
  qualifying: z.array(qualifyingRowSchema),
  /** Every car first in F1DB's fastest laps, in its order: several when they shared it (1954 Britain: seven). */
  fastest_laps: z.array(fastestLapSchema),
  /** The reader's spoiler shield hides the race: classification, sprint and fastest laps withheld (decision 033). */
  spoilers_hidden: z.boolean(),
});
export type RaceResults = z.infer<typeof raceResultsSchema>;

export const raceListQuerySchema = z.object({
  season: z.coerce.number().int().min(1950).max(2100).optional(),
  search: z.string().trim().max(100).optional(),
  reviewable_only: z.enum(['true', 'false']).optional(),
  exclude_reviewed: z.enum(['true', 'false']).optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export const thoughtStatusSchema = z.object({
  is_open: z.boolean(),
  opens_in_seconds: z.number().int(),
  closes_in_seconds: z.number().int().nullable(),
});
export type ThoughtStatus = z.infer<typeof thoughtStatusSchema>;

export const activeThoughtsSchema = z.object({ race: raceSchema, status: thoughtStatusSchema }).nullable();
export type ActiveThoughts = z.infer<typeof activeThoughtsSchema>;

/** Spec §3 Driver (id, full_name, short_name, country) plus list extras. */
export const driverSchema = driverRefSchema.extend({
  country: z.string(),
  number: z.string().nullable(),
  abbreviation: z.string().nullable(),
  current_team: teamRefSchema.nullable(),
});
export type Driver = z.infer<typeof driverSchema>;

/** Career figures by F1DB's rules (decision 035). */
export const careerFiguresSchema = z.object({
  starts: z.number().int(),
  wins: z.number().int(),
  podiums: z.number().int(),
  poles: z.number().int(),
  fastest_laps: z.number().int(),
  points: z.number().describe('Race and sprint points scored'),
  championship_points: z
    .number()
    .describe('Points of the season standings: only the results that counted (dropped results, shared drives)'),
  championships: z.number().int(),
});
export type CareerFigures = z.infer<typeof careerFiguresSchema>;

export const driverSeasonSchema = z.object({
  year: z.number().int(),
  teams: z.array(teamRefSchema),
  position: z.number().int().nullable(),
  points: z.number().nullable().describe('Points in the season standings; null without a standing'),
  points_scored: z.number().describe('Race and sprint points scored that season'),
  starts: z.number().int(),
  wins: z.number().int(),
  podiums: z.number().int(),
  best_finish: z.number().int().nullable(),
});

export const raceLinkSchema = z.object({ id: z.number().int(), name: z.string(), year: z.number().int() });
export type RaceLink = z.infer<typeof raceLinkSchema>;

export const driverDetailSchema = driverSchema.extend({
  legal_name: z.string(),
  date_of_birth: z.string().nullable(),
  date_of_death: z.string().nullable(),
  place_of_birth: z.string().nullable(),
  career: careerFiguresSchema,
  seasons: z.array(driverSeasonSchema),
  first_race: raceLinkSchema.nullable(),
  last_race: raceLinkSchema.nullable(),
});
export type DriverDetail = z.infer<typeof driverDetailSchema>;

/** Spec §3 Team (id, name, country, team_principal) plus list extras. */
export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  full_name: z.string(),
  country: z.string(),
  country_code: countryCodeSchema,
  team_principal: z.string().nullable(),
  colour: z.string().nullable(),
});
export type Team = z.infer<typeof teamSchema>;

export const teamSeasonSchema = z.object({
  year: z.number().int(),
  position: z.number().int().nullable(),
  points: z
    .number()
    .nullable()
    .describe("Points in the constructors' standings; null without a standing (every season before 1958)"),
  points_scored: z.number().describe('Race and sprint points its cars scored that season'),
  wins: z.number().int(),
  podiums: z.number().int(),
  drivers: z.array(driverRefSchema),
});

export const teamDetailSchema = teamSchema.extend({
  current_drivers: z.array(driverSchema),
  career: careerFiguresSchema.extend({
    entries: z.number().int(),
    points: z.number().describe("Race and sprint points scored from 1958, when the constructors' championship began"),
  }),
  seasons: z.array(teamSeasonSchema),
  first_race: raceLinkSchema.nullable(),
  last_race: raceLinkSchema.nullable(),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

export const seasonSummarySchema = z.object({
  year: z.number().int(),
  race_count: z.number().int(),
  completed_races: z.number().int(),
  driver_champion: driverRefSchema.nullable(),
  constructor_champion: teamRefSchema.nullable(),
});
export type SeasonSummary = z.infer<typeof seasonSummarySchema>;

/** A standings row (standings.ts) with the driver's teams of the season and their wins. */
export const driverStandingSchema = driverStandingRowSchema;
export const constructorStandingSchema = constructorStandingRowSchema;

export const communityRaceSchema = z.object({
  race: raceSchema,
  review_count: z.number().int(),
  average_rating: z.number().nullable(),
});

export const seasonStatsSchema = z.object({
  season: z.number().int(),
  total_races: z.number().int(),
  completed_races: z.number().int(),
  /** Completed races (run) whose results are not in yet. */
  results_pending: z.number().int(),
  /** The round the standings stand after ("after round 11 of 24"); null before any. */
  standings_round: z.number().int().nullable(),
  driver_standings: z.array(driverStandingSchema),
  /** None before 1958, when the constructors' championship began (`constructors_championship` false). */
  constructor_standings: z.array(constructorStandingSchema),
  constructors_championship: z.boolean(),
  /** Cumulative points after each round with results, for the top drivers of the standings. */
  points_progression: z.object({
    rounds: z.array(z.object({ round: z.number().int(), race_id: z.number().int(), name: z.string() })),
    drivers: z.array(
      z.object({ driver: driverRefSchema, team_colour: z.string().nullable(), points: z.array(z.number()) }),
    ),
  }),
  community: z.object({
    most_reviewed: z.array(communityRaceSchema),
    top_rated: z.array(communityRaceSchema),
  }),
  /**
   * The reader's spoiler shield hides a race of the season (decision 033): the standings are withheld, the
   * points chart stops before that race, and the shielded races' ratings are withheld.
   */
  spoilers_hidden: z.boolean(),
});
export type SeasonStats = z.infer<typeof seasonStatsSchema>;

export const seasonRaceResultSchema = z.object({
  race: raceSchema,
  podium: z.array(podiumEntrySchema),
});
export type SeasonRaceResult = z.infer<typeof seasonRaceResultSchema>;

export const seasonQuerySchema = z.object({ season: z.coerce.number().int().min(1950).max(2100) });

/**
 * What the site holds of the race results (GET /api/f1/data-status/): when the results sync last
 * reached Jolpica, and the newest race with results. Never synced: the results are the bundled F1DB
 * data's, up to that race.
 */
export const f1DataStatusSchema = z.object({
  /** The latest successful Jolpica sync (the server's results scheduler or `npm run f1:sync`), else null. */
  results_synced_at: z.string().nullable(),
  latest_results: z
    .object({
      race_id: z.number().int(),
      name: z.string(),
      season: z.number().int(),
      round: z.number().int(),
      /** Race start, ISO 8601 UTC. */
      date: z.string(),
    })
    .nullable(),
});
export type F1DataStatus = z.infer<typeof f1DataStatusSchema>;

/** GET /f1/races/upcoming/ */
export const upcomingRacesQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });

/* Operations whose answers the spoiler shield changes read its header (decision 033). */
const headers = spoilerHeadersSchema;

export const f1Endpoints = {
  listRaces: endpoint(routes.listRaces, { query: raceListQuerySchema, headers, response: pageOf(raceSchema) }),
  upcomingRaces: endpoint(routes.upcomingRaces, { query: upcomingRacesQuerySchema, response: z.array(raceSchema) }),
  recommendedRaces: endpoint(routes.recommendedRaces, { headers, response: z.array(raceSchema) }),
  trendingRaces: endpoint(routes.trendingRaces, { headers, response: z.array(raceSchema) }),
  activeThoughts: endpoint(routes.activeThoughts, { headers, response: activeThoughtsSchema }),
  getRace: endpoint(routes.getRace, { headers, response: raceDetailSchema }),
  getRaceResults: endpoint(routes.getRaceResults, { headers, response: raceResultsSchema }),
  getRaceWeekend: endpoint(routes.getRaceWeekend, { headers, response: raceWeekendSchema }),
  thoughtStatus: endpoint(routes.thoughtStatus, { response: thoughtStatusSchema }),
  listDrivers: endpoint(routes.listDrivers, { query: seasonQuerySchema.partial(), response: z.array(driverSchema) }),
  getDriver: endpoint(routes.getDriver, { response: driverDetailSchema }),
  listTeams: endpoint(routes.listTeams, { query: seasonQuerySchema.partial(), response: z.array(teamSchema) }),
  getTeam: endpoint(routes.getTeam, { response: teamDetailSchema }),
  listSeasons: endpoint(routes.listSeasons, { response: z.array(seasonSummarySchema) }),
  seasonStats: endpoint(routes.seasonStats, { query: seasonQuerySchema, headers, response: seasonStatsSchema }),
  seasonStandings: endpoint(routes.seasonStandings, {
    query: standingsQuerySchema,
    headers,
    response: seasonStandingsSchema,
  }),
  seasonRaceResults: endpoint(routes.seasonRaceResults, {
    query: seasonQuerySchema,
    headers,
    response: z.array(seasonRaceResultSchema),
  }),
  dataStatus: endpoint(routes.dataStatus, { response: f1DataStatusSchema }),
};
