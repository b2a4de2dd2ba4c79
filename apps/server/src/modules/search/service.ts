import { SEARCH_MIN_LENGTH, type SearchResult } from '@paddock/contract';
import { clock } from '../../lib/clock.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { F1_TAG, invalidateEverywhere, USERS_TAG, type ReadCache } from '../../lib/read-cache.ts';
import { splitYears } from '../f1/sql.ts';
import { findDrivers, findRaces, findTeams, raceIsCompleted, scan, type CatalogueIndex } from './catalogue.ts';
import { selectUsers, type Needle } from './queries.ts';
import { query } from './text.ts';

const EMPTY: SearchResult = { races: [], drivers: [], teams: [], users: [] };

const needleOf = (text: string): Needle => ({ text, short: text.length < 3 });

/**
 * A search answer is the same for everyone and is kept in the search cache (app.searchCache): it
 * shows F1 data and user cards, and is dropped when either changes.
 */
export const SEARCH_TAGS = [F1_TAG, USERS_TAG] as const;

/** The query as it is searched (and cached): trimmed, single-spaced. */
export const searchText = (q: string) => q.trim().replace(/\s+/g, ' ');

/**
 * GET /core/search/ of a `searchText`. Fewer than SEARCH_MIN_LENGTH characters find nothing. A year in
 * the query ("2021 abu dhabi") filters races by season; the rest of it is matched as text. Races,
 * drivers and teams come from the in-memory catalogue, users from the database.
 */
export async function search(
  ctx: ServiceContext,
  catalogue: CatalogueIndex,
  text: string,
  limit: number,
): Promise<SearchResult> {
  if (text.length < SEARCH_MIN_LENGTH) return EMPTY;
  const { years, words } = splitYears(text);
  const raceText = words.join(' ');
  const [cat, users] = await Promise.all([catalogue.get(), selectUsers(ctx.db, needleOf(text), limit)]);
  const needle = scan(cat, query(text));
  // Without race text there is at least one year: "2021" lists that season's races.
  const raceQuery = raceText.length >= SEARCH_MIN_LENGTH ? scan(cat, query(raceText)) : null;
  const now = clock.now();
  return {
    races: findRaces(cat, raceQuery, years, limit).map((r) => ({
      id: r.id,
      name: r.name,
      season: { year: r.year },
      location: r.location,
      circuit_name: r.circuitName,
      country_code: r.countryCode,
      date: new Date(r.startsMs).toISOString(),
      is_completed: raceIsCompleted(r, now),
    })),
    drivers: findDrivers(cat, needle, limit).map((d) => ({
      id: d.id,
      full_name: d.name,
      short_name: d.shortName,
      country: d.country,
      country_code: d.countryCode,
    })),
    teams: findTeams(cat, needle, limit).map((t) => ({
      id: t.id,
      name: t.name,
      country: t.country,
      country_code: t.countryCode,
      team_principal: t.teamPrincipal,
    })),
    users,
  };
}

/**
 * A new account, or a changed name or picture, shows in the very next search, on every instance: the
 * cached answers showing users are dropped.
 */
export function subscribeSearch(
  ctx: ServiceContext,
  cache: ReadCache,
  bus: Parameters<typeof invalidateEverywhere>[1],
  log: Parameters<typeof invalidateEverywhere>[3],
): void {
  ctx.events.on('user.card_changed', () => invalidateEverywhere(cache, bus, [USERS_TAG], log));
}
