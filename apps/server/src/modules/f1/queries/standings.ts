import { sql } from 'drizzle-orm';
import { CONSTRUCTORS_CHAMPIONSHIP_FROM } from '@paddock/contract';
import type { Db } from '../../../db/client.ts';
import { selectRows } from '../../../lib/sql.ts';
import { driverRefJson, teamRefJson } from '../sql.ts';
import type { DriverRefJson, TeamRefJson } from './shared.ts';

/*
 * Reads of the championship standings as F1DB keeps them: the season's own rows (race_id null: final, or
 * current for a running season) and the rows after each race, with F1DB's position text ("DSQ", "EX").
 * The season statistics (seasons.ts) build their standings on the same columns.
 */

/** The first season with a constructors' championship, written into the statements. */
export const FIRST_CONSTRUCTORS_SEASON = sql.raw(String(CONSTRUCTORS_CHAMPIONSHIP_FROM));

/**
 * The `split` column over the rows of one constructors' standings (columns constructor_id and
 * engine_manufacturer_id): the constructor appears in them with more than one engine maker (1960: Cooper
 * with Climax and with Maserati engines), so each of its rows is named with its engine.
 */
export const engineSplitColumn = sql.raw(
  `coalesce(min(engine_manufacturer_id) over (partition by constructor_id) <>
     max(engine_manufacturer_id) over (partition by constructor_id), false) as split`,
);

/**
 * The json_build_object pairs of a constructor standing: alias `f` a standings row (position_number,
 * position_text, points, split), `t` its `constructors` row, `em` its `engine_manufacturers` row.
 */
export const constructorStandingPairs = sql`'position', f.position_number, 'position_text', f.position_text,
  'team', ${teamRefJson('t')}, 'engine', em.name,
  'name', case when f.split and em.name is not null then t.name || '-' || em.name else t.name end,
  'points', f.points`;

/** A `res` row that won its race (a shared car's win is one win: wins count races). */
const raceWin = sql.raw(`res.session = 'RACE' and res.position_number = 1`);

export interface DriverStandingRowJson {
  position: number | null;
  position_text: string;
  driver: DriverRefJson;
  teams: TeamRefJson[];
  points: number;
  wins: number;
}
export interface ConstructorStandingRowJson {
  position: number | null;
  position_text: string;
  team: TeamRefJson;
  engine: string | null;
  name: string;
  points: number;
  wins: number;
}
export interface StandingsRow {
  final: boolean;
  round: number | null;
  race: { id: number; name: string } | null;
  rounds: { round: number; race_id: number; name: string }[];
  driver_standings: DriverStandingRowJson[];
  constructor_standings: ConstructorStandingRowJson[];
}

/**
 * A season's standings in one statement: after round `round`'s race, or (null) the season's own rows when
 * F1DB has them, else those after the latest round with standings after it. For the season's own rows
 * `round` is that latest round. Null when the season has no races, or no standings after the round asked for.
 */
export async function selectStandings(db: Db, season: number, round: number | null): Promise<StandingsRow | null> {
  const [row] = await selectRows<StandingsRow>(
    db,
    sql`with season_races as (
          select races.id, races.round, gp.full_name as name
          from races join grands_prix gp on gp.id = races.grand_prix_id where races.year = ${season}),
        rounds as (
          select sr.id, sr.round, sr.name from season_races sr
          where exists (select 1 from driver_standings ds where ds.race_id = sr.id)
             or exists (select 1 from constructor_standings cs where cs.race_id = sr.id)),
        latest as (select id from rounds order by round desc limit 1),
        src as (
          -- rid: the race the rows stand after, 0 for the season's own rows (as the unique index keys them).
          select case
            when ${round}::int is not null then (select id from rounds where round = ${round}::int)
            when exists (select 1 from driver_standings where year = ${season} and coalesce(race_id, 0) = 0)
              or exists (select 1 from constructor_standings where year = ${season} and coalesce(race_id, 0) = 0)
              then 0
            else (select id from latest) end as rid),
        shown as (
          select r.id, r.round, r.name from rounds r, src
          where r.id = case when src.rid = 0 then (select id from latest) else src.rid end),
        d as (
          select ds.* from driver_standings ds, src
          where ds.year = ${season} and coalesce(ds.race_id, 0) = src.rid),
        c as (
          select cs.*, ${engineSplitColumn} from constructor_standings cs, src
          where cs.year = ${season} and coalesce(cs.race_id, 0) = src.rid and cs.year >= ${FIRST_CONSTRUCTORS_SEASON}),
        -- The results the standings count: those of the rounds up to theirs.
        res as (
          select rr.race_id, rr.session, rr.position_number, rr.driver_id, rr.constructor_id,
            rr.engine_manufacturer_id, sr.round
          from race_results rr join season_races sr on sr.id = rr.race_id
          where sr.round <= (select round from shown))
        select
          coalesce(src.rid = 0, false) as final,
          (select round from shown) as round,
          (select json_build_object('id', id, 'name', name) from shown) as race,
          (select coalesce(json_agg(json_build_object('round', r.round, 'race_id', r.id, 'name', r.name)
             order by r.round), '[]'::json) from rounds r) as rounds,
          (select coalesce(json_agg(json_build_object(
              'position', f.position_number, 'position_text', f.position_text,
              'driver', ${driverRefJson('dr', 'dn')}, 'points', f.points,
              'teams', (select coalesce(json_agg(${teamRefJson('t')} order by dt.first_round, t.name), '[]'::json)
                        from (select constructor_id, min(round) as first_round from res
                              where res.driver_id = f.driver_id group by constructor_id) dt
                        join constructors t on t.id = dt.constructor_id),
              'wins', (select count(distinct race_id)::int from res
                       where res.driver_id = f.driver_id and ${raceWin})
            ) order by f.position_order), '[]'::json)
           from d f join drivers dr on dr.id = f.driver_id
           left join countries dn on dn.id = dr.nationality_country_id) as driver_standings,
          (select coalesce(json_agg(json_build_object(${constructorStandingPairs},
              'wins', (select count(distinct race_id)::int from res
                       where res.constructor_id = f.constructor_id and ${raceWin}
                         and (not f.split or res.engine_manufacturer_id is not distinct from f.engine_manufacturer_id))
            ) order by f.position_order), '[]'::json)
           from c f join constructors t on t.id = f.constructor_id
           left join engine_manufacturers em on em.id = f.engine_manufacturer_id) as constructor_standings
        from src
        where exists (select 1 from season_races) and (${round}::int is null or src.rid is not null)`,
  );
  return row ?? null;
}
