import type {
  ActiveThoughts,
  ClassificationRow,
  Driver,
  DriverDetail,
  Race,
  RaceDetail,
  RaceResults,
  SeasonRaceResult,
  SeasonStats,
  SeasonSummary,
  Team,
  TeamDetail,
  ThoughtStatus,
} from '@paddock/contract';
import type { Db } from '../../db/client.ts';
import { fieldErrors, notFound } from '../../lib/errors.ts';
import { clock } from './clock.ts';
import {
  selectActiveThoughtsRace,
  selectDriverDetail,
  selectRaceDetail,
  selectRaceResults,
  selectRaceStart,
  selectRacesNewestFirst,
  selectRecentlyCompletedRaces,
  selectSeasonDrivers,
  selectSeasonRaceResults,
  selectSeasonRaces,
  selectSeasonStats,
  selectSeasons,
  selectSeasonTeams,
  selectTeamDetail,
  selectUpcomingRaces,
  type ClassificationJson,
  type DriverListRow,
  type TeamRow,
} from './queries.ts';
import { splitYears, type RaceCardRow } from './sql.ts';
import {
  ACTIVE_THOUGHTS_LOOKAHEAD_MS,
  THOUGHTS_CLOSE_AFTER_MS,
  THOUGHTS_OPEN_BEFORE_MS,
  thoughtStatus,
} from './thought-window.ts';

/*
 * Community figures (average_rating, review_count, rating_distribution, is_watched, user_review_id,
 * exclude_reviewed, trending) read the reviews capability, which does not exist yet: until it lands
 * they answer with the values of a race nobody has reviewed.
 */

export const RECOMMENDED_FOR_REVIEW_LIMIT = 10;

export function toRace(row: RaceCardRow): Race {
  return {
    id: row.id,
    name: row.gp_name,
    official_name: row.official_name,
    season: { year: row.year },
    round_number: row.round,
    circuit_name: row.circuit_name,
    location: row.place_name,
    country: row.country_name,
    country_code: row.country_code,
    circuit: {
      id: row.circuit_id,
      name: row.circuit_name,
      location: row.place_name,
      country: row.country_name,
      country_code: row.country_code,
    },
    date: new Date(row.starts_ms).toISOString(),
    time_known: row.time_known,
    is_completed: row.is_completed,
    has_results: row.has_results,
    average_rating: null,
    review_count: 0,
  };
}

function toDriver(row: DriverListRow): Driver {
  return {
    id: row.id,
    full_name: row.name,
    short_name: row.abbreviation ?? row.last_name,
    country: row.country_name ?? '',
    country_code: row.country_code,
    number: row.permanent_number,
    abbreviation: row.abbreviation,
    current_team: row.team,
  };
}

function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    name: row.name,
    full_name: row.full_name,
    country: row.country_name ?? '',
    country_code: row.country_code,
    team_principal: row.team_principal,
    colour: row.colour,
  };
}

/** Race ids are F1DB's integers; anything else in the path names no race. */
export function parseRaceId(param: string): number {
  if (!/^\d{1,9}$/.test(param)) throw notFound();
  return Number(param);
}

/** The opaque cursor of the newest-first race list: the last race's (starts_at, id). */
export function encodeRaceCursor(row: { starts_ms: number; id: number }): string {
  return Buffer.from(JSON.stringify([row.starts_ms, row.id])).toString('base64url');
}

export function decodeRaceCursor(cursor: string): { startsMs: number; id: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [startsMs, id] = value as unknown[];
      if (Number.isFinite(startsMs) && Number.isInteger(id)) return { startsMs: startsMs as number, id: id as number };
    }
  } catch {
    // falls through to the field error
  }
  throw fieldErrors({ cursor: ['Invalid cursor.'] });
}

export interface RaceListQuery {
  season?: number;
  search?: string;
  reviewable_only?: 'true' | 'false';
  exclude_reviewed?: 'true' | 'false';
  page_size: number;
  cursor?: string;
}

/**
 * GET /races/. A season lists all its races by round in one page; otherwise newest first with a
 * keyset cursor. `exclude_reviewed` is accepted and drops nothing until reviews exist.
 */
export async function listRaces(db: Db, q: RaceListQuery): Promise<{ results: Race[]; next_cursor: string | null }> {
  const { years, words } = splitYears(q.search ?? '');
  const filter = { words, years, completedOnly: q.reviewable_only === 'true' };
  if (q.season !== undefined) {
    const rows = await selectSeasonRaces(db, { ...filter, season: q.season });
    return { results: rows.map(toRace), next_cursor: null };
  }
  const before = q.cursor ? decodeRaceCursor(q.cursor) : undefined;
  const rows = await selectRacesNewestFirst(db, { ...filter, before }, q.page_size + 1);
  const page = rows.slice(0, q.page_size);
  const last = page.at(-1);
  return {
    results: page.map(toRace),
    next_cursor: rows.length > q.page_size && last ? encodeRaceCursor(last) : null,
  };
}

export async function getRaceDetail(db: Db, idParam: string): Promise<RaceDetail> {
  const row = await selectRaceDetail(db, parseRaceId(idParam));
  if (!row) throw notFound();
  const podium = row.podium.map((p) => ({ position: p.position, driver: p.driver, team: p.team }));
  return {
    ...toRace(row),
    laps: row.laps,
    distance_km: row.distance,
    circuit_details: {
      full_name: row.circuit_full_name,
      type: row.circuit_type,
      length_km: row.course_length ?? row.circuit_length,
      turns: row.race_turns ?? row.circuit_turns,
      latitude: row.latitude,
      longitude: row.longitude,
    },
    has_sprint: row.has_sprint,
    winner: podium.find((p) => p.position === 1) ?? null,
    podium,
    rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
    previous_race_id: row.previous_race_id,
    next_race_id: row.next_race_id,
    is_watched: false,
    user_review_id: null,
  };
}

/** F1DB writes lapped gaps as "+1 lap" / "+3 laps". */
const LAPPED = /^\+(\d+) laps?$/i;

/**
 * The status column of a classification: "Finished" for a classified car on the lead lap, "+N Lap(s)"
 * for a lapped one, else why it stopped (F1DB's reason, or its DNF/DSQ/DNS/NC code).
 */
export function classificationStatus(
  r: Pick<ClassificationJson, 'position_number' | 'position_text' | 'gap' | 'reason_retired'>,
): string {
  if (r.position_number !== null && r.reason_retired === null) {
    const lapped = r.gap ? LAPPED.exec(r.gap.trim()) : null;
    if (lapped) return `+${lapped[1]} ${lapped[1] === '1' ? 'Lap' : 'Laps'}`;
    return 'Finished';
  }
  return r.reason_retired ?? r.position_text;
}

function toClassificationRow(r: ClassificationJson): ClassificationRow {
  return {
    position: r.position_text,
    position_number: r.position_number,
    driver: r.driver,
    team: r.team,
    number: r.driver_number,
    grid: r.grid,
    laps: r.laps,
    time: r.position_number === 1 ? r.time : (r.gap ?? null),
    status: classificationStatus(r),
    points: r.points,
    fastest_lap: r.fastest_lap,
  };
}

export async function getRaceResults(db: Db, idParam: string): Promise<RaceResults> {
  const raceId = parseRaceId(idParam);
  const row = await selectRaceResults(db, raceId);
  if (!row) throw notFound();
  return {
    race_id: raceId,
    classification: row.classification.map(toClassificationRow),
    sprint: row.sprint.map(toClassificationRow),
    qualifying: row.qualifying.map((q) => ({
      position: q.position_text,
      position_number: q.position_number,
      driver: q.driver,
      team: q.team,
      q1: q.q1,
      q2: q.q2,
      q3: q.q3,
      time: q.time,
    })),
    fastest_lap: row.fastest_lap,
  };
}

export async function upcomingRaces(db: Db, limit: number): Promise<Race[]> {
  return (await selectUpcomingRaces(db, limit)).map(toRace);
}

/** Recently completed races; once reviews exist, without those the signed-in user reviewed. */
export async function recommendedForReview(db: Db): Promise<Race[]> {
  return (await selectRecentlyCompletedRaces(db, RECOMMENDED_FOR_REVIEW_LIMIT)).map(toRace);
}

/** Ranked by review activity of the last 30 days, so empty while there are no reviews. */
export async function trendingRaces(): Promise<Race[]> {
  return [];
}

export async function getThoughtStatus(db: Db, idParam: string): Promise<ThoughtStatus> {
  const startsMs = await selectRaceStart(db, parseRaceId(idParam));
  if (startsMs === null) throw notFound();
  return thoughtStatus(startsMs, clock.now());
}

export async function getActiveThoughts(db: Db): Promise<ActiveThoughts> {
  const now = clock.now();
  const row = await selectActiveThoughtsRace(db, now, {
    opensBeforeMs: THOUGHTS_OPEN_BEFORE_MS,
    closesAfterMs: THOUGHTS_CLOSE_AFTER_MS,
    lookaheadMs: ACTIVE_THOUGHTS_LOOKAHEAD_MS,
  });
  return row ? { race: toRace(row), status: thoughtStatus(row.starts_ms, now) } : null;
}

export async function listDrivers(db: Db, season: number | undefined): Promise<Driver[]> {
  return (await selectSeasonDrivers(db, season)).map(toDriver);
}

export async function getDriverDetail(db: Db, driverId: string): Promise<DriverDetail> {
  const row = await selectDriverDetail(db, driverId);
  if (!row) throw notFound();
  return {
    ...toDriver(row),
    legal_name: row.full_name,
    date_of_birth: row.date_of_birth,
    date_of_death: row.date_of_death,
    place_of_birth: row.place_of_birth,
    career: row.career,
    seasons: row.seasons,
    first_race: row.first_race,
    last_race: row.last_race,
  };
}

export async function listTeams(db: Db, season: number | undefined): Promise<Team[]> {
  return (await selectSeasonTeams(db, season)).map(toTeam);
}

export async function getTeamDetail(db: Db, teamId: string): Promise<TeamDetail> {
  const row = await selectTeamDetail(db, teamId);
  if (!row) throw notFound();
  return {
    ...toTeam(row),
    current_drivers: row.current_drivers.map(toDriver),
    career: row.career,
    seasons: row.seasons,
    first_race: row.first_race,
    last_race: row.last_race,
  };
}

export async function listSeasons(db: Db): Promise<SeasonSummary[]> {
  return selectSeasons(db);
}

/** A season without races is unknown (404). Community lists fill in once reviews exist. */
export async function getSeasonStats(db: Db, season: number): Promise<SeasonStats> {
  const row = await selectSeasonStats(db, season);
  if (!row) throw notFound();
  return {
    season,
    total_races: row.total_races,
    completed_races: row.completed_races,
    driver_standings: row.driver_standings,
    constructor_standings: row.constructor_standings,
    points_progression: {
      rounds: row.rounds,
      drivers: row.progression.map((p) => ({ driver: p.driver, team_colour: p.team_colour, points: p.points })),
    },
    community: { most_reviewed: [], top_rated: [] },
  };
}

export async function getSeasonRaceResults(db: Db, season: number): Promise<SeasonRaceResult[]> {
  const rows = await selectSeasonRaceResults(db, season);
  return rows.map((row) => ({
    race: toRace(row),
    podium: row.podium.map((p) => ({ position: p.position, driver: p.driver, team: p.team })),
  }));
}
