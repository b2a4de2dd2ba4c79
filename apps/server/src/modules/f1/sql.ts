import { sql, type SQL } from 'drizzle-orm';
import { RACE_FINISHED_AFTER_MS, SPOILER_RECENT_MS } from '@paddock/contract';
import { raceIsCompletedSql } from '../../f1data/race-status.ts';

/*
 * SQL building blocks shared by the F1 and search queries. The analytical queries are written as SQL
 * text over the F1DB tables (aggregates, CTEs and json_agg read better there than in a query builder);
 * every value still goes in as a bound parameter.
 */

/**
 * F1DB classifications that are not a start (F1DB's own list): did not (pre-)qualify, did not practise,
 * did not start, excluded.
 */
export const NON_STARTERS = sql.raw(`('DNP', 'DNPQ', 'DNQ', 'DNS', 'EX')`);

/** DriverRef json of a `drivers` alias and the alias of its nationality `countries` row. */
export const driverRefJson = (d: string, nationality: string) =>
  sql.raw(
    `json_build_object('id', ${d}.id, 'full_name', ${d}.name, 'short_name', coalesce(${d}.abbreviation, ${d}.last_name), 'country_code', ${nationality}.alpha2_code)`,
  );

/** TeamRef json of a `constructors` alias. */
export const teamRefJson = (t: string) =>
  sql.raw(`json_build_object('id', ${t}.id, 'name', ${t}.name, 'colour', ${t}.colour)`);

/**
 * The columns of a race card. The `races` table stays unaliased because the shared completion rule
 * names it; timestamps leave as epoch milliseconds so both drivers hand back plain numbers.
 */
export const raceCardColumns = () => sql`
  races.id, races.year, races.round,
  (extract(epoch from races.starts_at) * 1000)::float8 as starts_ms,
  races.time is not null as time_known,
  races.official_name, races.has_results,
  ${raceIsCompletedSql()} as is_completed,
  gp.full_name as gp_name,
  c.id as circuit_id, c.name as circuit_name, c.place_name,
  co.name as country_name, co.alpha2_code as country_code`;

export const raceCardFrom = sql`races
  join grands_prix gp on gp.id = races.grand_prix_id
  join circuits c on c.id = races.circuit_id
  join countries co on co.id = c.country_id`;

export interface RaceCardRow {
  id: number;
  year: number;
  round: number;
  starts_ms: number;
  time_known: boolean;
  official_name: string;
  has_results: boolean;
  is_completed: boolean;
  gp_name: string;
  circuit_id: string;
  circuit_name: string;
  place_name: string;
  country_name: string;
  country_code: string | null;
}

/** Lower-cased and accent-free, exactly as the trigram indexes store their keys. */
export const normalized = (expr: SQL) => sql`f_unaccent(lower(${expr}))`;

/**
 * The same normalization for expressions no index serves (the value computed per scanned row):
 * f_unaccent is a SQL wrapper that cannot be inlined, and costs several times more per call than the
 * C function it wraps, with the same dictionary and so the same result.
 */
export const normalizedScan = (expr: SQL) => sql`public.unaccent('public.unaccent'::regdictionary, lower(${expr}))`;

/** A LIKE pattern that matches `text` literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Four-digit years in a query ("2021 abu dhabi") filter races by season instead of matching text. */
export function splitYears(query: string): { years: number[]; words: string[] } {
  const years: number[] = [];
  const words: string[] = [];
  for (const token of query.trim().split(/\s+/).filter(Boolean)) {
    if (/^(19[5-9]\d|20\d\d)$/.test(token)) years.push(Number(token));
    else words.push(token);
  }
  return { years, words };
}

/**
 * The text a race is found by: its names, grand prix, circuit, place and country, normalized like
 * the indexes. Scanned per race, which is cheap: the whole history is about 1,200 races.
 */
export const raceHaystack = normalizedScan(
  sql`concat_ws(' ', gp.full_name, gp.name, gp.short_name, races.official_name, c.name, c.full_name, c.place_name, co.name)`,
);

/** Every word appears somewhere in the race's haystack (accent- and case-insensitive). */
export function raceMatchesWords(words: string[]): SQL {
  if (words.length === 0) return sql`true`;
  return sql.join(
    // f_unaccent of a constant is folded once while planning; the haystack side is per row.
    words.map((w) => sql`${raceHaystack} like ${normalized(sql`${`%${escapeLike(w)}%`}::text`)}`),
    sql` and `,
  );
}

/*
 * Published for other modules (reviews, watched races): the race of a card joined on a race id, its
 * columns (prefixed `race_`), and the completion rule. They never name the F1 tables themselves.
 */

/** `join (races ...) on races.id = <raceId>`: the race with its grand prix, circuit and country. */
export const joinRaceRef = (raceId: SQL) => sql`join (${raceCardFrom}) on races.id = ${raceId}`;

export const raceRefColumns = sql`
  races.id as race_id, races.year as race_year, races.round as race_round,
  (extract(epoch from races.starts_at) * 1000)::float8 as race_starts_ms,
  gp.full_name as race_name, c.name as race_circuit_name, c.place_name as race_location,
  co.alpha2_code as race_country_code`;

export interface RaceRefRow {
  race_id: number;
  race_year: number;
  race_round: number;
  race_starts_ms: number;
  race_name: string;
  race_circuit_name: string;
  race_location: string;
  race_country_code: string | null;
}

/** "2024 Italian Grand Prix": the season and Grand Prix of the race whose id is `raceId`, as a scalar subquery. */
export const raceTitleOf = (raceId: SQL) =>
  sql`(select races.year || ' ' || gp.full_name from races join grands_prix gp on gp.id = races.grand_prix_id
       where races.id = ${raceId})`;

/** The start of the race whose id is `raceId`, in epoch milliseconds, as a scalar subquery (null: no such race). */
export const raceStartMsOf = (raceId: SQL) =>
  sql`(select (extract(epoch from races.starts_at) * 1000)::float8 from races where races.id = ${raceId})`;

/** `join drivers <d>` on `driverId` with its nationality `countries` row as `<nationality>` (for driverRefJson). */
export const joinDriver = (d: string, nationality: string, driverId: SQL) =>
  sql`join drivers ${sql.raw(d)} on ${sql.raw(d)}.id = ${driverId}
      left join countries ${sql.raw(nationality)} on ${sql.raw(nationality)}.id = ${sql.raw(d)}.nationality_country_id`;

/** The season (year) of the race whose id is `raceId`, as a scalar subquery. */
export const raceSeasonOf = (raceId: SQL) => sql`(select races.year from races where races.id = ${raceId})`;
/** Joins each row to its race's season as `race_year` (one hash join for many rows, where raceSeasonOf probes each). */
export const joinRaceYear = (raceId: SQL) =>
  sql`join (select id as race_year_id, year as race_year from races) race_years on race_years.race_year_id = ${raceId}`;

/**
 * Whether the race `raceId` is one the spoiler shield `setting` covers at `at` (decision 033): it has started,
 * and for 'recent' it finished (3 hours after its start) less than 14 days ago. By primary key.
 */
export const raceInSpoilerSpan = (raceId: SQL, setting: SQL, at: Date) =>
  sql`exists (select 1 from races where races.id = ${raceId} and races.starts_at <= ${at.toISOString()}::timestamptz
      and (${setting} = 'unwatched'
        or races.starts_at > ${new Date(at.getTime() - RACE_FINISHED_AFTER_MS - SPOILER_RECENT_MS).toISOString()}::timestamptz))`;
