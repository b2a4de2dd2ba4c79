import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nowDate } from '../../lib/clock.ts';
import { rowLimit, selectRows } from '../../lib/sql.ts';
import { raceIsCompletedSql } from '../../f1data/race-status.ts';
import { JOLPICA_SOURCE } from '../../f1data/sync-state.ts';
import {
  driverRefJson,
  NON_STARTERS,
  raceCardColumns,
  raceCardFrom,
  raceMatchesWords,
  teamRefJson,
  type RaceCardRow,
} from './sql.ts';

/*
 * Reads of the F1DB tables. Every function is one statement: lists aggregate or json_agg what they
 * need instead of asking per row.
 */

export interface DriverRefJson {
  id: string;
  full_name: string;
  short_name: string;
  country_code: string | null;
}
export interface TeamRefJson {
  id: string;
  name: string;
  colour: string | null;
}
export interface PodiumJson {
  position: number;
  driver: DriverRefJson;
  team: TeamRefJson;
}
export interface RaceLinkJson {
  id: number;
  name: string;
  year: number;
}

/** The race's podium (shared drives can put two drivers on one step), as a json column. */
const podiumJson = sql`(
  select coalesce(json_agg(json_build_object(
      'position', rr.position_number, 'driver', ${driverRefJson('d', 'dn')}, 'team', ${teamRefJson('t')}
    ) order by rr.position_order), '[]'::json)
  from race_results rr
  join drivers d on d.id = rr.driver_id
  left join countries dn on dn.id = d.nationality_country_id
  join constructors t on t.id = rr.constructor_id
  where rr.race_id = races.id and rr.session = 'RACE' and rr.position_number between 1 and 3)`;

export interface RaceFilter {
  season?: number;
  words?: string[];
  years?: number[];
  completedOnly?: boolean;
  /** Keyset position: only races strictly before (starts_at, id) in newest-first order. */
  before?: { startsMs: number; id: number };
  /** A subquery of race ids to leave out (the viewer's reviewed races). */
  excludeIds?: SQL;
}

function raceWhere(f: RaceFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.season !== undefined) parts.push(sql`races.year = ${f.season}`);
  if (f.years && f.years.length > 0) {
    parts.push(
      sql`races.year in (${sql.join(
        f.years.map((y) => sql`${y}`),
        sql`, `,
      )})`,
    );
  }
  if (f.words && f.words.length > 0) parts.push(raceMatchesWords(f.words));
  if (f.completedOnly) parts.push(raceIsCompletedSql());
  if (f.excludeIds) parts.push(sql`races.id not in ${f.excludeIds}`);
  if (f.before) {
    const at = new Date(f.before.startsMs).toISOString();
    parts.push(sql`(races.starts_at, races.id) < (${at}::timestamptz, ${f.before.id}::int)`);
  }
  return sql.join(parts, sql` and `);
}

/** A season's races in calendar order. */
export function selectSeasonRaces(db: Db, f: RaceFilter & { season: number }): Promise<RaceCardRow[]> {
  return selectRows<RaceCardRow>(
    db,
    sql`select ${raceCardColumns()} from ${raceCardFrom} where ${raceWhere(f)} order by races.round`,
  );
}

/** Newest first, keyset-paginated over (starts_at, id). */
export function selectRacesNewestFirst(db: Db, f: RaceFilter, limit: number): Promise<RaceCardRow[]> {
  return selectRows<RaceCardRow>(
    db,
    sql`select ${raceCardColumns()} from ${raceCardFrom} where ${raceWhere(f)}
        order by races.starts_at desc, races.id desc ${rowLimit(limit)}`,
  );
}

/** Races that have not started yet, soonest first. */
export function selectUpcomingRaces(db: Db, limit: number): Promise<RaceCardRow[]> {
  return selectRows<RaceCardRow>(
    db,
    sql`select ${raceCardColumns()} from ${raceCardFrom} where races.starts_at > ${nowDate().toISOString()}::timestamptz
        order by races.starts_at, races.id ${rowLimit(limit)}`,
  );
}

/** The most recently completed races, newest first. */
export function selectRecentlyCompletedRaces(db: Db, q: { limit: number; excludeIds?: SQL }): Promise<RaceCardRow[]> {
  return selectRows<RaceCardRow>(
    db,
    sql`select ${raceCardColumns()} from ${raceCardFrom} where ${raceWhere({ completedOnly: true, excludeIds: q.excludeIds })}
        order by races.starts_at desc, races.id desc ${rowLimit(q.limit)}`,
  );
}

/** Race cards of these races, in no particular order. */
export function selectRacesByIds(db: Db, ids: readonly number[]): Promise<RaceCardRow[]> {
  return selectRows<RaceCardRow>(
    db,
    sql`select ${raceCardColumns()} from ${raceCardFrom} where races.id = any(${sql.param([...ids])}::int[])`,
  );
}

/**
 * The race whose thoughts window contains `now` (the latest one if windows overlap), else the
 * soonest race starting within `lookaheadMs`.
 */
export async function selectActiveThoughtsRace(
  db: Db,
  now: number,
  window: { opensBeforeMs: number; closesAfterMs: number; lookaheadMs: number },
): Promise<RaceCardRow | null> {
  const earliestOpen = new Date(now - window.closesAfterMs).toISOString();
  const latestOpen = new Date(now + window.opensBeforeMs).toISOString();
  const horizon = new Date(now + Math.max(window.lookaheadMs, window.opensBeforeMs)).toISOString();
  const [row] = await selectRows<RaceCardRow>(
    db,
    sql`select ${raceCardColumns()} from ${raceCardFrom}
        where races.starts_at > ${earliestOpen}::timestamptz and races.starts_at <= ${horizon}::timestamptz
        order by (races.starts_at <= ${latestOpen}::timestamptz) desc,
                 case when races.starts_at <= ${latestOpen}::timestamptz then races.starts_at end desc nulls last,
                 races.starts_at, races.id
        limit 1`,
  );
  return row ?? null;
}

export interface RaceDetailRow extends RaceCardRow {
  laps: number | null;
  distance: number | null;
  circuit_full_name: string;
  circuit_type: string | null;
  circuit_length: number | null;
  course_length: number | null;
  circuit_turns: number | null;
  race_turns: number | null;
  latitude: number | null;
  longitude: number | null;
  has_sprint: boolean;
  podium: PodiumJson[];
  previous_race_id: number | null;
  next_race_id: number | null;
}

export async function selectRaceDetail(db: Db, raceId: number): Promise<RaceDetailRow | null> {
  const [row] = await selectRows<RaceDetailRow>(
    db,
    sql`select ${raceCardColumns()},
          races.laps, races.distance, races.course_length, races.turns as race_turns,
          c.full_name as circuit_full_name, c.type as circuit_type, c.length as circuit_length,
          c.turns as circuit_turns, c.latitude, c.longitude,
          (races.sprint_race_date is not null or exists (
            select 1 from race_results s where s.race_id = races.id and s.session = 'SPRINT_RACE')) as has_sprint,
          ${podiumJson} as podium,
          (select p.id from races p where (p.year, p.round) < (races.year, races.round)
            order by p.year desc, p.round desc limit 1) as previous_race_id,
          (select n.id from races n where (n.year, n.round) > (races.year, races.round)
            order by n.year, n.round limit 1) as next_race_id
        from ${raceCardFrom}
        where races.id = ${raceId}`,
  );
  return row ?? null;
}

export async function selectRaceCompletion(db: Db, raceId: number): Promise<{ is_completed: boolean } | null> {
  const [row] = await selectRows<{ is_completed: boolean }>(
    db,
    sql`select ${raceIsCompletedSql()} as is_completed from races where races.id = ${raceId}`,
  );
  return row ?? null;
}

/** Whether the race is completed and whether the driver is in its classification (null: no such race). */
export async function selectRaceDriver(
  db: Db,
  raceId: number,
  driverId: string,
): Promise<{ is_completed: boolean; classified: boolean } | null> {
  const [row] = await selectRows<{ is_completed: boolean; classified: boolean }>(
    db,
    sql`select ${raceIsCompletedSql()} as is_completed,
          exists (select 1 from race_results rr
                  where rr.race_id = races.id and rr.session = 'RACE' and rr.driver_id = ${driverId}) as classified
        from races where races.id = ${raceId}`,
  );
  return row ?? null;
}

export async function selectRaceStart(db: Db, raceId: number): Promise<number | null> {
  const [row] = await selectRows<{ starts_ms: number }>(
    db,
    sql`select (extract(epoch from starts_at) * 1000)::float8 as starts_ms from races where id = ${raceId}`,
  );
  return row?.starts_ms ?? null;
}

export interface ClassificationJson {
  position_text: string;
  position_number: number | null;
  driver: DriverRefJson;
  team: TeamRefJson;
  driver_number: string | null;
  grid: string | null;
  laps: number | null;
  time: string | null;
  gap: string | null;
  reason_retired: string | null;
  points: number | null;
  fastest_lap: boolean;
}
export interface QualifyingJson {
  position_text: string;
  position_number: number | null;
  driver: DriverRefJson;
  team: TeamRefJson;
  q1: string | null;
  q2: string | null;
  q3: string | null;
  time: string | null;
}
export interface FastestLapJson {
  driver: DriverRefJson;
  team: TeamRefJson;
  lap: number | null;
  time: string | null;
}
export interface RaceResultsRow {
  classification: ClassificationJson[];
  sprint: ClassificationJson[];
  qualifying: QualifyingJson[];
  fastest_lap: FastestLapJson | null;
}

/** F1DB records the fastest lap in its own table; the flag on the result row is the sync's. */
const fastestLapOfRace = sql`(rr.fastest_lap or exists (
  select 1 from fastest_laps fl
  where fl.race_id = rr.race_id and fl.driver_id = rr.driver_id and fl.position_number = 1))`;

const classificationJson = (session: 'RACE' | 'SPRINT_RACE') => sql`(
  select coalesce(json_agg(json_build_object(
      'position_text', rr.position_text, 'position_number', rr.position_number,
      'driver', ${driverRefJson('d', 'dn')}, 'team', ${teamRefJson('t')},
      'driver_number', rr.driver_number, 'grid', rr.grid_position_text, 'laps', rr.laps,
      'time', rr.time, 'gap', rr.gap, 'reason_retired', rr.reason_retired, 'points', rr.points,
      'fastest_lap', ${session === 'RACE' ? fastestLapOfRace : sql`rr.fastest_lap`}
    ) order by rr.position_order), '[]'::json)
  from race_results rr
  join drivers d on d.id = rr.driver_id
  left join countries dn on dn.id = d.nationality_country_id
  join constructors t on t.id = rr.constructor_id
  where rr.race_id = races.id and rr.session = ${session})`;

export async function selectRaceResults(db: Db, raceId: number): Promise<RaceResultsRow | null> {
  const [row] = await selectRows<RaceResultsRow>(
    db,
    sql`select
          ${classificationJson('RACE')} as classification,
          ${classificationJson('SPRINT_RACE')} as sprint,
          (select coalesce(json_agg(json_build_object(
              'position_text', q.position_text, 'position_number', q.position_number,
              'driver', ${driverRefJson('d', 'dn')}, 'team', ${teamRefJson('t')},
              'q1', q.q1, 'q2', q.q2, 'q3', q.q3, 'time', q.time
            ) order by q.position_order), '[]'::json)
           from qualifying_results q
           join drivers d on d.id = q.driver_id
           left join countries dn on dn.id = d.nationality_country_id
           join constructors t on t.id = q.constructor_id
           where q.race_id = races.id) as qualifying,
          (select json_build_object('driver', ${driverRefJson('d', 'dn')}, 'team', ${teamRefJson('t')},
              'lap', f.lap, 'time', f.time)
           from fastest_laps f
           join drivers d on d.id = f.driver_id
           left join countries dn on dn.id = d.nationality_country_id
           join constructors t on t.id = f.constructor_id
           where f.race_id = races.id
           order by f.position_order limit 1) as fastest_lap
        from races where races.id = ${raceId}`,
  );
  return row ?? null;
}

/** The latest season with race drivers entered, the default of the driver and team lists. */
const latestEntrySeason = sql`(select max(year) from season_drivers where not test_driver)`;

/**
 * Which standings rows describe a season: its final rows (race_id null, stored as 0 here), else the
 * rows after its latest race that has standings. Yields one row `rid`, or none.
 */
const standingsSource = (table: 'driver_standings' | 'constructor_standings', year: SQL) => sql`(
  select coalesce(s.race_id, 0) as rid from ${sql.raw(table)} s left join races sr on sr.id = s.race_id
  where s.year = ${year} order by s.race_id is null desc, sr.round desc limit 1)`;

export interface DriverListRow {
  id: string;
  name: string;
  abbreviation: string | null;
  last_name: string;
  permanent_number: string | null;
  country_name: string | null;
  country_code: string | null;
  team: TeamRefJson | null;
}

/** Columns of the contract's Driver for alias `d` (nationality `dn`) and a team json expression. */
const driverListColumns = (team: SQL) => sql`
  d.id, d.name, d.abbreviation, d.last_name, d.permanent_number,
  dn.name as country_name, dn.alpha2_code as country_code, ${team} as team`;

/**
 * A season's race drivers (test drivers left out), in the order of that season's standings, then
 * by name. A driver's team is the one of their latest race that season, else their entry.
 */
export function selectSeasonDrivers(db: Db, season: number | undefined): Promise<DriverListRow[]> {
  return selectRows<DriverListRow>(
    db,
    sql`with yr as (select coalesce(${season ?? null}::int, ${latestEntrySeason}) as y),
        entry as (
          select sd.driver_id, min(sd.constructor_id) as constructor_id
          from season_drivers sd, yr where sd.year = yr.y and not sd.test_driver group by sd.driver_id),
        last_team as (
          select distinct on (rr.driver_id) rr.driver_id, rr.constructor_id
          from races join race_results rr on rr.race_id = races.id, yr
          where races.year = yr.y
          order by rr.driver_id, races.round desc, rr.session),
        std as (
          select ds.driver_id, ds.position_order from driver_standings ds, yr
          where ds.year = yr.y and coalesce(ds.race_id, 0) = ${standingsSource('driver_standings', sql`yr.y`)})
        select ${driverListColumns(teamRefJson('t'))}
        from entry e
        join drivers d on d.id = e.driver_id
        left join countries dn on dn.id = d.nationality_country_id
        left join last_team lt on lt.driver_id = e.driver_id
        join constructors t on t.id = coalesce(lt.constructor_id, e.constructor_id)
        left join std on std.driver_id = d.id
        order by std.position_order nulls last, d.name, d.id`,
  );
}

export interface CareerJson {
  starts: number;
  wins: number;
  podiums: number;
  poles: number;
  fastest_laps: number;
  points: number;
  championships: number;
}

export interface DriverSeasonJson {
  year: number;
  teams: TeamRefJson[];
  position: number | null;
  points: number;
  starts: number;
  wins: number;
  podiums: number;
  best_finish: number | null;
}

export interface DriverDetailRow extends DriverListRow {
  full_name: string;
  date_of_birth: string | null;
  date_of_death: string | null;
  place_of_birth: string | null;
  career: CareerJson;
  seasons: DriverSeasonJson[];
  first_race: RaceLinkJson | null;
  last_race: RaceLinkJson | null;
}

/** A season counts for championships only once every race of it is completed. */
const seasonIsComplete = (year: SQL) =>
  sql`not exists (select 1 from races where races.year = ${year} and not ${raceIsCompletedSql()})`;

/** Aggregates over `race_results` rows; only the race itself counts for wins and podiums. */
const raceWinsCount = sql`count(*) filter (where session = 'RACE' and position_number = 1)::int`;
const racePodiumsCount = sql`count(*) filter (where session = 'RACE' and position_number <= 3)::int`;
const pointsTotal = sql`coalesce(sum(points), 0)::float8`;

/** Whose career a detail query reads: the column naming it in the result and standings tables. */
const careerOwner = {
  driver: { column: sql.raw('driver_id'), standings: sql.raw('driver_standings') },
  team: { column: sql.raw('constructor_id'), standings: sql.raw('constructor_standings') },
} as const;
type CareerOwner = keyof typeof careerOwner;

/** The `res` CTE: every result of one driver or team, with its race's year, round and start. */
const ownerResultsCte = (owner: CareerOwner, id: string) =>
  sql`res as (
          select rr.*, r.year, r.round, r.starts_at from race_results rr join races r on r.id = rr.race_id
          where rr.${careerOwner[owner].column} = ${id})`;

/**
 * The json_build_object pairs of poles, fastest laps and championships over `res`. Older seasons
 * record poles and fastest laps only in the qualifying and fastest-lap tables, hence the unions.
 */
const careerHonoursPairs = (owner: CareerOwner, id: SQL) => {
  const { column, standings } = careerOwner[owner];
  return sql`'poles', (select count(*)::int from (
                  select race_id from res where session = 'RACE' and pole_position
                  union select race_id from qualifying_results where ${column} = ${id} and position_number = 1) p),
              'fastest_laps', (select count(*)::int from (
                  select race_id from res where session = 'RACE' and fastest_lap
                  union select race_id from fastest_laps where ${column} = ${id} and position_number = 1) f),
              'championships', (select count(*)::int from ${standings} st
                  where st.${column} = ${id} and st.race_id is null and st.position_number = 1
                    and ${seasonIsComplete(sql`st.year`)})`;
};

/** RaceLinkJson of the first race in `res` by the given order. */
const resRaceLink = (order: SQL) =>
  sql`(select json_build_object('id', res.race_id, 'name', gp.full_name, 'year', res.year)
           from res join races r on r.id = res.race_id join grands_prix gp on gp.id = r.grand_prix_id
           where res.session = 'RACE' order by ${order} limit 1)`;

/** The `first_race` and `last_race` columns of a detail query over `res`. */
const firstLastRaceColumns = sql`${resRaceLink(sql`res.starts_at, res.race_id`)} as first_race,
          ${resRaceLink(sql`res.starts_at desc, res.race_id desc`)} as last_race`;

/** A driver with career figures and per-season records, in one statement. */
export async function selectDriverDetail(db: Db, driverId: string): Promise<DriverDetailRow | null> {
  const [row] = await selectRows<DriverDetailRow>(
    db,
    sql`with ${ownerResultsCte('driver', driverId)},
        career as (
          select
            count(*) filter (where session = 'RACE' and position_text not in ${NON_STARTERS})::int as starts,
            ${raceWinsCount} as wins,
            ${racePodiumsCount} as podiums,
            ${pointsTotal} as points
          from res),
        per_year as (
          select year,
            count(*) filter (where session = 'RACE' and position_text not in ${NON_STARTERS})::int as starts,
            ${raceWinsCount} as wins,
            ${racePodiumsCount} as podiums,
            min(position_number) filter (where session = 'RACE') as best_finish,
            ${pointsTotal} as points
          from res group by year),
        team_rounds as (select year, constructor_id, min(round) as first_round from res group by year, constructor_id),
        years as (
          select year, constructor_id from season_drivers where driver_id = ${driverId} and not test_driver
          union select year, constructor_id from team_rounds),
        year_teams as (
          select y.year, json_agg(${teamRefJson('t')} order by tr.first_round nulls last, t.name) as teams
          from years y join constructors t on t.id = y.constructor_id
          left join team_rounds tr on tr.year = y.year and tr.constructor_id = y.constructor_id
          group by y.year),
        year_standing as (
          select distinct on (ds.year) ds.year, ds.position_number, ds.points
          from driver_standings ds left join races sr on sr.id = ds.race_id
          where ds.driver_id = ${driverId}
          order by ds.year, ds.race_id is null desc, sr.round desc),
        cur as (
          select sd.constructor_id from season_drivers sd
          left join team_rounds tr on tr.year = sd.year and tr.constructor_id = sd.constructor_id
          where sd.driver_id = ${driverId} and not sd.test_driver and sd.year = ${latestEntrySeason}
          order by tr.first_round desc nulls last limit 1)
        select ${driverListColumns(sql`(select ${teamRefJson('ct')} from cur join constructors ct on ct.id = cur.constructor_id)`)},
          d.full_name, d.date_of_birth::text as date_of_birth, d.date_of_death::text as date_of_death,
          d.place_of_birth,
          (select json_build_object(
              'starts', career.starts, 'wins', career.wins, 'podiums', career.podiums, 'points', career.points,
              ${careerHonoursPairs('driver', sql`d.id`)})
           from career) as career,
          (select coalesce(json_agg(json_build_object(
              'year', yt.year, 'teams', yt.teams, 'position', ys.position_number,
              'points', coalesce(ys.points, py.points, 0), 'starts', coalesce(py.starts, 0),
              'wins', coalesce(py.wins, 0), 'podiums', coalesce(py.podiums, 0), 'best_finish', py.best_finish
            ) order by yt.year desc), '[]'::json)
           from year_teams yt
           left join per_year py on py.year = yt.year
           left join year_standing ys on ys.year = yt.year) as seasons,
          ${firstLastRaceColumns}
        from drivers d left join countries dn on dn.id = d.nationality_country_id
        where d.id = ${driverId}`,
  );
  return row ?? null;
}

export interface TeamRow {
  id: string;
  name: string;
  full_name: string;
  country_name: string | null;
  country_code: string | null;
  team_principal: string | null;
  colour: string | null;
}

const teamColumns = sql`t.id, t.name, t.full_name, tc.name as country_name, tc.alpha2_code as country_code,
  t.team_principal, t.colour`;

/** A season's teams (those with race drivers entered), in standings order, then by name. */
export function selectSeasonTeams(db: Db, season: number | undefined): Promise<TeamRow[]> {
  return selectRows<TeamRow>(
    db,
    sql`with yr as (select coalesce(${season ?? null}::int, ${latestEntrySeason}) as y),
        entry as (select distinct sd.constructor_id from season_drivers sd, yr where sd.year = yr.y and not sd.test_driver),
        std as (
          select cs.constructor_id, min(cs.position_order) as position_order from constructor_standings cs, yr
          where cs.year = yr.y and coalesce(cs.race_id, 0) = ${standingsSource('constructor_standings', sql`yr.y`)}
          group by cs.constructor_id)
        select ${teamColumns}
        from entry e join constructors t on t.id = e.constructor_id
        left join countries tc on tc.id = t.country_id
        left join std on std.constructor_id = t.id
        order by std.position_order nulls last, t.name, t.id`,
  );
}

export interface TeamSeasonJson {
  year: number;
  position: number | null;
  points: number;
  wins: number;
  podiums: number;
  drivers: DriverRefJson[];
}

export interface TeamDetailRow extends TeamRow {
  current_drivers: DriverListRow[];
  career: CareerJson & { entries: number };
  seasons: TeamSeasonJson[];
  first_race: RaceLinkJson | null;
  last_race: RaceLinkJson | null;
}

export async function selectTeamDetail(db: Db, teamId: string): Promise<TeamDetailRow | null> {
  const [row] = await selectRows<TeamDetailRow>(
    db,
    sql`with ${ownerResultsCte('team', teamId)},
        career as (
          select
            count(distinct race_id) filter (where session = 'RACE' and position_text not in ${NON_STARTERS})::int as starts,
            count(distinct race_id) filter (where session = 'RACE')::int as entries,
            ${raceWinsCount} as wins,
            ${racePodiumsCount} as podiums,
            ${pointsTotal} as points
          from res),
        per_year as (
          select year,
            ${raceWinsCount} as wins,
            ${racePodiumsCount} as podiums,
            ${pointsTotal} as points
          from res group by year),
        driver_rounds as (select year, driver_id, min(round) as first_round from res group by year, driver_id),
        year_drivers as (
          select year, driver_id from season_drivers where constructor_id = ${teamId} and not test_driver
          union select year, driver_id from driver_rounds),
        year_driver_refs as (
          select y.year, json_agg(${driverRefJson('d', 'dn')} order by dr.first_round nulls last, d.name) as drivers
          from year_drivers y join drivers d on d.id = y.driver_id
          left join countries dn on dn.id = d.nationality_country_id
          left join driver_rounds dr on dr.year = y.year and dr.driver_id = y.driver_id
          group by y.year),
        year_standing as (
          select distinct on (cs.year) cs.year, cs.position_number, cs.points
          from constructor_standings cs left join races sr on sr.id = cs.race_id
          where cs.constructor_id = ${teamId}
          order by cs.year, cs.race_id is null desc, sr.round desc, cs.position_order)
        select ${teamColumns},
          (select coalesce(json_agg(json_build_object(
              'id', d.id, 'name', d.name, 'abbreviation', d.abbreviation, 'last_name', d.last_name,
              'permanent_number', d.permanent_number, 'country_name', dn.name, 'country_code', dn.alpha2_code,
              'team', ${teamRefJson('t')}
            ) order by dr.first_round nulls last, d.name), '[]'::json)
           from season_drivers sd
           join drivers d on d.id = sd.driver_id
           left join countries dn on dn.id = d.nationality_country_id
           left join driver_rounds dr on dr.year = sd.year and dr.driver_id = sd.driver_id
           where sd.constructor_id = t.id and not sd.test_driver and sd.year = ${latestEntrySeason}) as current_drivers,
          (select json_build_object(
              'starts', career.starts, 'entries', career.entries, 'wins', career.wins,
              'podiums', career.podiums, 'points', career.points,
              ${careerHonoursPairs('team', sql`t.id`)})
           from career) as career,
          (select coalesce(json_agg(json_build_object(
              'year', yd.year, 'position', ys.position_number, 'points', coalesce(ys.points, py.points, 0),
              'wins', coalesce(py.wins, 0), 'podiums', coalesce(py.podiums, 0), 'drivers', yd.drivers
            ) order by yd.year desc), '[]'::json)
           from year_driver_refs yd
           left join per_year py on py.year = yd.year
           left join year_standing ys on ys.year = yd.year) as seasons,
          ${firstLastRaceColumns}
        from constructors t left join countries tc on tc.id = t.country_id
        where t.id = ${teamId}`,
  );
  return row ?? null;
}

export interface SeasonSummaryRow {
  year: number;
  race_count: number;
  completed_races: number;
  driver_champion: DriverRefJson | null;
  constructor_champion: TeamRefJson | null;
}

/** Every season with races, newest first; champions only for seasons whose races are all completed. */
export function selectSeasons(db: Db): Promise<SeasonSummaryRow[]> {
  return selectRows<SeasonSummaryRow>(
    db,
    sql`with s as (
          select races.year, count(*)::int as race_count,
            count(*) filter (where ${raceIsCompletedSql()})::int as completed_races
          from races group by races.year)
        select s.year, s.race_count, s.completed_races,
          case when s.completed_races = s.race_count then (
            select ${driverRefJson('d', 'dn')} from driver_standings ds
            join drivers d on d.id = ds.driver_id left join countries dn on dn.id = d.nationality_country_id
            where ds.year = s.year and ds.race_id is null and ds.position_number = 1
            order by ds.position_order limit 1) end as driver_champion,
          case when s.completed_races = s.race_count then (
            select ${teamRefJson('t')} from constructor_standings cs
            join constructors t on t.id = cs.constructor_id
            where cs.year = s.year and cs.race_id is null and cs.position_number = 1
            order by cs.position_order limit 1) end as constructor_champion
        from s order by s.year desc`,
  );
}

export interface DriverStandingJson {
  position: number | null;
  driver: DriverRefJson;
  teams: TeamRefJson[];
  points: number;
  wins: number;
}
export interface ConstructorStandingJson {
  position: number | null;
  team: TeamRefJson;
  points: number;
  wins: number;
}
export interface SeasonStatsRow {
  total_races: number;
  completed_races: number;
  results_pending: number;
  standings_round: number | null;
  driver_standings: DriverStandingJson[];
  constructor_standings: ConstructorStandingJson[];
  rounds: { round: number; race_id: number; name: string }[];
  progression: { driver: DriverRefJson; team_colour: string | null; points: number[] }[];
}

/** How many drivers the points chart follows. */
export const PROGRESSION_DRIVERS = 10;

/**
 * A season's standings and points progression in one statement. Standings come from the latest rows
 * available (final, else after the latest race) and, for a season without any, from the results.
 * `standings_round` is the round they stand after: that race's, for rows after a race; for the season's
 * own rows (F1DB keeps the current ones there) the latest round with rows after it; for standings
 * computed from results the latest round with results.
 */
export async function selectSeasonStats(db: Db, season: number): Promise<SeasonStatsRow | null> {
  const [row] = await selectRows<SeasonStatsRow>(
    db,
    sql`with season_races as (
          select races.id, races.round, gp.full_name as name, races.has_results, ${raceIsCompletedSql()} as completed
          from races join grands_prix gp on gp.id = races.grand_prix_id where races.year = ${season}),
        res as (
          select rr.*, sr.round from race_results rr join season_races sr on sr.id = rr.race_id),
        driver_wins as (
          select driver_id, ${raceWinsCount} as wins,
            ${pointsTotal} as points
          from res group by driver_id),
        team_wins as (
          select constructor_id, ${raceWinsCount} as wins,
            ${pointsTotal} as points
          from res group by constructor_id),
        d_rows as (
          select ds.driver_id, ds.position_number, ds.position_order, ds.points from driver_standings ds
          where ds.year = ${season} and coalesce(ds.race_id, 0) = ${standingsSource('driver_standings', sql`${season}::int`)}),
        d_final as (
          select driver_id, position_number, position_order, points from d_rows
          union all
          select driver_id, (rank() over w)::int, (row_number() over w)::int, points
          from driver_wins where not exists (select 1 from d_rows)
          window w as (order by points desc, wins desc, driver_id)),
        c_rows as (
          select cs.constructor_id, cs.position_number, cs.position_order, cs.points from constructor_standings cs
          where cs.year = ${season} and coalesce(cs.race_id, 0) = ${standingsSource('constructor_standings', sql`${season}::int`)}),
        c_final as (
          select constructor_id, position_number, position_order, points from c_rows
          union all
          select constructor_id, (rank() over w)::int, (row_number() over w)::int, points
          from team_wins where not exists (select 1 from c_rows)
          window w as (order by points desc, wins desc, constructor_id)),
        driver_teams as (
          select driver_id, constructor_id, min(round) as first_round, max(round) as last_round
          from res group by driver_id, constructor_id),
        top_drivers as (select driver_id from d_final order by position_order ${rowLimit(PROGRESSION_DRIVERS)}),
        chart_rounds as (select id, round, name from season_races where has_results or exists (
          select 1 from driver_standings ds where ds.race_id = season_races.id)),
        race_points as (
          select rp.driver_id, rp.round, sum(rp.points) over (partition by rp.driver_id order by rp.round) as cumulative
          from (select driver_id, round, coalesce(sum(points), 0)::float8 as points
                from res where driver_id in (select driver_id from top_drivers) group by driver_id, round) rp)
        select
          (select count(*)::int from season_races) as total_races,
          (select count(*)::int from season_races where completed) as completed_races,
          (select count(*)::int from season_races where completed and not has_results) as results_pending,
          (select case
             when src.rid is null then (select max(round) from season_races where has_results)
             when src.rid <> 0 then (select round from season_races where id = src.rid)
             else coalesce(
               (select max(sr.round) from driver_standings ds join season_races sr on sr.id = ds.race_id),
               (select max(round) from season_races where has_results))
           end
           from (select ${standingsSource('driver_standings', sql`${season}::int`)} as rid) src) as standings_round,
          (select coalesce(json_agg(json_build_object(
              'position', f.position_number, 'driver', ${driverRefJson('d', 'dn')},
              'teams', coalesce((select json_agg(${teamRefJson('t')} order by dt.first_round)
                                 from driver_teams dt join constructors t on t.id = dt.constructor_id
                                 where dt.driver_id = f.driver_id), '[]'::json),
              'points', f.points, 'wins', coalesce(w.wins, 0)
            ) order by f.position_order), '[]'::json)
           from d_final f join drivers d on d.id = f.driver_id
           left join countries dn on dn.id = d.nationality_country_id
           left join driver_wins w on w.driver_id = f.driver_id) as driver_standings,
          (select coalesce(json_agg(json_build_object(
              'position', f.position_number, 'team', ${teamRefJson('t')}, 'points', f.points,
              'wins', coalesce(w.wins, 0)
            ) order by f.position_order), '[]'::json)
           from c_final f join constructors t on t.id = f.constructor_id
           left join team_wins w on w.constructor_id = f.constructor_id) as constructor_standings,
          (select coalesce(json_agg(json_build_object('round', cr.round, 'race_id', cr.id, 'name', cr.name)
             order by cr.round), '[]'::json) from chart_rounds cr) as rounds,
          (select coalesce(json_agg(json_build_object(
              'driver', ${driverRefJson('d', 'dn')},
              'team_colour', (select t.colour from driver_teams dt join constructors t on t.id = dt.constructor_id
                              where dt.driver_id = f.driver_id order by dt.last_round desc limit 1),
              'points', (select coalesce(json_agg(coalesce(
                    (select ds.points from driver_standings ds where ds.race_id = cr.id and ds.driver_id = f.driver_id limit 1),
                    (select rp.cumulative from race_points rp
                     where rp.driver_id = f.driver_id and rp.round <= cr.round order by rp.round desc limit 1),
                    0)::float8 order by cr.round), '[]'::json)
                 from chart_rounds cr)
            ) order by f.position_order), '[]'::json)
           from d_final f join drivers d on d.id = f.driver_id
           left join countries dn on dn.id = d.nationality_country_id
           where f.driver_id in (select driver_id from top_drivers)) as progression
        where exists (select 1 from season_races)`,
  );
  return row ?? null;
}

export interface SeasonRaceResultRow extends RaceCardRow {
  podium: PodiumJson[];
}

/** Each race of a season with its podium, by round. */
export function selectSeasonRaceResults(db: Db, season: number): Promise<SeasonRaceResultRow[]> {
  return selectRows<SeasonRaceResultRow>(
    db,
    sql`select ${raceCardColumns()}, ${podiumJson} as podium from ${raceCardFrom}
        where races.year = ${season} order by races.round`,
  );
}

export interface DataStatusRow {
  synced_ms: number | null;
  latest: { race_id: number; name: string; season: number; round: number; starts_ms: number } | null;
}

/** When the results sync last reached Jolpica, and the newest race with results. */
export async function selectDataStatus(db: Db): Promise<DataStatusRow> {
  const [row] = await selectRows<DataStatusRow>(
    db,
    sql`select
          (select (extract(epoch from succeeded_at) * 1000)::float8 from f1_sync_state
           where source = ${JOLPICA_SOURCE}) as synced_ms,
          (select json_build_object('race_id', races.id, 'name', gp.full_name, 'season', races.year,
             'round', races.round, 'starts_ms', (extract(epoch from races.starts_at) * 1000)::float8)
           from races join grands_prix gp on gp.id = races.grand_prix_id
           where races.has_results order by races.starts_at desc limit 1) as latest`,
  );
  return row ?? { synced_ms: null, latest: null };
}
