import { sql, type SQL } from 'drizzle-orm';
import { raceIsCompletedSql } from '../../../f1data/race-status.ts';
import { driverRefJson, teamRefJson } from '../sql.ts';

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
  points: number;
  championships: number;
}

/** A season counts for championships only once every race of it is completed. */
const seasonIsComplete = (year: SQL) =>
  sql`not exists (select 1 from races where races.year = ${year} and not ${raceIsCompletedSql()})`;

/** Aggregates over `race_results` rows; only the race itself counts for wins and podiums. */
export const raceWinsCount = sql`count(*) filter (where session = 'RACE' and position_number = 1)::int`;
export const racePodiumsCount = sql`count(*) filter (where session = 'RACE' and position_number <= 3)::int`;
export const pointsTotal = sql`coalesce(sum(points), 0)::float8`;

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
 * The json_build_object pairs of poles, fastest laps and championships over `res`. Older seasons
 * record poles and fastest laps only in the qualifying and fastest-lap tables, hence the unions.
 */
export const careerHonoursPairs = (owner: CareerOwner, id: SQL) => {
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
export const firstLastRaceColumns = sql`${resRaceLink(sql`res.starts_at, res.race_id`)} as first_race,
          ${resRaceLink(sql`res.starts_at desc, res.race_id desc`)} as last_race`;
