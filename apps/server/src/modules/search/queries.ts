import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowLimit, selectRows } from '../../lib/sql.ts';
import { escapeLike, normalizedScan } from '../f1/sql.ts';

/*
 * The search's reads. The Formula 1 catalogue is read whole, for the in-memory index (catalogue.ts);
 * users, who are many and change all the time, are searched by the database.
 *
 * Matching users. Username and name are compared as `f_unaccent(lower(col))`, the expression of their
 * GIN trigram indexes, by word similarity (`%>`, typo-tolerant) or LIKE. The query is normalized once,
 * in the one-row `needle` CTE, and joined to the table: the planner then uses the indexes through
 * parameterized scans without estimating every clause against the column statistics, which cost more
 * than running the query on PGlite.
 *
 * Cost bounds. Rechecking a trigram match and ranking it call f_unaccent and word_similarity per row,
 * which PGlite (WebAssembly) pays dearly for, so at most CANDIDATES matching rows (in no particular
 * order) are ranked, plus the one whose username is the query. A query matching more rows than that
 * may miss some of them; typing more narrows it.
 *
 * Ranking, the same as the catalogue's (text.ts). Candidates' columns are normalized once more with
 * the C form of the same function, behind a fence so each is computed once. A column ranks 3 when
 * equal to the query, 2 when one of its words starts with it, 1 when it contains it, plus the trigram
 * word similarity (0..1); a user takes the better column. Ties go to shorter usernames.
 */

export interface CatalogueRows {
  races: {
    id: number;
    year: number;
    starts_ms: number;
    has_results: boolean;
    gp_name: string;
    place_name: string;
    circuit_name: string;
    country_code: string | null;
    grand_prix_id: string;
    circuit_id: string;
    country_id: string;
  }[];
  grandsPrix: { id: string; full_name: string }[];
  circuits: { id: string; name: string; place_name: string }[];
  countries: { id: string; name: string }[];
  drivers: {
    id: string;
    name: string;
    full_name: string;
    abbreviation: string | null;
    last_name: string;
    country_name: string | null;
    country_code: string | null;
    starts: number;
  }[];
  teams: {
    id: string;
    name: string;
    full_name: string;
    country_name: string | null;
    country_code: string | null;
    team_principal: string | null;
    entries: number;
  }[];
}

/** Every race, grand prix, circuit, country, driver and team, with what the search shows and ranks by. */
export async function selectCatalogue(db: Db): Promise<CatalogueRows> {
  const [races, grandsPrix, circuits, countries, drivers, teams] = await Promise.all([
    selectRows<CatalogueRows['races'][number]>(
      db,
      sql`select races.id, races.year, (extract(epoch from races.starts_at) * 1000)::float8 as starts_ms,
        races.has_results, gp.full_name as gp_name, c.place_name, c.name as circuit_name,
        co.alpha2_code as country_code, races.grand_prix_id, races.circuit_id, c.country_id
      from races join grands_prix gp on gp.id = races.grand_prix_id
        join circuits c on c.id = races.circuit_id join countries co on co.id = c.country_id`,
    ),
    selectRows<CatalogueRows['grandsPrix'][number]>(db, sql`select id, full_name from grands_prix`),
    selectRows<CatalogueRows['circuits'][number]>(db, sql`select id, name, place_name from circuits`),
    selectRows<CatalogueRows['countries'][number]>(db, sql`select id, name from countries`),
    selectRows<CatalogueRows['drivers'][number]>(
      db,
      sql`select d.id, d.name, d.full_name, d.abbreviation, d.last_name, dn.name as country_name,
        dn.alpha2_code as country_code, coalesce(s.starts, 0)::int as starts
      from drivers d left join countries dn on dn.id = d.nationality_country_id
        left join (select driver_id, count(*) as starts from race_results where session = 'RACE' group by driver_id) s
          on s.driver_id = d.id`,
    ),
    selectRows<CatalogueRows['teams'][number]>(
      db,
      sql`select t.id, t.name, t.full_name, tc.name as country_name, tc.alpha2_code as country_code,
        t.team_principal, coalesce(e.entries, 0)::int as entries
      from constructors t left join countries tc on tc.id = t.country_id
        left join (select constructor_id, count(*) as entries from race_results where session = 'RACE'
          group by constructor_id) e on e.constructor_id = t.id`,
    ),
  ]);
  return { races, grandsPrix, circuits, countries, drivers, teams };
}

export interface Needle {
  /** The query as typed (trimmed, single-spaced). */
  text: string;
  /** Under three characters trigrams say little: only word prefixes match then. */
  short: boolean;
}

const CANDIDATES = 100;

type Slot = 'exact' | 'starts' | 'word' | 'hyphen' | 'contains';
/** A column of the needle CTE, joined as `n`. */
const slot = (s: Slot) => sql.raw(`n.q_${s}`);

/** One row: the query, normalized, with its LIKE patterns. */
function needleCte(n: Needle): SQL {
  const e = escapeLike(n.text);
  const values: [Slot, string][] = [
    ['exact', n.text],
    ['starts', `${e}%`],
    ['word', `% ${e}%`],
    ['hyphen', `%-${e}%`],
    ['contains', `%${e}%`],
  ];
  const cols = sql.join(
    values.map(([s, v]) => sql`f_unaccent(lower(${v}::text)) as ${sql.raw(`q_${s}`)}`),
    sql`, `,
  );
  return sql`needle as materialized (select ${cols})`;
}

const startsWord = (c: SQL) => sql`(${c} like ${slot('starts')} or ${c} like ${slot('word')})`;

/** The match test: word prefixes for short queries, else typo-tolerant similarity or substring. */
function matches(cols: SQL[], short: boolean): SQL {
  const one = (c: SQL) => (short ? startsWord(c) : sql`${c} %> ${slot('exact')} or ${c} like ${slot('contains')}`);
  return sql`(${sql.join(cols.map(one), sql` or `)})`;
}

function rank(cols: SQL[]): SQL {
  const one = (c: SQL) => sql`(case
      when ${c} = ${slot('exact')} then 3
      when ${startsWord(c)} or ${c} like ${slot('hyphen')} then 2
      when ${c} like ${slot('contains')} then 1
      else 0 end + word_similarity(${slot('exact')}, ${c}))`;
  return sql`greatest(${sql.join(cols.map(one), sql`, `)})`;
}

const indexed = (col: string) => sql.raw(`f_unaccent(lower(${col}))`);
const scanned = (col: string) => normalizedScan(sql.raw(col));
const raw = (col: string) => sql.raw(col);

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
  const candidates = sql`(select ${select} from needle n join users u
    on ${matches([indexed('u.username'), indexed('u.name')], n.short)} ${rowLimit(CANDIDATES)})`;
  return sql`with ${needleCte(n)}
    select c.id, c.username, c.name, c.profile_picture
    from (${exact} union ${candidates}) c
    cross join needle n
    order by ${rank([raw('c.n1'), raw('c.n2')])} desc, length(c.username), c.username, c.id
    ${rowLimit(limit)}`;
}

export function selectUsers(db: Db, n: Needle, limit: number): Promise<UserHit[]> {
  return selectRows<UserHit>(db, usersSql(n, limit));
}
