import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { selectRows } from '../../../lib/sql.ts';
import { teamRefJson } from '../sql.ts';
import {
  careerHonoursPairs,
  driverPodiumsCount,
  firstLastRaceColumns,
  latestEntrySeason,
  ownerResultsCte,
  pointsTotal,
  raceStartsCount,
  raceWinsCount,
  standingsSource,
  type CareerJson,
  type RaceLinkJson,
  type TeamRefJson,
} from './shared.ts';

/* Reads of drivers: a season's drivers, a driver's detail with career and seasons. */

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

export interface DriverSeasonJson {
  year: number;
  teams: TeamRefJson[];
  position: number | null;
  /** The season standings' points; null when the driver has no standing that season. */
  points: number | null;
  /** Race and sprint points scored that season. */
  points_scored: number;
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

/** A driver with career figures and per-season records (F1DB's rules, decision 035), in one statement. */
export async function selectDriverDetail(db: Db, driverId: string): Promise<DriverDetailRow | null> {
  const [row] = await selectRows<DriverDetailRow>(
    db,
    sql`with ${ownerResultsCte('driver', driverId)},
        career as (
          select ${raceStartsCount} as starts, ${raceWinsCount} as wins, ${driverPodiumsCount} as podiums,
            ${pointsTotal} as points
          from res),
        per_year as (
          select year, ${raceStartsCount} as starts, ${raceWinsCount} as wins, ${driverPodiumsCount} as podiums,
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
        -- Seasons with an entry, a result or a standing (a partial F1DB tree can hold a standing alone).
        season_years as (select year from year_teams union select year from year_standing),
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
              'year', sy.year, 'teams', coalesce(yt.teams, '[]'::json), 'position', ys.position_number,
              'points', ys.points, 'points_scored', coalesce(py.points, 0), 'starts', coalesce(py.starts, 0),
              'wins', coalesce(py.wins, 0), 'podiums', coalesce(py.podiums, 0), 'best_finish', py.best_finish
            ) order by sy.year desc), '[]'::json)
           from season_years sy
           left join year_teams yt on yt.year = sy.year
           left join per_year py on py.year = sy.year
           left join year_standing ys on ys.year = sy.year) as seasons,
          ${firstLastRaceColumns}
        from drivers d left join countries dn on dn.id = d.nationality_country_id
        where d.id = ${driverId}`,
  );
  return row ?? null;
}
