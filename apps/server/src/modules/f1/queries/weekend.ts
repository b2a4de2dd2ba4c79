import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { TIMED_SESSIONS, type TimedSession } from '../../../db/schema/f1.ts';
import { selectRows } from '../../../lib/sql.ts';
import { driverRefJson, teamRefJson } from '../sql.ts';
import type { DriverRefJson, TeamRefJson } from './shared.ts';

/*
 * A race weekend beyond its classifications, in one statement: both starting grids, the timed sessions (each
 * json_agg'd per session, the sessions in the order a weekend runs them), the pit stops and the driver of the
 * day vote, each in F1DB's order (position_order).
 */

interface Car {
  driver: DriverRefJson;
  team: TeamRefJson;
  number: string | null;
}

export interface GridJson extends Car {
  position: string;
  position_number: number | null;
  penalty: string | null;
  time: string | null;
}

export interface SessionRowJson extends Car {
  position: string;
  position_number: number | null;
  time: string | null;
  gap: string | null;
  interval: string | null;
  laps: number | null;
  q1: string | null;
  q2: string | null;
  q3: string | null;
}

export interface PitStopJson extends Car {
  stop: number;
  lap: number;
  time: string | null;
}

export interface DriverOfTheDayJson {
  position: string;
  position_number: number | null;
  driver: DriverRefJson;
  team: TeamRefJson;
  percentage: number | null;
}

export interface RaceWeekendRow {
  year: number;
  starting_grid: GridJson[];
  sprint_starting_grid: GridJson[];
  sessions: { session: TimedSession; rows: SessionRowJson[] }[];
  pit_stops: PitStopJson[];
  driver_of_the_day: DriverOfTheDayJson[];
}

/** The driver (`d`, nationality `dn`) and team (`t`) of the rows of `alias`. */
const carJoins = (alias: string) =>
  sql.raw(`join drivers d on d.id = ${alias}.driver_id
  left join countries dn on dn.id = d.nationality_country_id
  join constructors t on t.id = ${alias}.constructor_id`);

const gridJson = (session: 'RACE' | 'SPRINT_RACE') => sql`(
  select coalesce(json_agg(json_build_object(
      'position', g.position_text, 'position_number', g.position_number,
      'driver', ${driverRefJson('d', 'dn')}, 'team', ${teamRefJson('t')}, 'number', g.driver_number,
      'penalty', g.grid_penalty, 'time', g.time
    ) order by g.position_order), '[]'::json)
  from starting_grid g ${carJoins('g')}
  where g.race_id = races.id and g.session = ${session})`;

/** The race's timed sessions that have results, each with its rows, in the order of TIMED_SESSIONS. */
const sessionsJson = sql`(
  select coalesce(json_agg(json_build_object('session', s.session, 'rows', s.rows)
      order by array_position(${sql.param([...TIMED_SESSIONS])}::text[], s.session)), '[]'::json)
  from (
    select sr.session, json_agg(json_build_object(
        'position', sr.position_text, 'position_number', sr.position_number,
        'driver', ${driverRefJson('d', 'dn')}, 'team', ${teamRefJson('t')}, 'number', sr.driver_number,
        'time', sr.time, 'gap', sr.gap, 'interval', sr.interval, 'laps', sr.laps,
        'q1', sr.q1, 'q2', sr.q2, 'q3', sr.q3
      ) order by sr.position_order) as rows
    from session_results sr ${carJoins('sr')}
    where sr.race_id = races.id
    group by sr.session
  ) s)`;

const pitStopsJson = sql`(
  select coalesce(json_agg(json_build_object(
      'driver', ${driverRefJson('d', 'dn')}, 'team', ${teamRefJson('t')}, 'number', p.driver_number,
      'stop', p.stop, 'lap', p.lap, 'time', p.time
    ) order by p.position_order), '[]'::json)
  from pit_stops p ${carJoins('p')}
  where p.race_id = races.id)`;

const driverOfTheDayJson = sql`(
  select coalesce(json_agg(json_build_object(
      'position', v.position_text, 'position_number', v.position_number,
      'driver', ${driverRefJson('d', 'dn')}, 'team', ${teamRefJson('t')}, 'percentage', v.percentage
    ) order by v.position_order), '[]'::json)
  from driver_of_the_day v ${carJoins('v')}
  where v.race_id = races.id)`;

/** The weekend of the race `raceId`, or null when there is no such race. */
export async function selectRaceWeekend(db: Db, raceId: number): Promise<RaceWeekendRow | null> {
  const [row] = await selectRows<RaceWeekendRow>(
    db,
    sql`select races.year,
          ${gridJson('RACE')} as starting_grid,
          ${gridJson('SPRINT_RACE')} as sprint_starting_grid,
          ${sessionsJson} as sessions,
          ${pitStopsJson} as pit_stops,
          ${driverOfTheDayJson} as driver_of_the_day
        from races where races.id = ${raceId}`,
  );
  return row ?? null;
}
