import { sql, type SQL } from 'drizzle-orm';
import { CONSTRUCTORS_CHAMPIONSHIP_FROM } from '@paddock/contract';
import { raceIsCompletedSql } from '../../../f1data/race-status.ts';
import { driverRefJson, NON_STARTERS, teamRefJson } from '../sql.ts';

/*
 * What the race, driver, team and season reads share: the json shapes of drivers, teams, podiums and
 * race links, the podium column, the standings source, and the career aggregates of drivers and teams.
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
export const podiumJson = sql`(
  select coalesce(json_agg(json_build_object(
      'position', rr.position_number, 'driver', ${driverRefJson('d', 'dn')}, 'team', ${teamRefJson('t')}
    ) order by rr.position_order), '[]'::json)
  from race_results rr
  join drivers d on d.id = rr.driver_id
  left join countries dn on dn.id = d.nationality_country_id
  join constructors t on t.id = rr.constructor_id
  where rr.race_id = races.id and rr.session = 'RACE' and rr.position_number between 1 and 3)`;

/** The latest season with race drivers entered, the default of the driver and team lists. */
export const latestEntrySeason = sql`(select max(year) from season_drivers where not test_driver)`;

/**
 * Which standings rows describe a season: its final rows (race_id null, stored as 0 here), else the
 * rows after its latest race that has standings. Yields one row `rid`, or none.
 */
export const standingsSource = (table: 'driver_standings' | 'constructor_standings', year: SQL) => sql`(
  select coalesce(s.race_id, 0) as rid from ${sql.raw(table)} s left join races sr on sr.id = s.race_id
  where s.year = ${year} order by s.race_id is null desc, sr.round desc limit 1)`;

export interface CareerJson {
  starts: number;
  wins: number;
  podiums: number;
  poles: number;
  fastest_laps: number;
  /** Race and sprint points scored (F1DB's totalPoints). */
  points: number;
  /** Points of the season standings: only the results that counted (F1DB's totalChampionshipPoints). */
  championship_points: number;
  championships: number;
}

/** A season counts for championships only once every race of it is completed. */
const seasonIsComplete = (year: SQL) =>
  sql`not exists (select 1 from races where races.year = ${year} and not ${raceIsCompletedSql()})`;

/*
 * Aggregates over `race_results` rows, by F1DB's rules (decision 035). Only the race itself counts for
 * starts, wins and podiums, and they count races: a driver who shared cars (the 1950s) has two rows in
 * one race, and two cars of a team can share a win.
 */
export const raceStartsCount = sql`count(distinct race_id)
  filter (where session = 'RACE' and position_text not in ${NON_STARTERS})::int`;
export const raceWinsCount = sql`count(distinct race_id) filter (where session = 'RACE' and position_number = 1)::int`;
export const driverPodiumsCount = sql`count(distinct race_id)
  filter (where session = 'RACE' and position_number between 1 and 3)::int`;
/** A team's podiums are podium places of its cars: a car's second driver (shared_car) adds none. */
export const teamPodiumsCount = sql`count(*)
  filter (where session = 'RACE' and position_number between 1 and 3 and not shared_car)::int`;
/** Race and sprint points scored. */
export const pointsTotal = sql`coalesce(sum(points), 0)::float8`;
/** The constructors' championship began in 1958; F1DB counts a team's points from then on. */
export const teamPointsTotal = sql`coalesce(sum(points) filter (where year >= ${CONSTRUCTORS_CHAMPIONSHIP_FROM}), 0)::float8`;

/** Whose career a detail query reads: the column naming it in the result and standings tables. */
const careerOwner = {
  driver: { column: sql.raw('driver_id'), standings: sql.raw('driver_standings') },
  team: { column: sql.raw('constructor_id'), standings: sql.raw('constructor_standings') },
} as const;
type CareerOwner = keyof typeof careerOwner;

/** The `res` CTE: every result of one driver or team, with its race's year, round and start. */
export const ownerResultsCte = (owner: CareerOwner, id: string) =>
  sql`res as (
          select rr.*, r.year, r.round, r.starts_at from race_results rr join races r on r.id = rr.race_id
          where rr.${careerOwner[owner].column} = ${id})`;

/**
 * The json_build_object pairs of poles, fastest laps, championships and championship points over `res`.
 * Poles and fastest laps are the race results F1DB flags (set on import by F1DB's rule: the car first
 * on the grid, the cars first in the fastest-lap list); championship points add up the season standings
 * (race_id null), which count only the results that counted (dropped results, shared drives).
 */
export const careerHonoursPairs = (owner: CareerOwner, id: SQL) => {
  const { column, standings } = careerOwner[owner];
  return sql`'poles', (select count(*)::int from res where session = 'RACE' and pole_position),
              'fastest_laps', (select count(*)::int from res where session = 'RACE' and fastest_lap),
              'championships', (select count(*)::int from ${standings} st
                  where st.${column} = ${id} and st.race_id is null and st.position_number = 1
                    and ${seasonIsComplete(sql`st.year`)}),
              'championship_points', (select coalesce(sum(st.points), 0)::float8 from ${standings} st
                  where st.${column} = ${id} and st.race_id is null)`;
};

/** RaceLinkJson of the first race in `res` by the given order. */
const resRaceLink = (order: SQL) =>
  sql`(select json_build_object('id', res.race_id, 'name', gp.full_name, 'year', res.year)
           from res join races r on r.id = res.race_id join grands_prix gp on gp.id = r.grand_prix_id
           where res.session = 'RACE' order by ${order} limit 1)`;

/** The `first_race` and `last_race` columns of a detail query over `res`. */
export const firstLastRaceColumns = sql`${resRaceLink(sql`res.starts_at, res.race_id`)} as first_race,
          ${resRaceLink(sql`res.starts_at desc, res.race_id desc`)} as last_race`;
