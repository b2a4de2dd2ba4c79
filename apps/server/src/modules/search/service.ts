import { SEARCH_MIN_LENGTH, type SearchGroup, type SearchResult } from '@paddock/contract';
import { clock } from '../../lib/clock.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { F1_TAG, invalidateEverywhere, USERS_TAG, type ReadCache } from '../../lib/read-cache.ts';
import { splitYears } from '../f1/sql.ts';
import { findDrivers, findRaces, findTeams, raceIsCompleted, scan, type CatalogueIndex } from './catalogue.ts';
import { selectUsers, type Needle } from './queries.ts';
import { matchKind, prepare, query, rank } from './text.ts';

/** The spec's order of the groups, kept when no group has a hit. */
const GROUPS: readonly SearchGroup[] = ['races', 'drivers', 'teams', 'users'];

const EMPTY: SearchResult = { races: [], drivers: [], teams: [], users: [], order: [...GROUPS] };

/** A group's best hit: its rank, and for people and teams how prominent it is (race starts; a team's races). */
export interface GroupBest {
  rank: number;
  prominence: number;
}

/**
 * How a group's best hit compares across groups. A race's place, circuit or country typed whole beats
 * everything (6); then a name of a person or team, whole or a word of it (5), where the more prominent
 * comes first ("lec" finds Charles Leclerc before the team LEC of 1977, "williams" the team before
 * Jonathan Williams); then a race whose name has a word starting so (4), and so on down to a mere
 * similarity. At the same level people and teams come before races, which often merely share letters
 * with the query (a circuit's place).
 */
function level(group: SearchGroup, rank: number): number {
  const kind = matchKind(rank);
  if (group === 'races') return kind * 2;
  return kind >= 2 ? 5 : kind * 2 + 1;
}

/** The groups, the group of the best hit first (see `level`); groups without a hit go last. */
export function groupOrder(best: Partial<Record<SearchGroup, GroupBest>>): SearchGroup[] {
  const key = (group: SearchGroup) => {
    const hit = best[group];
    return hit === undefined ? [-1, 0, 0] : [level(group, hit.rank), hit.prominence, hit.rank];
  };
  return [...GROUPS].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return kb[0]! - ka[0]! || kb[1]! - ka[1]! || kb[2]! - ka[2]!;
  });
}

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
  indexes: { catalogue: CatalogueIndex; reviewCounts: () => Promise<ReadonlyMap<number, number>> },
  text: string,
  limit: number,
): Promise<SearchResult> {
  if (text.length < SEARCH_MIN_LENGTH) return EMPTY;
  const { years, words } = splitYears(text);
  const raceText = words.join(' ');
  const [cat, reviewCounts, users] = await Promise.all([
    indexes.catalogue.get(),
    indexes.reviewCounts(),
    selectUsers(ctx.db, needleOf(text), limit),
  ]);
  const q = query(text);
  // A year narrows the races; drivers and teams are matched on the rest ("senna 1988" finds Senna).
  const needle = scan(cat, words.length > 0 && years.length > 0 ? query(raceText) : q);
  // Without race text there is at least one year: "2021" lists that season's races.
  const raceQuery = raceText.length >= SEARCH_MIN_LENGTH ? scan(cat, query(raceText)) : null;
  const races = findRaces(cat, raceQuery, years, limit, reviewCounts);
  const drivers = findDrivers(cat, needle, limit);
  const teams = findTeams(cat, needle, limit);
  // Users are ranked by the database with the same rules; their best rank is taken again here.
  const userRanks = users.map((u) => rank(q, [prepare(u.username), prepare(u.name)]));
  const now = clock.now();
  return {
    order: groupOrder({
      races: races[0] && { rank: races[0].rank, prominence: 0 },
      drivers: drivers[0] && { rank: drivers[0].rank, prominence: drivers[0].item.starts },
      // A team's entries count each of its cars: halved, about the races it ran, as a driver's starts.
      teams: teams[0] && { rank: teams[0].rank, prominence: teams[0].item.entries / 2 },
      users: userRanks.length > 0 ? { rank: Math.max(...userRanks), prominence: 0 } : undefined,
    }),
    races: races.map(({ item: r }) => ({
      id: r.id,
      name: r.name,
      season: { year: r.year },
      location: r.location,
      circuit_name: r.circuitName,
      country_code: r.countryCode,
      date: new Date(r.startsMs).toISOString(),
      is_completed: raceIsCompleted(r, now),
      spoilers_hidden: false,
    })),
    drivers: drivers.map(({ item: d }) => ({
      id: d.id,
      full_name: d.name,
      short_name: d.shortName,
      country: d.country,
      country_code: d.countryCode,
    })),
    teams: teams.map(({ item: t }) => ({
      id: t.id,
      name: t.name,
      country: t.country,
      country_code: t.countryCode,
      team_principal: t.teamPrincipal,
    })),
    users,
  };
}

/** A search answer as a signed-in reader sees it: the races their spoiler shield hides say so (decision 033). */
export function shieldSearch(result: SearchResult, hidden: ReadonlySet<number>): SearchResult | null {
  if (!result.races.some((r) => hidden.has(r.id))) return null;
  return { ...result, races: result.races.map((r) => (hidden.has(r.id) ? { ...r, spoilers_hidden: true } : r)) };
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
  ctx.events.on('account.deleted', () => invalidateEverywhere(cache, bus, [USERS_TAG], log));
}
