import type { EndpointName } from '@paddock/contract/endpoints';
import type { Race } from '@paddock/contract/f1';
import type { ReviewRace } from '@paddock/contract/reviews';
import type { CreateWatchlistBody, Watchlist, WatchlistEntry } from '@paddock/contract/watchlists';
import { raceFixture } from './f1-fixtures.ts';
import type { StubbedRequest, StubReply } from './http.ts';
import { lena } from './review-fixtures.ts';

/** Watchlist payloads for component tests, typed by the contract, and a small in-memory watchlists API. */

const NOW = '2026-01-10T10:00:00.000Z';

export const abuDhabi2021 = raceFixture({
  id: 1055,
  name: 'Abu Dhabi Grand Prix',
  season: { year: 2021 },
  round_number: 22,
  circuit_name: 'Yas Marina Circuit',
  location: 'Abu Dhabi',
  country_code: 'AE',
  date: '2021-12-12T13:00:00.000Z',
});
export const brazil2008 = raceFixture({
  id: 800,
  name: 'Brazilian Grand Prix',
  season: { year: 2008 },
  round_number: 18,
  circuit_name: 'Interlagos',
  location: 'São Paulo',
  country_code: 'BR',
  date: '2008-11-02T17:00:00.000Z',
});
export const japan2005 = raceFixture({
  id: 740,
  name: 'Japanese Grand Prix',
  season: { year: 2005 },
  round_number: 18,
  circuit_name: 'Suzuka',
  location: 'Suzuka',
  country_code: 'JP',
  date: '2005-10-09T05:30:00.000Z',
});

function raceRef(race: Race): ReviewRace {
  return {
    id: race.id,
    name: race.name,
    season: race.season,
    circuit_name: race.circuit_name,
    date: race.date,
    location: race.location,
    round_number: race.round_number,
    country_code: race.country_code,
  };
}

export function entriesOf(races: Race[]): WatchlistEntry[] {
  return races.map((race, i) => ({ race: raceRef(race), position: i + 1, added_at: NOW }));
}

export function watchlistFixture(overrides: Partial<Watchlist> = {}): Watchlist {
  const races = overrides.races ?? entriesOf([abuDhabi2021, brazil2008]);
  return {
    id: 12,
    name: 'Classic title deciders',
    description: 'Championships settled at the last race.',
    is_public: true,
    share_token: 'b6Jq3x1R9wKp0ZtLmN4sVg',
    user: lena,
    race_count: races.length,
    created_at: NOW,
    updated_at: NOW,
    is_owner: true,
    ...overrides,
    races,
  };
}

/**
 * The watchlists API of one signed-in user, in memory: list, create, edit, delete, add, remove and
 * reorder races, and the race search. `fail` makes the next request of the operation answer an error.
 */
export function fakeWatchlistsApi(initial: Watchlist[], searchable: Race[] = [abuDhabi2021, brazil2008, japan2005]) {
  const lists = new Map(initial.map((list) => [list.id, structuredClone(list)]));
  let nextId = 100;
  const failures: { operation: EndpointName; reply: StubReply }[] = [];
  const summary = ({ races: _races, is_owner: _owner, ...rest }: Watchlist) => rest;

  function handle(request: StubbedRequest): StubReply {
    const failure = failures.findIndex((f) => f.operation === request.operation);
    if (failure >= 0) return failures.splice(failure, 1)[0]!.reply;
    const { operation, params } = request;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (operation === 'listRaces') {
      const term = (request.query?.search ?? '').toLowerCase();
      return { status: 200, data: { results: searchable.filter((r) => r.name.toLowerCase().includes(term)) } };
    }
    if (operation === 'listWatchlists') {
      const results = [...lists.values()].sort((a, b) => b.id - a.id).map(summary);
      return { status: 200, data: { results, next_cursor: null } };
    }
    if (operation === 'createWatchlist') {
      const created = body as CreateWatchlistBody;
      const list = watchlistFixture({
        id: nextId++,
        name: created.name.trim(),
        description: created.description ?? '',
        is_public: created.is_public ?? false,
        share_token: `token${nextId}xxxxxxxxxxxxxxxx`,
        races: [],
      });
      lists.set(list.id, list);
      return { status: 201, data: list };
    }
    const list = params?.id === undefined ? undefined : lists.get(Number(params.id));
    if (!list) return { status: 404, data: { detail: 'Not found.' } };
    if (operation === 'getWatchlist') return { status: 200, data: list };
    if (operation === 'updateWatchlist') {
      Object.assign(list, body);
      return { status: 200, data: list };
    }
    if (operation === 'deleteWatchlist') {
      lists.delete(list.id);
      return { status: 204 };
    }
    if (operation === 'addWatchlistRace') {
      const race = searchable.find((r) => r.id === body.race_id);
      if (!race) return { status: 404, data: { detail: 'Not found.' } };
      if (list.races.some((e) => e.race.id === race.id)) return { status: 200, data: list };
      list.races = [...list.races, { race: raceRef(race), position: list.races.length + 1, added_at: NOW }];
      list.race_count = list.races.length;
      return { status: 201, data: list };
    }
    if (operation === 'reorderWatchlist') {
      const ids = body.race_ids as number[];
      const byId = new Map(list.races.map((e) => [e.race.id, e]));
      if (ids.length !== byId.size || !ids.every((id) => byId.has(id))) {
        return { status: 400, data: { race_ids: ["List each of the watchlist's races exactly once."] } };
      }
      list.races = ids.map((id, i) => ({ ...byId.get(id)!, position: i + 1 }));
      return { status: 200, data: list };
    }
    if (operation === 'removeWatchlistRace') {
      const before = list.races.length;
      list.races = list.races
        .filter((e) => e.race.id !== Number(params?.race_id))
        .map((e, i) => ({ ...e, position: i + 1 }));
      if (list.races.length === before) return { status: 404, data: { detail: 'Not found.' } };
      list.race_count = list.races.length;
      return { status: 204 };
    }
    // An operation this API does not serve.
    return { status: 404, data: { detail: 'Not found.' } };
  }

  return {
    // Answers are copies, as over HTTP: the cached data never changes under the app's feet.
    handle: (request: StubbedRequest): StubReply => structuredClone(handle(request)),
    lists,
    fail(operation: EndpointName, reply: StubReply) {
      failures.push({ operation, reply });
    },
  };
}
