import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rowLimit, selectRows } from '../../../lib/sql.ts';
import { raceIsCompletedSql } from '../../../f1data/race-status.ts';
import { driverRefJson, raceCardColumns, raceCardFrom, teamRefJson, type RaceCardRow } from '../sql.ts';
import {
  podiumJson,
  pointsTotal,
  raceWinsCount,
  standingsSource,
  type DriverRefJson,
  type PodiumJson,
  type TeamRefJson,
} from './shared.ts';
import {
  constructorStandingPairs,
  engineSplitColumn,
  FIRST_CONSTRUCTORS_SEASON,
  type ConstructorStandingRowJson,
  type DriverStandingRowJson,
} from './standings.ts';

/* Reads of seasons: the list of seasons, a season's standings and progression, its race results. */

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

export interface DriverStandingJson extends DriverStandingRowJson {
  teams: TeamRefJson[];
  wins: number;
}
export interface ConstructorStandingJson extends ConstructorStandingRowJson {
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
 * available (final, else after the latest race) and, for a season without any (its results synced before
 * its standings), from the results. There are no constructors' standings before 1958, when that
 * championship began: none is made up from the results. A constructor's rows are told apart by engine
 * maker, as F1DB ranks them (1960: Cooper-Climax and Cooper-Maserati), and so are its wins.
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
          -- A shared car's win is one win of its team.
          select constructor_id, engine_manufacturer_id,
            count(distinct race_id) filter (where session = 'RACE' and position_number = 1)::int as wins,
            ${pointsTotal} as points
          from res group by constructor_id, engine_manufacturer_id),
        d_rows as (
          select ds.driver_id, ds.position_number, ds.position_text, ds.position_order, ds.points from driver_standings ds
          where ds.year = ${season} and coalesce(ds.race_id, 0) = ${standingsSource('driver_standings', sql`${season}::int`)}),
        d_final as (
          select driver_id, position_number, position_text, position_order, points from d_rows
          union all
          select driver_id, pos, pos::text, ord, points from (
            select driver_id, points, (rank() over w)::int as pos, (row_number() over w)::int as ord
            from driver_wins where not exists (select 1 from d_rows)
            window w as (order by points desc, wins desc, driver_id)) computed),
        c_rows as (
          select cs.constructor_id, cs.engine_manufacturer_id, cs.position_number, cs.position_text,
            cs.position_order, cs.points from constructor_standings cs
          where cs.year = ${season} and cs.year >= ${FIRST_CONSTRUCTORS_SEASON}
            and coalesce(cs.race_id, 0) = ${standingsSource('constructor_standings', sql`${season}::int`)}),
        c_computed as (
          select constructor_id, engine_manufacturer_id, pos as position_number, pos::text as position_text,
            ord as position_order, points from (
            select constructor_id, engine_manufacturer_id, points, (rank() over w)::int as pos,
              (row_number() over w)::int as ord
            from team_wins where not exists (select 1 from c_rows) and ${season}::int >= ${FIRST_CONSTRUCTORS_SEASON}
            window w as (order by points desc, wins desc, constructor_id, engine_manufacturer_id)) ranked),
        c_final as (
          select u.*, ${engineSplitColumn} from (
            select constructor_id, engine_manufacturer_id, position_number, position_text, position_order, points
            from c_rows
            union all
            select * from c_computed) u),
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
              'position', f.position_number, 'position_text', f.position_text, 'driver', ${driverRefJson('d', 'dn')},
              'teams', coalesce((select json_agg(${teamRefJson('t')} order by dt.first_round)
                                 from driver_teams dt join constructors t on t.id = dt.constructor_id
                                 where dt.driver_id = f.driver_id), '[]'::json),
              'points', f.points, 'wins', coalesce(w.wins, 0)
            ) order by f.position_order), '[]'::json)
           from d_final f join drivers d on d.id = f.driver_id
           left join countries dn on dn.id = d.nationality_country_id
           left join driver_wins w on w.driver_id = f.driver_id) as driver_standings,
          (select coalesce(json_agg(json_build_object(${constructorStandingPairs},
              'wins', (select coalesce(sum(w.wins), 0)::int from team_wins w
                       where w.constructor_id = f.constructor_id
                         and (not f.split or w.engine_manufacturer_id is not distinct from f.engine_manufacturer_id))
            ) order by f.position_order), '[]'::json)
           from c_final f join constructors t on t.id = f.constructor_id
           left join engine_manufacturers em on em.id = f.engine_manufacturer_id) as constructor_standings,
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
