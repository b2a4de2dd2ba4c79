import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowLimit, selectRows } from '../../lib/sql.ts';
import { escapeLike, normalizedScan, raceCardColumns, raceCardFrom, type RaceCardRow } from '../f1/sql.ts';

/*
 * Global search over races, drivers, teams and users, in one statement.
 *
 * Matching. Indexed columns (drivers, teams, circuits, users) are compared as `f_unaccent(lower(col))`,
 * the expression of their GIN trigram indexes, by word similarity (`%>`, typo-tolerant) or LIKE. The
 * query is normalized once, in the one-row `needle` CTE, and joined to each table: the planner then
 * uses the indexes through parameterized scans without estimating every clause against the column
 * statistics, which cost more than running the query on PGlite. Grands prix and countries (about 300
 * short rows) are scanned with LIKE.
 *
 * Cost bounds. Rechecking a trigram match and ranking it call f_unaccent and word_similarity per row,
 * which PGlite (WebAssembly) pays dearly for, so a group ranks at most CANDIDATES matching rows (in
 * no particular order) plus, for users, the one whose username is the query. A query matching more
 * rows than that may miss some of them; typing more narrows it.
 *
 * Ranking. Candidates' columns are normalized once more with the C form of the same function, behind
 * a fence so each is computed once. A column ranks 3 when equal to the query, 2 when one of its words
 * starts with it, 1 when it contains it, plus the trigram word similarity (0..1); an entity takes its
 * best column. Ties go to prominence: newer races, drivers with more starts, teams with more entries,
 * shorter usernames.
 */

export interface Needle {
  /** The query as typed (trimmed, single-spaced). */
  text: string;
  /** Under three characters trigrams say little: only word prefixes match then. */
  short: boolean;
}

const CANDIDATES = 100;

type Group = 'q' | 'r';
type Slot = 'exact' | 'starts' | 'word' | 'hyphen' | 'contains';
/** A column of the needle CTE, joined as `n`. */
const slot = (group: Group, s: Slot) => sql.raw(`n.${group}_${s}`);

/** One row: the query (q_*) and the race query (r_*), normalized, with their LIKE patterns. */
export function needleCte(needle: Needle, raceNeedle: Needle | null): SQL {
  const cols = (group: Group, n: Needle | null) => {
    const e = escapeLike(n?.text ?? '');
    const values: [Slot, string][] = [
      ['exact', n?.text ?? ''],
      ['starts', `${e}%`],
      ['word', `% ${e}%`],
      ['hyphen', `%-${e}%`],
      ['contains', `%${e}%`],
    ];
    return sql.join(
      values.map(([s, v]) => sql`f_unaccent(lower(${v}::text)) as ${sql.raw(`${group}_${s}`)}`),
      sql`, `,
    );
  };
  return sql`needle as materialized (select ${cols('q', needle)}, ${cols('r', raceNeedle)})`;
}

const startsWord = (c: SQL, g: Group) => sql`(${c} like ${slot(g, 'starts')} or ${c} like ${slot(g, 'word')})`;

/** The match test: word prefixes for short queries, else typo-tolerant similarity or substring. */
function matches(cols: SQL[], g: Group, short: boolean, fuzzy = true): SQL {
  const one = (c: SQL) =>
    short
      ? startsWord(c, g)
      : fuzzy
        ? sql`${c} %> ${slot(g, 'exact')} or ${c} like ${slot(g, 'contains')}`
        : sql`${c} like ${slot(g, 'contains')}`;
  return sql`(${sql.join(cols.map(one), sql` or `)})`;
}

function rank(cols: SQL[], g: Group): SQL {
  const one = (c: SQL) => sql`(case
      when ${c} = ${slot(g, 'exact')} then 3
      when ${startsWord(c, g)} or ${c} like ${slot(g, 'hyphen')} then 2
      when ${c} like ${slot(g, 'contains')} then 1
      else 0 end + word_similarity(${slot(g, 'exact')}, ${c}))`;
  return cols.length === 1 ? one(cols[0]!) : sql`greatest(${sql.join(cols.map(one), sql`, `)})`;
}

const indexed = (col: string) => sql.raw(`f_unaccent(lower(${col}))`);
const scanned = (col: string) => normalizedScan(sql.raw(col));
const raw = (col: string) => sql.raw(col);

/** Up to CANDIDATES rows of an indexed table that match, with `select` normalized for ranking. */
function candidates(table: string, alias: string, select: SQL, indexedCols: SQL[], short: boolean): SQL {
  return sql`(select ${select} from needle n join ${sql.raw(`${table} ${alias}`)} on ${matches(indexedCols, 'q', short)}
    ${rowLimit(CANDIDATES)})`;
}

export interface RaceHit extends RaceCardRow {
  rank: number;
}

/**
 * Races by grand prix (its full name holds the short one: "Styrian Grand Prix"), circuit, place or
 * country; `years` restrict the season. The grands prix,
 * circuits and countries that match are ranked first and the races joined to them through their
 * indexes. Official names (sponsors' and local-language titles) are left to the race list's search:
 * matching them means scanning all ~1,200 per keystroke, the dearest step of a search on PGlite.
 */
export function racesSql(n: Needle | null, years: number[], limit: number): SQL {
  const yearFilter =
    years.length > 0
      ? sql`races.year in (${sql.join(
          years.map((y) => sql`${y}::int`),
          sql`, `,
        )})`
      : sql`true`;
  if (!n) {
    return sql`select ${raceCardColumns()}, 0::float8 as rank from ${raceCardFrom}
      where ${yearFilter} order by races.starts_at desc, races.id desc ${rowLimit(limit)}`;
  }
  const two = [raw('x.n1'), raw('x.n2')];
  const one = [raw('x.n1')];
  return sql`
    with gpm as (
        select x.id, ${rank(one, 'r')} as rank
        from (select g.id, ${scanned('g.full_name')} as n1 from grands_prix g offset 0) x, needle n
        where ${matches(one, 'r', n.short, false)}),
      cim as (
        select x.id, ${rank(two, 'r')} as rank
        from (select ci.id, ${scanned('ci.name')} as n1, ${scanned('ci.place_name')} as n2
              from needle n join circuits ci on ${matches([indexed('ci.name'), indexed('ci.place_name')], 'r', n.short)}
              offset 0) x, needle n),
      km as (
        select x.id, ${rank(one, 'r')} as rank
        from (select k.id, ${scanned('k.name')} as n1 from countries k offset 0) x, needle n
        where ${matches(one, 'r', n.short, false)}),
      matched as (
        select races.id, gpm.rank from gpm join races on races.grand_prix_id = gpm.id
        union all select races.id, cim.rank from cim join races on races.circuit_id = cim.id
        union all select races.id, km.rank from km join circuits kc on kc.country_id = km.id join races on races.circuit_id = kc.id),
      hits as (
        select races.id, races.starts_at, max(matched.rank) as rank
        from matched join races on races.id = matched.id
        where ${yearFilter}
        group by races.id
        order by rank desc, races.starts_at desc, races.id desc
        ${rowLimit(limit)})
    select ${raceCardColumns()}, hits.rank::float8 as rank
    from hits join ${raceCardFrom} on races.id = hits.id
    order by hits.rank desc, hits.starts_at desc, hits.id desc`;
}

export interface DriverHit {
  id: string;
  name: string;
  abbreviation: string | null;
  last_name: string;
  country_name: string | null;
  country_code: string | null;
}

/** Drivers by name or legal name; ties go to the driver with more race starts. */
export function driversSql(n: Needle, limit: number): SQL {
  const select = sql`d.id, d.name, d.abbreviation, d.last_name, d.nationality_country_id,
    ${scanned('d.name')} as n1, ${scanned('d.full_name')} as n2`;
  return sql`select c.id, c.name, c.abbreviation, c.last_name, dn.name as country_name, dn.alpha2_code as country_code
    from ${candidates('drivers', 'd', select, [indexed('d.name'), indexed('d.full_name')], n.short)} c
    cross join needle n
    left join countries dn on dn.id = c.nationality_country_id
    order by ${rank([raw('c.n1'), raw('c.n2')], 'q')} desc,
      (select count(*) from race_results rr where rr.driver_id = c.id and rr.session = 'RACE') desc, c.id
    ${rowLimit(limit)}`;
}

export interface TeamHit {
  id: string;
  name: string;
  country_name: string | null;
  country_code: string | null;
  team_principal: string | null;
}

/** Teams by name or full name; ties go to the team with more race entries. */
export function teamsSql(n: Needle, limit: number): SQL {
  const select = sql`t.id, t.name, t.country_id, t.team_principal, ${scanned('t.name')} as n1, ${scanned('t.full_name')} as n2`;
  return sql`select c.id, c.name, tc.name as country_name, tc.alpha2_code as country_code, c.team_principal
    from ${candidates('constructors', 't', select, [indexed('t.name'), indexed('t.full_name')], n.short)} c
    cross join needle n
    left join countries tc on tc.id = c.country_id
    order by ${rank([raw('c.n1'), raw('c.n2')], 'q')} desc,
      (select count(*) from race_results rr where rr.constructor_id = c.id and rr.session = 'RACE') desc, c.id
    ${rowLimit(limit)}`;
}

export interface UserHit {
  id: number;
  username: string;
  name: string;
  profile_picture: string | null;
}

/** Users by username or name, private accounts included (only public-card fields leave). */
export function usersSql(n: Needle, limit: number): SQL {
  const select = sql`u.id, u.username, u.name, u.profile_picture, ${scanned('u.username')} as n1, ${scanned('u.name')} as n2`;
  // The exact username, through its unique index, whatever else the candidate cap leaves out.
  const exact = sql`(select ${select} from users u where lower(u.username) = lower(${n.text}))`;
  return sql`select c.id, c.username, c.name, c.profile_picture
    from (${exact} union ${candidates('users', 'u', select, [indexed('u.username'), indexed('u.name')], n.short)}) c
    cross join needle n
    order by ${rank([raw('c.n1'), raw('c.n2')], 'q')} desc, length(c.username), c.username, c.id
    ${rowLimit(limit)}`;
}

export interface SearchRows {
  races: RaceHit[];
  drivers: DriverHit[];
  teams: TeamHit[];
  users: UserHit[];
}

/** A ranked list as a json array; PostgreSQL aggregates a sorted subquery's rows in its order. */
const asJson = (inner: SQL) => sql`(select coalesce(json_agg(x), '[]'::json) from (${inner}) x)`;

export interface SearchInput {
  needle: Needle;
  /** The query without its year tokens (null when only years were typed); the other groups search all of it. */
  raceNeedle: Needle | null;
  years: number[];
  limit: number;
}

export function searchSql(input: SearchInput): SQL {
  return sql`with ${needleCte(input.needle, input.raceNeedle)}
    select
      ${asJson(racesSql(input.raceNeedle, input.years, input.limit))} as races,
      ${asJson(driversSql(input.needle, input.limit))} as drivers,
      ${asJson(teamsSql(input.needle, input.limit))} as teams,
      ${asJson(usersSql(input.needle, input.limit))} as users`;
}

export async function selectSearch(db: Db, input: SearchInput): Promise<SearchRows> {
  const [row] = await selectRows<SearchRows>(db, searchSql(input));
  return row ?? { races: [], drivers: [], teams: [], users: [] };
}
