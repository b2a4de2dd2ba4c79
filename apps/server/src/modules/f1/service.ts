import type {
  ActiveThoughts,
  ClassificationRow,
  Driver,
  DriverDetail,
  F1DataStatus,
  Race,
  RaceDetail,
  RaceResults,
  RaceWeekend,
  ReviewRace,
  SeasonRaceResult,
  SeasonStandings,
  SeasonStats,
  SeasonSummary,
  Team,
  TeamDetail,
  ThoughtStatus,
} from '@paddock/contract';
import { CONSTRUCTORS_CHAMPIONSHIP_FROM } from '@paddock/contract';
import { clock } from '../../lib/clock.ts';
import type { Reader, ServiceContext, Viewer } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor, toPage } from '../../lib/pagination.ts';
import { parseIdParam } from '../../lib/params.ts';
import { emptyDistribution, type F1Context, type RaceFigures } from './community.ts';
import { selectDriverDetail, selectSeasonDrivers, type DriverListRow } from './queries/drivers.ts';
import {
  selectActiveThoughtsRace,
  selectDataStatus,
  selectRaceCompletion,
  selectRaceDetail,
  selectRaceDriver,
  selectRaceResults,
  selectRacesByIds,
  selectRaceStart,
  selectRacesNewestFirst,
  selectRecentlyCompletedRaces,
  selectSeasonRaces,
  selectUpcomingRaces,
  type ClassificationJson,
} from './queries/races.ts';
import { selectSeasonRaceResults, selectSeasons, selectSeasonStats } from './queries/seasons.ts';
import { selectStandings } from './queries/standings.ts';
import { selectRaceWeekend } from './queries/weekend.ts';
import type { TimedSession } from '../../db/schema/f1.ts';
import { selectSeasonTeams, selectTeamDetail, type TeamRow } from './queries/teams.ts';
import { splitYears, type RaceCardRow, type RaceRefRow } from './sql.ts';
import {
  ACTIVE_THOUGHTS_LOOKAHEAD_MS,
  THOUGHTS_CLOSE_AFTER_MS,
  THOUGHTS_OPEN_BEFORE_MS,
  thoughtStatus,
} from './thought-window.ts';
import { selectPublicPageIds } from './queries/site-map.ts';
import { shieldActiveThoughts, shieldRaces } from './spoilers.ts';

/*
 * Community figures (average_rating, review_count, rating_distribution, trending, the season's community
 * lists) and the viewer's own state (is_watched, user_review_id, exclude_reviewed, recommendations) come
 * from the RaceCommunity the reviews module provides (community.ts, decision 006).
 */

export const RECOMMENDED_FOR_REVIEW_LIMIT = 10;
export const TRENDING_LIMIT = 10;
export const TRENDING_WINDOW_MS = 30 * 24 * 3_600_000;
/** How many races each of the season's community lists holds. */
export const SEASON_COMMUNITY_LIMIT = 5;

export function toRace(row: RaceCardRow, figures?: RaceFigures): Race {
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
    average_rating: figures?.averageRating ?? null,
    review_count: figures?.reviewCount ?? 0,
    spoilers_hidden: false,
  };
}

/** The races among `raceIds` the reader's spoiler shield hides (decision 033; guests: none), in one statement. */
export async function shieldedRaces(
  ctx: F1Context,
  reader: Reader | null,
  raceIds: readonly number[],
): Promise<ReadonlySet<number>> {
  if (reader === null || raceIds.length === 0) return new Set();
  return ctx.community.shieldedRaceIds(ctx.db, reader, raceIds);
}

/**
 * Race cards (of the races `ids`) as the reader may see them: the answer everyone gets, with what their shield
 * hides withheld. `races` may still be being read: the shield is read beside it.
 */
export async function racesFor(
  ctx: F1Context,
  reader: Reader | null,
  ids: readonly number[],
  races: Race[] | Promise<Race[]>,
): Promise<Race[]> {
  const [cards, hidden] = await Promise.all([races, shieldedRaces(ctx, reader, ids)]);
  return shieldRaces(cards, hidden) ?? cards;
}

/** The community figures of the completed races among `rows` (only those can have reviews). */
async function figuresOf(ctx: F1Context, rows: readonly RaceCardRow[]): Promise<Map<number, RaceFigures>> {
  const ids = rows.filter((r) => r.is_completed).map((r) => r.id);
  return ids.length === 0 ? new Map() : ctx.community.figures(ctx.db, ids);
}

/** Race cards with their community figures, in one extra statement for the whole list. */
async function toRaces(ctx: F1Context, rows: readonly RaceCardRow[]): Promise<Race[]> {
  const figures = await figuresOf(ctx, rows);
  return rows.map((row) => toRace(row, figures.get(row.id)));
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
export const parseRaceId = parseIdParam;

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
 * keyset cursor over (start, id). `exclude_reviewed` drops the signed-in viewer's reviewed races. As everyone
 * sees them: a reader's shield is laid over with racesFor.
 */
export async function listRaces(
  ctx: F1Context,
  viewer: Viewer,
  q: RaceListQuery,
): Promise<{ results: Race[]; next_cursor: string | null }> {
  const { years, words } = splitYears(q.search ?? '');
  const filter = {
    words,
    years,
    completedOnly: q.reviewable_only === 'true',
    excludeIds: q.exclude_reviewed === 'true' && viewer !== null ? ctx.community.reviewedRaceIds(viewer) : undefined,
  };
  if (q.season !== undefined) {
    const rows = await selectSeasonRaces(ctx.db, { ...filter, season: q.season });
    return { results: await toRaces(ctx, rows), next_cursor: null };
  }
  const before = q.cursor ? decodeCursor(q.cursor, ['number', 'id'] as const) : undefined;
  const rows = await selectRacesNewestFirst(
    ctx.db,
    { ...filter, before: before && { startsMs: before[0], id: before[1] } },
    q.page_size + 1,
  );
  const page = toPage(
    rows,
    q.page_size,
    (row) => row,
    (last) => encodeCursor([last.starts_ms, last.id]),
  );
  return { results: await toRaces(ctx, page.results), next_cursor: page.next_cursor };
}

/** The reader's own fields of a race detail, and whether their spoiler shield hides it (decision 033). */
export async function viewerRaceState(
  ctx: F1Context,
  reader: Reader,
  raceId: number,
): Promise<Pick<RaceDetail, 'is_watched' | 'user_review_id' | 'spoilers_hidden'>> {
  const mine = await ctx.community.viewerState(ctx.db, reader, raceId);
  return { is_watched: mine.isWatched, user_review_id: mine.userReviewId, spoilers_hidden: mine.spoilersHidden };
}

/** A race detail as a guest sees it: the same for everyone, so it can be cached (decision 016). */
export async function sharedRaceDetail(ctx: F1Context, raceId: number): Promise<RaceDetail> {
  const row = await selectRaceDetail(ctx.db, raceId);
  if (!row) throw notFound();
  const figures = await figuresOf(ctx, [row]);
  const community = figures.get(raceId);
  const podium = row.podium.map((p) => ({ position: p.position, driver: p.driver, team: p.team }));
  return {
    ...toRace(row, community),
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
    rating_distribution: community?.distribution ?? emptyDistribution(),
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
    elapsed_time: r.time,
    gap: r.gap,
    interval: r.interval,
    time_penalty: r.time_penalty,
    shared_car: r.shared_car,
    pole_position: r.pole_position,
    driver_of_the_day: r.driver_of_the_day,
    engine: r.engine,
    engine_models: r.engine_models,
    tyres: r.tyres,
    chassis: r.chassis,
    entrant: r.entrant,
  };
}

export async function getRaceResults(ctx: F1Context, idParam: string): Promise<RaceResults> {
  const raceId = parseRaceId(idParam);
  const row = await selectRaceResults(ctx.db, raceId);
  if (!row) throw notFound();
  return {
    race_id: raceId,
    classification: row.classification.map(toClassificationRow),
    sprint: row.sprint.map(toClassificationRow),
    spoilers_hidden: false,
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
    fastest_laps: row.fastest_laps,
  };
}

/** What the race page calls each timed session. */
const SESSION_NAMES: Record<Exclude<TimedSession, 'SPRINT_QUALIFYING'>, string> = {
  PRE_QUALIFYING: 'Pre-qualifying',
  FREE_PRACTICE_1: 'Practice 1',
  FREE_PRACTICE_2: 'Practice 2',
  FREE_PRACTICE_3: 'Practice 3',
  FREE_PRACTICE_4: 'Practice 4',
  QUALIFYING_1: 'Qualifying 1',
  QUALIFYING_2: 'Qualifying 2',
  WARM_UP: 'Warm-up',
};

/**
 * The session's name in the race's season: sprint qualifying was a shootout in 2023 only. F1DB's race.yml
 * says SPRINT_SHOOTOUT for 2024 too, where the sessions were called sprint qualifying again, so the year decides.
 */
export function sessionName(session: TimedSession, year: number): string {
  if (session === 'SPRINT_QUALIFYING') return year === 2023 ? 'Sprint shootout' : 'Sprint qualifying';
  return SESSION_NAMES[session];
}

/** A race's grids, timed sessions, pit stops and driver of the day vote, as everyone sees them (cached). */
export async function getRaceWeekend(ctx: F1Context, idParam: string): Promise<RaceWeekend> {
  const raceId = parseRaceId(idParam);
  const row = await selectRaceWeekend(ctx.db, raceId);
  if (!row) throw notFound();
  return {
    race_id: raceId,
    starting_grid: row.starting_grid,
    sprint_starting_grid: row.sprint_starting_grid,
    sessions: row.sessions.map((s) => ({ session: s.session, name: sessionName(s.session, row.year), rows: s.rows })),
    pit_stops: row.pit_stops,
    driver_of_the_day: row.driver_of_the_day,
    spoilers_hidden: false,
  };
}

/** Races not started yet: nobody can have reviewed them, so no figures are looked up. */
export async function upcomingRaces(ctx: F1Context, limit: number): Promise<Race[]> {
  return (await selectUpcomingRaces(ctx.db, limit)).map((row) => toRace(row));
}

/** Recently completed races, without those the signed-in reader reviewed, as their shield lets them see them. */
export async function recommendedForReview(ctx: F1Context, reader: Reader | null): Promise<Race[]> {
  const rows = await selectRecentlyCompletedRaces(ctx.db, {
    limit: RECOMMENDED_FOR_REVIEW_LIMIT,
    excludeIds: reader === null ? undefined : ctx.community.reviewedRaceIds(reader.id),
  });
  return racesFor(
    ctx,
    reader,
    rows.map((r) => r.id),
    toRaces(ctx, rows),
  );
}

/** Races with the most review activity in the last 30 days, most active first. */
export async function trendingRaces(ctx: F1Context): Promise<Race[]> {
  const ids = await ctx.community.trendingRaceIds(ctx.db, new Date(clock.now() - TRENDING_WINDOW_MS), TRENDING_LIMIT);
  if (ids.length === 0) return [];
  const rows = await selectRacesByIds(ctx.db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return toRaces(
    ctx,
    ids.map((id) => byId.get(id)).filter((r): r is RaceCardRow => r !== undefined),
  );
}

export async function getThoughtStatus(ctx: F1Context, idParam: string): Promise<ThoughtStatus> {
  const startsMs = await selectRaceStart(ctx.db, parseRaceId(idParam));
  if (startsMs === null) throw notFound();
  return thoughtStatus(startsMs, clock.now());
}

/** The race whose thoughts are open (or open soon), as the reader's shield lets them see it. */
export async function getActiveThoughts(ctx: F1Context, reader: Reader | null): Promise<ActiveThoughts> {
  const now = clock.now();
  const row = await selectActiveThoughtsRace(ctx.db, now, {
    opensBeforeMs: THOUGHTS_OPEN_BEFORE_MS,
    closesAfterMs: THOUGHTS_CLOSE_AFTER_MS,
    lookaheadMs: ACTIVE_THOUGHTS_LOOKAHEAD_MS,
  });
  if (!row) return null;
  const hidden = await shieldedRaces(ctx, reader, [row.id]);
  return shieldActiveThoughts({ race: toRace(row), status: thoughtStatus(row.starts_ms, now) }, hidden);
}

export async function listDrivers(ctx: F1Context, season: number | undefined): Promise<Driver[]> {
  return (await selectSeasonDrivers(ctx.db, season)).map(toDriver);
}

export async function getDriverDetail(ctx: F1Context, driverId: string): Promise<DriverDetail> {
  const row = await selectDriverDetail(ctx.db, driverId);
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

export async function listTeams(ctx: F1Context, season: number | undefined): Promise<Team[]> {
  return (await selectSeasonTeams(ctx.db, season)).map(toTeam);
}

export async function getTeamDetail(ctx: F1Context, teamId: string): Promise<TeamDetail> {
  const row = await selectTeamDetail(ctx.db, teamId);
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

export async function listSeasons(ctx: F1Context): Promise<SeasonSummary[]> {
  return selectSeasons(ctx.db);
}

/**
 * The season's most reviewed races (by number of reviews) and top rated ones (by average rating,
 * more reviews first on a tie), among its races anyone has reviewed.
 */
async function seasonCommunity(ctx: F1Context, season: number): Promise<SeasonStats['community']> {
  const rows = await selectSeasonRaces(ctx.db, { season });
  const figures = await figuresOf(ctx, rows);
  const reviewed = rows
    .map((row) => ({ row, f: figures.get(row.id) }))
    .filter((x): x is { row: RaceCardRow; f: RaceFigures } => x.f !== undefined && x.f.reviewCount > 0);
  const entry = ({ row, f }: { row: RaceCardRow; f: RaceFigures }) => ({
    race: toRace(row, f),
    review_count: f.reviewCount,
    average_rating: f.averageRating,
  });
  const byCount = [...reviewed].sort((a, b) => b.f.reviewCount - a.f.reviewCount || b.row.round - a.row.round);
  const byRating = [...reviewed].sort(
    (a, b) => (b.f.averageRating ?? 0) - (a.f.averageRating ?? 0) || b.f.reviewCount - a.f.reviewCount,
  );
  return {
    most_reviewed: byCount.slice(0, SEASON_COMMUNITY_LIMIT).map(entry),
    top_rated: byRating.slice(0, SEASON_COMMUNITY_LIMIT).map(entry),
  };
}

/** A season without races is unknown (404). */
export async function getSeasonStats(ctx: F1Context, season: number): Promise<SeasonStats> {
  const [row, community] = await Promise.all([selectSeasonStats(ctx.db, season), seasonCommunity(ctx, season)]);
  if (!row) throw notFound();
  return {
    season,
    total_races: row.total_races,
    completed_races: row.completed_races,
    results_pending: row.results_pending,
    standings_round: row.standings_round,
    driver_standings: row.driver_standings,
    constructor_standings: row.constructor_standings,
    constructors_championship: season >= CONSTRUCTORS_CHAMPIONSHIP_FROM,
    points_progression: {
      rounds: row.rounds,
      drivers: row.progression.map((p) => ({ driver: p.driver, team_colour: p.team_colour, points: p.points })),
    },
    community,
    spoilers_hidden: false,
  };
}

/**
 * The season's standings as F1DB keeps them: after `round`, or (undefined) the season's own. A season without
 * races, or a round without standings after it, is unknown (404).
 */
export async function getSeasonStandings(
  ctx: F1Context,
  season: number,
  round: number | undefined,
): Promise<SeasonStandings> {
  const row = await selectStandings(ctx.db, season, round ?? null);
  if (!row) throw notFound();
  return {
    season,
    round: row.round,
    race: row.race,
    rounds: row.rounds,
    final: row.final,
    constructors_championship: season >= CONSTRUCTORS_CHAMPIONSHIP_FROM,
    driver_standings: row.driver_standings,
    constructor_standings: row.constructor_standings,
    spoilers_hidden: false,
  };
}

export async function getSeasonRaceResults(ctx: F1Context, season: number): Promise<SeasonRaceResult[]> {
  const rows = await selectSeasonRaceResults(ctx.db, season);
  const figures = await figuresOf(ctx, rows);
  return rows.map((row) => ({
    race: toRace(row, figures.get(row.id)),
    podium: row.podium.map((p) => ({ position: p.position, driver: p.driver, team: p.team })),
  }));
}

/** What the site holds of the results: the latest Jolpica sync, the newest race with results. */
export async function getDataStatus(ctx: F1Context): Promise<F1DataStatus> {
  const row = await selectDataStatus(ctx.db);
  const latest = row.latest;
  return {
    results_synced_at: row.synced_ms === null ? null : new Date(row.synced_ms).toISOString(),
    latest_results: latest && {
      race_id: latest.race_id,
      name: latest.name,
      season: latest.season,
      round: latest.round,
      date: new Date(latest.starts_ms).toISOString(),
    },
  };
}

/** The race of a review card (spec §3 Review.race), from the columns of `raceRefColumns`. */
export function toRaceRef(row: RaceRefRow): ReviewRace {
  return {
    id: row.race_id,
    name: row.race_name,
    season: { year: row.race_year },
    circuit_name: row.race_circuit_name,
    date: new Date(row.race_starts_ms).toISOString(),
    location: row.race_location,
    round_number: row.race_round,
    country_code: row.race_country_code,
  };
}

/** Whether a race exists and is completed (results exist, or it started more than 3 hours ago). */
/** For starring a driver: the race's completion and whether the driver raced in it (null: no such race). */
export async function raceDriver(ctx: ServiceContext, raceId: number, driverId: string) {
  return selectRaceDriver(ctx.db, raceId, driverId);
}

export async function raceCompletion(
  ctx: ServiceContext,
  raceId: number,
): Promise<'completed' | 'not_completed' | null> {
  const row = await selectRaceCompletion(ctx.db, raceId);
  if (!row) return null;
  return row.is_completed ? 'completed' : 'not_completed';
}

/** The paths of every public F1 page, for the sitemap: each race, driver, team and season overview. */
export async function publicPagePaths(ctx: ServiceContext): Promise<string[]> {
  const ids = await selectPublicPageIds(ctx.db);
  return [
    ...ids.seasons.map((year) => `/season-overview?season=${year}`),
    ...ids.races.map((id) => `/race/${id}`),
    ...ids.drivers.map((id) => `/driver/${encodeURIComponent(id)}`),
    ...ids.teams.map((id) => `/team/${encodeURIComponent(id)}`),
  ];
}
