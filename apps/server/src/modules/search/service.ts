import { SEARCH_MIN_LENGTH, type SearchResult } from '@paddock/contract';
import type { ServiceContext } from '../../lib/context.ts';
import { splitYears } from '../f1/sql.ts';
import { selectSearch, type Needle } from './queries.ts';

const EMPTY: SearchResult = { races: [], drivers: [], teams: [], users: [] };

const needleOf = (text: string): Needle => ({ text, short: text.length < 3 });

/**
 * GET /core/search/. Fewer than SEARCH_MIN_LENGTH characters after trimming finds nothing. A year in
 * the query ("2021 abu dhabi") filters races by season; the rest of it is matched as text.
 */
export async function search(ctx: ServiceContext, q: string, limit: number): Promise<SearchResult> {
  const text = q.trim().replace(/\s+/g, ' ');
  if (text.length < SEARCH_MIN_LENGTH) return EMPTY;
  const { years, words } = splitYears(text);
  const raceText = words.join(' ');
  // Without race text there is at least one year: "2021" lists that season's races.
  const raceNeedle = raceText.length >= SEARCH_MIN_LENGTH ? needleOf(raceText) : null;
  const rows = await selectSearch(ctx.db, { needle: needleOf(text), raceNeedle, years, limit });
  return {
    races: rows.races.map((r) => ({
      id: r.id,
      name: r.gp_name,
      season: { year: r.year },
      location: r.place_name,
      circuit_name: r.circuit_name,
      country_code: r.country_code,
      date: new Date(r.starts_ms).toISOString(),
      is_completed: r.is_completed,
    })),
    drivers: rows.drivers.map((d) => ({
      id: d.id,
      full_name: d.name,
      short_name: d.abbreviation ?? d.last_name,
      country: d.country_name ?? '',
      country_code: d.country_code,
    })),
    teams: rows.teams.map((t) => ({
      id: t.id,
      name: t.name,
      country: t.country_name ?? '',
      country_code: t.country_code,
      team_principal: t.team_principal,
    })),
    users: rows.users,
  };
}
