import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { races } from '../../../db/schema/f1.ts';
import { nowDate } from '../../../lib/clock.ts';
import { rowLimit, selectRows } from '../../../lib/sql.ts';
import { raceIsCompletedSql } from '../../../f1data/race-status.ts';
import { JOLPICA_SOURCE } from '../../../f1data/sync-state.ts';
import {
  driverRefJson,
  raceCardColumns,
  raceCardFrom,
  raceMatchesWords,
  teamRefJson,
  type RaceCardRow,
} from '../sql.ts';
import { podiumJson, type DriverRefJson, type PodiumJson, type TeamRefJson } from './shared.ts';

/*
 * Reads of races: lists, the active thoughts race, a race's detail, completion and results, the data
 * status. Like every file of queries/, each function is one statement: lists aggregate or json_agg
 * what they need instead of asking per row.
 */

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
  const [row] = await db.select({ startsAt: races.startsAt }).from(races).where(eq(races.id, raceId));
  return row ? row.startsAt.getTime() : null;
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
  interval: string | null;
  time_penalty: string | null;
  shared_car: boolean;
  pole_position: boolean;
  driver_of_the_day: boolean;
  engine: string | null;
  engine_models: string[];
  tyres: string | null;
  chassis: string[];
  entrant: string | null;
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
  number: string | null;
  lap: number | null;
  time: string | null;
}
export interface RaceResultsRow {
  classification: ClassificationJson[];
  sprint: ClassificationJson[];
  qualifying: QualifyingJson[];
  fastest_laps: FastestLapJson[];
}

/** The full names of the rows of `table` whose ids are in the array `ids`, in the array's order. */
const fullNamesOf = (ids: SQL, table: SQL) => sql`(
  select coalesce(json_agg(named.full_name order by u.ord), '[]'::json)
  from unnest(${ids}) with ordinality u(id, ord) join ${table} named on named.id = u.id)`;

/*
 * A classification row carries F1DB's flags as the reader set them (pole, fastest lap, driver of the day: on
 * exactly the car F1DB puts first) and the names its car is told by: engine maker, tyres, entrant, and the
 * entry's chassis and engines.
 */
const classificationJson = (session: 'RACE' | 'SPRINT_RACE') => sql`(
  select coalesce(json_agg(json_build_object(
      'position_text', rr.position_text, 'position_number', rr.position_number,
      'driver', ${driverRefJson('d', 'dn')}, 'team', ${teamRefJson('t')},
      'driver_number', rr.driver_number, 'grid', rr.grid_position_text, 'laps', rr.laps,
      'time', rr.time, 'gap', rr.gap, 'interval', rr.interval, 'time_penalty', rr.time_penalty,
      'reason_retired', rr.reason_retired, 'points', rr.points,
      'fastest_lap', rr.fastest_lap, 'pole_position', rr.pole_position,
      'driver_of_the_day', rr.driver_of_the_day, 'shared_car', rr.shared_car,
      'engine', em.name, 'engine_models', ${fullNamesOf(sql`rr.engine_ids`, sql`engines`)},
      'tyres', ty.name, 'chassis', ${fullNamesOf(sql`rr.chassis_ids`, sql`chassis`)}, 'entrant', en.name
    ) order by rr.position_order), '[]'::json)
  from race_results rr
  join drivers d on d.id = rr.driver_id
  left join countries dn on dn.id = d.nationality_country_id
  join constructors t on t.id = rr.constructor_id
  left join engine_manufacturers em on em.id = rr.engine_manufacturer_id
  left join tyre_manufacturers ty on ty.id = rr.tyre_manufacturer_id
  left join entrants en on en.id = rr.entrant_id
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
          (select coalesce(json_agg(json_build_object('driver', ${driverRefJson('d', 'dn')}, 'team', ${teamRefJson('t')},
              'number', f.driver_number, 'lap', f.lap, 'time', f.time) order by f.position_order), '[]'::json)
           from fastest_laps f
           join drivers d on d.id = f.driver_id
           left join countries dn on dn.id = d.nationality_country_id
           join constructors t on t.id = f.constructor_id
           where f.race_id = races.id and f.position_number = 1) as fastest_laps
        from races where races.id = ${raceId}`,
  );
  return row ?? null;
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
