import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ActiveThoughts,
  Race,
  RaceDetail,
  RaceResults,
  SearchResult,
  SeasonRaceResult,
  SeasonStats,
} from '@paddock/contract';
import {
  addClassification,
  addDriverStanding,
  createDriver,
  createRace,
  createTeam,
  HOUR,
} from '../support/factories/f1.ts';
import { signedIn, type TestUser } from '../support/factories/users.ts';
import { appForTests } from '../support/social.ts';
import { buildWorld, markWatched, readerWith, type World } from './world.ts';

/*
 * The spoiler shield on the Formula 1 answers (decision 033): per setting, per surface, the reveal header,
 * and the read cache, which keeps what everyone gets and never a shielded answer.
 */

const YEAR = 2091;
const { t, as } = appForTests();
let world: World;
beforeAll(async () => {
  world = await buildWorld(t, as, YEAR);
  await addDriverStanding(t.database.db, {
    year: YEAR,
    raceId: world.recent.id,
    driverId: world.winner.driverId,
    position: 1,
    points: 43,
  });
});

/** GET as a member (or a guest), with extra headers. */
async function get<T>(user: TestUser | null, url: string, headers: Record<string, string> = {}) {
  const auth = user === null ? {} : await signedIn(t, user);
  const res = await t.app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });
  return { status: res.statusCode, body: res.json<T>(), headers: res.headers };
}

const raceUrl = (id: number) => `/api/f1/races/${id}/`;
const resultsUrl = (id: number) => `/api/f1/races/${id}/results/`;

describe("the issue's acceptance case", () => {
  it('hides race 1057’s results from an unwatched-shield reader until they mark it watched', async () => {
    const reader = await readerWith(t, as, 'unwatched');
    const shielded = await get<RaceResults>(reader, resultsUrl(1057));
    expect(shielded.status).toBe(200);
    expect(shielded.body).toMatchObject({ race_id: 1057, spoilers_hidden: true, classification: [], sprint: [] });
    expect(shielded.body.fastest_laps).toEqual([]);
    expect(JSON.stringify(shielded.body)).not.toContain(world.winner.name);

    await markWatched(as, reader, 1057);
    const full = await get<RaceResults>(reader, resultsUrl(1057));
    expect(full.body.spoilers_hidden).toBe(false);
    expect(full.body.classification.map((row) => row.driver.full_name)[0]).toBe(world.winner.name);
    expect(full.body.fastest_laps).toHaveLength(1);
  });
});

describe('the race page per setting', () => {
  const shown = (race: RaceDetail) => ({ hidden: race.spoilers_hidden, winner: race.winner?.driver.full_name ?? null });

  it('withholds nothing with the shield off, and nothing from guests', async () => {
    const reader = await readerWith(t, as, 'off');
    for (const user of [reader, null]) {
      const race = (await get<RaceDetail>(user, raceUrl(world.recent.id))).body;
      expect(shown(race)).toEqual({ hidden: false, winner: world.winner.name });
      expect(race.average_rating).toBe(5);
      expect(race.podium).toHaveLength(3);
      const results = (await get<RaceResults>(user, resultsUrl(world.recent.id))).body;
      expect(results.classification).toHaveLength(3);
    }
  });

  it('with `recent`, hides the race run two days ago, not the one run 40 days ago nor one not run yet', async () => {
    const reader = await readerWith(t, as, 'recent');
    const recent = (await get<RaceDetail>(reader, raceUrl(world.recent.id))).body;
    expect(recent).toMatchObject({
      spoilers_hidden: true,
      winner: null,
      podium: [],
      average_rating: null,
      rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
      review_count: 1,
      is_watched: false,
    });
    expect(shown((await get<RaceDetail>(reader, raceUrl(world.old.id))).body)).toEqual({
      hidden: false,
      winner: expect.any(String) as string,
    });
    expect((await get<RaceDetail>(reader, raceUrl(world.next.id))).body.spoilers_hidden).toBe(false);
    expect((await get<RaceResults>(reader, resultsUrl(world.old.id))).body.classification).toHaveLength(3);
  });

  it('with `unwatched`, hides every race run that the reader has not marked watched', async () => {
    const reader = await readerWith(t, as, 'unwatched');
    expect((await get<RaceDetail>(reader, raceUrl(world.recent.id))).body.spoilers_hidden).toBe(true);
    expect((await get<RaceDetail>(reader, raceUrl(world.old.id))).body.spoilers_hidden).toBe(true);
    expect((await get<RaceDetail>(reader, raceUrl(world.next.id))).body.spoilers_hidden).toBe(false);
    await markWatched(as, reader, world.old.id);
    const old = (await get<RaceDetail>(reader, raceUrl(world.old.id))).body;
    expect(old).toMatchObject({ spoilers_hidden: false, is_watched: true });
    expect(old.winner).not.toBeNull();
  });

  it('shields a race again when it is unmarked watched', async () => {
    const reader = await readerWith(t, as, 'recent');
    await markWatched(as, reader, world.recent.id);
    expect((await get<RaceDetail>(reader, raceUrl(world.recent.id))).body.spoilers_hidden).toBe(false);
    expect((await as(reader).delete(`/api/core/watched-races/${world.recent.id}/`)).status).toBe(204);
    expect((await get<RaceDetail>(reader, raceUrl(world.recent.id))).body.spoilers_hidden).toBe(true);
  });

  it('lifts the shield as soon as the setting goes off', async () => {
    const reader = await readerWith(t, as, 'unwatched');
    expect((await get<RaceResults>(reader, resultsUrl(world.recent.id))).body.spoilers_hidden).toBe(true);
    await as(reader).patch('/api/social/users/me/', { spoiler_shield: 'off' });
    expect((await get<RaceResults>(reader, resultsUrl(world.recent.id))).body.classification).toHaveLength(3);
  });
});

describe('lists and statistics', () => {
  const byId = (races: readonly Race[]) => new Map(races.map((r) => [r.id, r]));

  it("withholds the hidden races' ratings in the season's races, trending and races to review", async () => {
    const reader = await readerWith(t, as, 'recent');
    const season = byId((await get<{ results: Race[] }>(reader, `/api/f1/races/?season=${YEAR}`)).body.results);
    expect(season.get(world.recent.id)).toMatchObject({ spoilers_hidden: true, average_rating: null, review_count: 1 });
    expect(season.get(world.old.id)).toMatchObject({ spoilers_hidden: false, average_rating: 5 });

    const trending = byId((await get<Race[]>(reader, '/api/f1/races/trending/')).body);
    expect(trending.get(world.recent.id)).toMatchObject({ spoilers_hidden: true, average_rating: null });
    expect(trending.get(world.old.id)?.average_rating).toBe(5);

    const toReview = byId((await get<Race[]>(reader, '/api/f1/races/recommended_for_review/')).body);
    expect(toReview.get(world.recent.id)).toMatchObject({ spoilers_hidden: true, average_rating: null });

    const excluding = await get<{ results: Race[] }>(reader, `/api/f1/races/?season=${YEAR}&exclude_reviewed=true`);
    expect(byId(excluding.body.results).get(world.recent.id)?.spoilers_hidden).toBe(true);

    const guest = byId((await get<{ results: Race[] }>(null, `/api/f1/races/?season=${YEAR}`)).body.results);
    expect(guest.get(world.recent.id)).toMatchObject({ spoilers_hidden: false, average_rating: 5 });
  });

  it("withholds the hidden race's podium in the season's results", async () => {
    const reader = await readerWith(t, as, 'recent');
    const rows = (await get<SeasonRaceResult[]>(reader, `/api/f1/race_results/?season=${YEAR}`)).body;
    const recent = rows.find((row) => row.race.id === world.recent.id)!;
    expect(recent).toMatchObject({ podium: [], race: { spoilers_hidden: true, average_rating: null } });
    expect(rows.find((row) => row.race.id === world.old.id)!.podium).toHaveLength(3);
    const guest = (await get<SeasonRaceResult[]>(null, `/api/f1/race_results/?season=${YEAR}`)).body;
    expect(guest.find((row) => row.race.id === world.recent.id)!.podium).toHaveLength(3);
  });

  it('withholds the standings and stops the points chart before a hidden race', async () => {
    const open = (await get<SeasonStats>(null, `/api/f1/season_stats/?season=${YEAR}`)).body;
    expect(open.spoilers_hidden).toBe(false);
    expect(open.driver_standings[0]?.driver.full_name).toBe(world.winner.name);
    expect(open.points_progression.rounds.map((r) => r.race_id)).toEqual([world.old.id, world.recent.id]);

    const reader = await readerWith(t, as, 'recent');
    const stats = (await get<SeasonStats>(reader, `/api/f1/season_stats/?season=${YEAR}`)).body;
    expect(stats).toMatchObject({ spoilers_hidden: true, driver_standings: [], constructor_standings: [] });
    expect(stats.standings_round).toBeNull();
    expect(stats.points_progression.rounds.map((r) => r.race_id)).toEqual([world.old.id]);
    for (const d of stats.points_progression.drivers) expect(d.points).toHaveLength(1);
    expect(stats.community.top_rated.map((e) => e.race.id)).toEqual([world.old.id]);
    expect(stats.community.most_reviewed.find((e) => e.race.id === world.recent.id)).toMatchObject({
      average_rating: null,
      race: { spoilers_hidden: true },
    });
  });

  it('flags the race whose thoughts are open while the shield hides it', async () => {
    const running = await createRace(t.database.db, {
      year: YEAR + 1,
      startsAt: new Date(Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR),
    });
    const reader = await readerWith(t, as, 'recent');
    const active = (await get<ActiveThoughts>(reader, '/api/f1/races/active-thoughts/')).body;
    expect(active?.race).toMatchObject({ id: running.id, spoilers_hidden: true });
    expect((await get<ActiveThoughts>(null, '/api/f1/races/active-thoughts/')).body?.race.spoilers_hidden).toBe(false);
  });

  it('flags a hidden race among search results, for the shielded reader only', async () => {
    const reader = await readerWith(t, as, 'recent');
    const name = (await get<RaceDetail>(null, raceUrl(world.recent.id))).body.name;
    const url = `/api/core/search/?q=${encodeURIComponent(name)}`;
    const mine = (await get<SearchResult>(reader, url)).body.races.find((r) => r.id === world.recent.id);
    expect(mine?.spoilers_hidden).toBe(true);
    const guest = (await get<SearchResult>(null, url)).body.races.find((r) => r.id === world.recent.id);
    expect(guest?.spoilers_hidden).toBe(false);
  });
});

describe('revealing for the session', () => {
  it('lifts the shield for the races named in X-Spoilers-Revealed, for those requests only', async () => {
    const reader = await readerWith(t, as, 'unwatched');
    const revealed = { 'x-spoilers-revealed': `${world.old.id}, 1057` };
    expect((await get<RaceResults>(reader, resultsUrl(1057), revealed)).body.classification).toHaveLength(3);
    expect((await get<RaceDetail>(reader, raceUrl(world.old.id), revealed)).body.spoilers_hidden).toBe(false);
    const list = (await get<{ results: Race[] }>(reader, `/api/f1/races/?season=${YEAR}`, revealed)).body.results;
    expect(list.every((r) => !r.spoilers_hidden)).toBe(true);
    // Nothing was stored: the next request without the header is shielded again.
    expect((await get<RaceResults>(reader, resultsUrl(1057))).body.spoilers_hidden).toBe(true);
    // A reveal of another race leaves this one shielded.
    const other = { 'x-spoilers-revealed': String(world.old.id) };
    expect((await get<RaceResults>(reader, resultsUrl(1057), other)).body.spoilers_hidden).toBe(true);
  });

  it('refuses a malformed or too long reveal list with a field error, never a 5xx', async () => {
    const reader = await readerWith(t, as, 'unwatched');
    for (const value of ['1057;1060', 'abc', '1057,,1060', '99999999999', '0']) {
      const res = await get<Record<string, string[]>>(reader, resultsUrl(1057), { 'x-spoilers-revealed': value });
      expect(res.status, value).toBe(400);
      expect(res.body).toEqual({ 'x-spoilers-revealed': ['Enter comma-separated race ids.'] });
    }
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    const tooMany = await get<Record<string, string[]>>(reader, resultsUrl(1057), { 'x-spoilers-revealed': many });
    expect(tooMany).toMatchObject({ status: 400, body: { 'x-spoilers-revealed': ['At most 50 race ids.'] } });
    const guest = await get<RaceResults>(null, resultsUrl(1057), { 'x-spoilers-revealed': '1057' });
    expect(guest.body.classification).toHaveLength(3);
  });
});

describe('the read cache', () => {
  it('never serves a guest’s cached answer to a shielded reader, nor a shielded answer to anyone else', async () => {
    const fresh = await createRace(t.database.db, {
      year: YEAR + 2,
      startsAt: new Date(Math.floor(Date.now() / HOUR) * HOUR - 30 * HOUR),
    });
    const [driver, team] = [await createDriver(t.database.db), await createTeam(t.database.db)];
    await addClassification(t.database.db, fresh.id, [{ driverId: driver.id, teamId: team.id }]);

    // A guest first: the answer is kept for everyone, with its validator.
    const guest = await get<RaceResults>(null, resultsUrl(fresh.id));
    expect(guest.headers['cache-control']).toBe('public, no-cache');
    const reader = await readerWith(t, as, 'recent');
    const shielded = await get<RaceResults>(reader, resultsUrl(fresh.id));
    expect(shielded.body.classification).toEqual([]);
    expect(shielded.headers['cache-control']).toBe('private, no-cache');
    expect(shielded.headers.etag).toBeUndefined();
    // A shielded reader's answer was not kept: a guest, and a reader without a shield, still get everything.
    const off = await readerWith(t, as, 'off');
    for (const user of [null, off]) {
      const again = await get<RaceResults>(user, resultsUrl(fresh.id));
      expect(again.body.classification).toHaveLength(1);
      expect(again.headers.etag).toBe(guest.headers.etag);
    }

    // The other way round: a shielded reader first, then a guest.
    const other = await createRace(t.database.db, {
      year: YEAR + 3,
      startsAt: new Date(Math.floor(Date.now() / HOUR) * HOUR - 30 * HOUR),
    });
    await addClassification(t.database.db, other.id, [{ driverId: driver.id, teamId: team.id }]);
    expect((await get<RaceDetail>(reader, raceUrl(other.id))).body.winner).toBeNull();
    expect((await get<RaceDetail>(null, raceUrl(other.id))).body.winner?.driver.id).toBe(driver.id);
    expect((await get<RaceDetail>(reader, raceUrl(other.id))).body.winner).toBeNull();
  });
});
