import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { selectRows } from '../../../lib/sql.ts';
import { driverRefJson, teamRefJson } from '../sql.ts';
import type { DriverListRow } from './drivers.ts';
import {
  careerHonoursPairs,
  firstLastRaceColumns,
  latestEntrySeason,
  ownerResultsCte,
  pointsTotal,
  raceStartsCount,
  raceWinsCount,
  standingsSource,
  teamPodiumsCount,
  teamPointsTotal,
  type CareerJson,
  type DriverRefJson,
  type RaceLinkJson,
} from './shared.ts';

/* Reads of teams: a season's teams, a team's detail with career, seasons and drivers. */

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
  /** The constructors' standings points; null when the team has no standing that season (before 1958). */
  points: number | null;
  /** Race and sprint points its cars scored that season. */
  points_scored: number;
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

/**
 * A team with current drivers, career figures and per-season records (F1DB's rules, decision 035), in
 * one statement. A season's standing is the team's best placed row of that season's standings (season-level,
 * else after its latest round): a team with two engines (Cooper-Climax, Cooper-Maserati) has a row each.
 */
export async function selectTeamDetail(db: Db, teamId: string): Promise<TeamDetailRow | null> {
  const [row] = await selectRows<TeamDetailRow>(
    db,
    sql`with ${ownerResultsCte('team', teamId)},
        career as (
          select ${raceStartsCount} as starts,
            count(distinct race_id) filter (where session = 'RACE')::int as entries,
            ${raceWinsCount} as wins, ${teamPodiumsCount} as podiums, ${teamPointsTotal} as points
          from res),
        per_year as (
          select year, ${raceWinsCount} as wins, ${teamPodiumsCount} as podiums, ${pointsTotal} as points
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
          order by cs.year, cs.race_id is null desc, sr.round desc, cs.position_order),
        -- Seasons with an entry, a result or a standing (a partial F1DB tree can hold a standing alone).
        season_years as (select year from year_driver_refs union select year from year_standing)
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
              'year', sy.year, 'position', ys.position_number, 'points', ys.points,
              'points_scored', coalesce(py.points, 0), 'wins', coalesce(py.wins, 0),
              'podiums', coalesce(py.podiums, 0), 'drivers', coalesce(yd.drivers, '[]'::json)
            ) order by sy.year desc), '[]'::json)
           from season_years sy
           left join year_driver_refs yd on yd.year = sy.year
           left join per_year py on py.year = sy.year
           left join year_standing ys on ys.year = sy.year) as seasons,
          ${firstLastRaceColumns}
        from constructors t left join countries tc on tc.id = t.country_id
        where t.id = ${teamId}`,
  );
  return row ?? null;
}
