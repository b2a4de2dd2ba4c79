import { isRaceCompleted } from '../../f1data/race-status.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { CIRCUIT_ALIASES, DRIVER_NICKNAMES } from './aliases.ts';
import type { CatalogueRows } from './queries.ts';
import { EXACT_RANK, matches, prepare, rank, type Prepared, type Query } from './text.ts';

/*
 * The Formula 1 catalogue of the search, in memory (decision 017): every race, driver and team with
 * its searchable names prepared once (normalized, trigrams), about 2,500 entities. A search ranks them
 * all in well under a millisecond instead of asking the database. The index is rebuilt on the first
 * search after an F1 change: `f1:import`, `f1:sync` and the seed load invalidate the read cache's F1
 * tag on every instance (lib/read-cache.ts), and its epoch moves.
 */

interface Named {
  id: string;
  columns: Prepared[];
}

export interface CatalogueRace {
  id: number;
  year: number;
  startsMs: number;
  hasResults: boolean;
  name: string;
  location: string;
  circuitName: string;
  countryCode: string | null;
  grandPrix: string;
  circuit: string;
  country: string;
}

export interface CatalogueDriver extends Named {
  name: string;
  shortName: string;
  country: string;
  countryCode: string | null;
  starts: number;
}

export interface CatalogueTeam extends Named {
  name: string;
  country: string;
  countryCode: string | null;
  teamPrincipal: string | null;
  entries: number;
}

export interface Catalogue {
  /** Every searchable column's slot, by trigram: what a query's trigrams are counted against once. */
  postings: Map<string, number[]>;
  columns: number;
  /** Newest first. */
  races: CatalogueRace[];
  grandsPrix: Named[];
  circuits: Named[];
  countries: Named[];
  drivers: CatalogueDriver[];
  teams: CatalogueTeam[];
}

export function buildCatalogue(rows: CatalogueRows): Catalogue {
  const postings = new Map<string, number[]>();
  let columns = 0;
  const column = (text: string): Prepared => {
    const c = prepare(text, columns++);
    for (const g of c.gramSet) {
      const list = postings.get(g);
      if (list) list.push(c.slot);
      else postings.set(g, [c.slot]);
    }
    return c;
  };
  const named = (id: string, ...texts: (string | null)[]): Named => ({
    id,
    columns: texts.filter((t): t is string => t !== null).map(column),
  });
  // Built before the returned object reads `columns`.
  const built = {
    races: rows.races
      .map((r) => ({
        id: r.id,
        year: r.year,
        startsMs: r.starts_ms,
        hasResults: r.has_results,
        name: r.gp_name,
        location: r.place_name,
        circuitName: r.circuit_name,
        countryCode: r.country_code,
        grandPrix: r.grand_prix_id,
        circuit: r.circuit_id,
        country: r.country_id,
      }))
      .sort((a, b) => b.startsMs - a.startsMs || b.id - a.id),
    grandsPrix: rows.grandsPrix.map((g) => named(g.id, g.full_name)),
    circuits: rows.circuits.map((c) => named(c.id, c.name, c.place_name, ...(CIRCUIT_ALIASES[c.id] ?? []))),
    countries: rows.countries.map((c) => named(c.id, c.name)),
    drivers: rows.drivers.map((d) => ({
      ...named(d.id, d.name, d.full_name, ...(DRIVER_NICKNAMES[d.id] ?? [])),
      name: d.name,
      shortName: d.abbreviation ?? d.last_name,
      country: d.country_name ?? '',
      countryCode: d.country_code,
      starts: d.starts,
    })),
    teams: rows.teams.map((t) => ({
      ...named(t.id, t.name, t.full_name),
      name: t.name,
      country: t.country_name ?? '',
      countryCode: t.country_code,
      teamPrincipal: t.team_principal,
      entries: t.entries,
    })),
  };
  return { ...built, postings, columns };
}

/**
 * The query with the number of its trigrams each column holds, counted through the postings once
 * instead of column by column: most columns share none and are never looked at again.
 */
export function scan(cat: Catalogue, q: Query): Query {
  const present = new Uint16Array(cat.columns);
  for (const g of q.grams) {
    const list = cat.postings.get(g);
    if (list) for (const slot of list) present[slot] = (present[slot] ?? 0) + 1;
  }
  return { ...q, present };
}

/** A hit and its rank (text.ts `rank`: 3 equal, 2 a word starts with the query, 1 contains it, plus similarity). */
export interface Ranked<T> {
  item: T;
  rank: number;
}

/** The entities matching `q` with their rank; grands prix and countries forgive no typo. */
function ranked<T extends Named>(items: readonly T[], q: Query, fuzzy = true): Ranked<T>[] {
  const out: Ranked<T>[] = [];
  for (const item of items) {
    if (item.columns.some((c) => matches(q, c, fuzzy))) out.push({ item, rank: rank(q, item.columns) });
  }
  return out;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * How much a race is worth showing among equally good matches: its season, plus two seasons for each
 * doubling of its reviews (a classic with 7 reviews ranks with races six seasons newer). Recent and
 * much-reviewed races come first.
 */
const prominence = (race: CatalogueRace, reviews: ReadonlyMap<number, number>) =>
  race.year + 2 * Math.log2(1 + (reviews.get(race.id) ?? 0));

/**
 * Races by grand prix, circuit (name or place) or country, the best match first, then the most
 * prominent (recent, much reviewed), then the newest; `years` restrict the season. Without text (only
 * years were typed) the season's races, newest first, each ranked as an exact match.
 */
export function findRaces(
  cat: Catalogue,
  q: Query | null,
  years: readonly number[],
  limit: number,
  reviews: ReadonlyMap<number, number> = new Map(),
): Ranked<CatalogueRace>[] {
  const inYears = years.length === 0 ? () => true : (r: CatalogueRace) => years.includes(r.year);
  if (!q)
    return cat.races
      .filter(inYears)
      .slice(0, limit)
      .map((item) => ({ item, rank: EXACT_RANK }));
  const ranks = (items: Ranked<Named>[]) => new Map(items.map((x) => [x.item.id, x.rank]));
  const gp = ranks(ranked(cat.grandsPrix, q, false));
  const circuit = ranks(ranked(cat.circuits, q));
  const country = ranks(ranked(cat.countries, q, false));
  if (gp.size + circuit.size + country.size === 0) return [];
  const hits: (Ranked<CatalogueRace> & { prominence: number })[] = [];
  for (const race of cat.races) {
    if (!inYears(race)) continue;
    const best = Math.max(
      gp.get(race.grandPrix) ?? -1,
      circuit.get(race.circuit) ?? -1,
      country.get(race.country) ?? -1,
    );
    if (best >= 0) hits.push({ item: race, rank: best, prominence: prominence(race, reviews) });
  }
  // Races are newest first already and the sort is stable: equal ranks and prominence keep that order.
  return hits
    .sort((a, b) => b.rank - a.rank || b.prominence - a.prominence)
    .slice(0, limit)
    .map(({ item, rank }) => ({ item, rank }));
}

/** Drivers by name, legal name or nickname; ties go to the driver with more race starts. */
export function findDrivers(cat: Catalogue, q: Query, limit: number): Ranked<CatalogueDriver>[] {
  return ranked(cat.drivers, q)
    .sort((a, b) => b.rank - a.rank || b.item.starts - a.item.starts || byId(a.item.id, b.item.id))
    .slice(0, limit);
}

/** Teams by name or full name; ties go to the team with more race entries. */
export function findTeams(cat: Catalogue, q: Query, limit: number): Ranked<CatalogueTeam>[] {
  return ranked(cat.teams, q)
    .sort((a, b) => b.rank - a.rank || b.item.entries - a.item.entries || byId(a.item.id, b.item.id))
    .slice(0, limit);
}

/** Completion follows the clock (3 hours after the start), so it is decided per search, not kept. */
export const raceIsCompleted = (race: CatalogueRace, now: number) =>
  isRaceCompleted({ hasResults: race.hasResults, startsAt: new Date(race.startsMs) }, now);

/**
 * The catalogue of one instance: built on first use, and again on the first use after the read
 * cache dropped everything (an F1 change here or on another instance, or a reconnected bus). A build
 * that an F1 change overtook serves the searches that waited for it but is not kept.
 */
export class CatalogueIndex {
  private built: { epoch: number; catalogue: Catalogue } | null = null;
  private pending: { epoch: number; promise: Promise<Catalogue> } | null = null;

  constructor(
    private readonly cache: Pick<ReadCache, 'epoch'>,
    private readonly load: () => Promise<CatalogueRows>,
  ) {}

  get(): Catalogue | Promise<Catalogue> {
    const epoch = this.cache.epoch;
    if (this.built?.epoch === epoch) return this.built.catalogue;
    if (this.pending?.epoch === epoch) return this.pending.promise;
    const promise = this.load()
      .then((rows) => {
        const catalogue = buildCatalogue(rows);
        if (this.cache.epoch === epoch) this.built = { epoch, catalogue };
        return catalogue;
      })
      .finally(() => {
        if (this.pending?.promise === promise) this.pending = null;
      });
    this.pending = { epoch, promise };
    return promise;
  }
}
