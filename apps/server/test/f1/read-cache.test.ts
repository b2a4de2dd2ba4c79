import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  Race,
  RaceDetail,
  RaceResults,
  Review,
  SearchResult,
  SeasonRaceResult,
  SeasonStats,
} from '@paddock/contract';
import { announceF1DataChanged } from '../../src/f1data/cli-common.ts';
import { readF1db } from '../../src/f1data/f1db-reader.ts';
import { importF1Data } from '../../src/f1data/importer.ts';
import { syncSeason } from '../../src/f1data/jolpica.ts';
import type { F1Data } from '../../src/f1data/types.ts';
import { F1_TAG, publishInvalidation } from '../../src/lib/read-cache.ts';
import { AUSTRIA_2023, F1DB_FIXTURE, fakeClock, replayJolpica, withoutAustria2023Results } from '../support/f1data.ts';
import { createUser, signedIn, type TestUser } from '../support/factories/users.ts';
import { caller } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * The read cache (decision 016) never shows an answer older than the last write: a review, an import
 * or a sync is visible on the very next request, and a viewer's own fields never reach another viewer.
 * The F1DB fixture is imported as if its snapshot predated the 2023 Austrian GP's results.
 */

const ABU_DHABI_2023 = 1101;
const JANUARY_2024 = Date.parse('2024-01-15T00:00:00Z');

let t: TestApp;
let as: ReturnType<typeof caller>;
let f1db: F1Data;
let fans: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  as = caller(t);
  f1db = readF1db(F1DB_FIXTURE);
  await importF1Data(t.database.db, withoutAustria2023Results(f1db));
  fans = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
});
afterAll(() => t.close());

const guest = () => as(null);

/** What f1:import and f1:sync do after their commit; on PostgreSQL the notification comes back asynchronously. */
async function announce() {
  if (t.database.kind === 'postgres') await announceF1DataChanged(t.database);
  else await publishInvalidation(t.app.liveBus, [F1_TAG]);
  await vi.waitFor(() => expect(t.app.readCache.size).toBe(0));
}

describe('the read cache', () => {
  it('answers a race from memory until F1 data changes are announced', async () => {
    const first = await guest().get<RaceDetail>(`/api/f1/races/${ABU_DHABI_2023}/`);
    expect(first.status).toBe(200);
    // Behind the server's back: a cached answer does not see it.
    await t.database.db.execute(
      sql`update races set official_name = 'Renamed behind the cache' where id = ${ABU_DHABI_2023}`,
    );
    const second = await guest().get<RaceDetail>(`/api/f1/races/${ABU_DHABI_2023}/`);
    expect(second.body).toEqual(first.body);
    await announce();
    const third = await guest().get<RaceDetail>(`/api/f1/races/${ABU_DHABI_2023}/`);
    expect(third.body.official_name).toBe('Renamed behind the cache');
  });

  it('shows a new, changed or deleted review in the race and the lists on the very next request', async () => {
    const race = `/api/f1/races/${ABU_DHABI_2023}/`;
    const lists = async () => {
      const [season, stats, results] = await Promise.all([
        guest().get<{ results: Race[] }>('/api/f1/races/?season=2023'),
        guest().get<SeasonStats>('/api/f1/season_stats/?season=2023'),
        guest().get<SeasonRaceResult[]>('/api/f1/race_results/?season=2023'),
      ]);
      return {
        list: season.body.results.find((r) => r.id === ABU_DHABI_2023)?.review_count,
        mostReviewed: stats.body.community.most_reviewed.map((e) => [e.race.id, e.review_count]),
        results: results.body.find((r) => r.race.id === ABU_DHABI_2023)?.race.review_count,
      };
    };
    // Cached before the reviews.
    expect((await guest().get<RaceDetail>(race)).body).toMatchObject({ review_count: 0, average_rating: null });
    expect(await lists()).toEqual({ list: 0, mostReviewed: [], results: 0 });

    const review = await as(fans[0]!).post<Review>('/api/core/reviews/', { race_id: ABU_DHABI_2023, rating: 4 });
    expect(review.status).toBe(201);
    expect((await guest().get<RaceDetail>(race)).body).toMatchObject({ review_count: 1, average_rating: 4 });
    expect(await lists()).toEqual({ list: 1, mostReviewed: [[ABU_DHABI_2023, 1]], results: 1 });

    expect((await as(fans[0]!).patch(`/api/core/reviews/${review.body.id}/`, { rating: 2 })).status).toBe(200);
    expect((await guest().get<RaceDetail>(race)).body).toMatchObject({ review_count: 1, average_rating: 2 });

    expect((await as(fans[0]!).delete(`/api/core/reviews/${review.body.id}/`)).status).toBe(204);
    expect((await guest().get<RaceDetail>(race)).body).toMatchObject({ review_count: 0, average_rating: null });
    expect(await lists()).toEqual({ list: 0, mostReviewed: [], results: 0 });
  });

  it('gives each viewer their own is_watched and user_review_id over the shared answer, and guests neither', async () => {
    const race = `/api/f1/races/${AUSTRIA_2023}/`;
    const [fan, other] = [fans[1]!, fans[2]!];
    expect((await guest().get<RaceDetail>(race)).body).toMatchObject({ is_watched: false, user_review_id: null });
    const review = await as(fan).post<Review>('/api/core/reviews/', { race_id: AUSTRIA_2023, rating: 5 });
    expect(review.status).toBe(201);
    const mine = await as(fan).get<RaceDetail>(race);
    expect(mine.body).toMatchObject({ is_watched: true, user_review_id: review.body.id, review_count: 1 });
    for (const viewer of [null, other]) {
      expect((await as(viewer).get<RaceDetail>(race)).body).toMatchObject({
        is_watched: false,
        user_review_id: null,
        review_count: 1,
      });
    }
    expect((await as(fan).get<RaceDetail>(race)).body).toEqual(mine.body);
  });

  it("drops the figures of an account's reviews from the cached race and lists when it turns private", async () => {
    const race = `/api/f1/races/${ABU_DHABI_2023}/`;
    const fan = await createUser(t.database.db);
    expect((await as(fan).post('/api/core/reviews/', { race_id: ABU_DHABI_2023, rating: 3 })).status).toBe(201);
    const season = async () =>
      (await guest().get<{ results: Race[] }>('/api/f1/races/?season=2023')).body.results.find(
        (r) => r.id === ABU_DHABI_2023,
      )?.review_count;
    expect((await guest().get<RaceDetail>(race)).body.review_count).toBe(1);
    expect(await season()).toBe(1);
    expect((await as(fan).patch('/api/social/users/me/', { is_private: true })).status).toBe(200);
    expect((await guest().get<RaceDetail>(race)).body.review_count).toBe(0);
    expect(await season()).toBe(0);
  });

  it('shows an import on the next request once it is announced', async () => {
    const driver = '/api/f1/drivers/max-verstappen/';
    const search = async (q: string) => (await guest().get<SearchResult>(`/api/core/search/?q=${q}`)).body.drivers;
    const before = await guest().get<{ full_name: string }>(driver);
    expect(before.status).toBe(200);
    // The search's catalogue is built now, from the data before the import.
    expect((await search('verstappen')).map((d) => d.full_name)).toEqual(['Max Verstappen']);
    await importF1Data(t.database.db, {
      drivers: f1db.drivers.map((d) => (d.id === 'max-verstappen' ? { ...d, name: 'Max Imported' } : d)),
    });
    await announce();
    expect((await guest().get<{ full_name: string }>(driver)).body.full_name).toBe('Max Imported');
    expect(await search('max%20imported')).toEqual([
      expect.objectContaining({ id: 'max-verstappen', full_name: 'Max Imported' }),
    ]);
  });

  it('shows a sync on the next request once it is announced', async () => {
    const results = `/api/f1/races/${AUSTRIA_2023}/results/`;
    expect((await guest().get<RaceResults>(results)).body.classification).toEqual([]);
    expect((await guest().get<RaceDetail>(`/api/f1/races/${AUSTRIA_2023}/`)).body.has_results).toBe(false);
    const replay = replayJolpica();
    const report = await syncSeason(t.database.db, 2023, { fetch: replay.fetch, clock: fakeClock(JANUARY_2024) });
    expect(report.written.map((w) => w.raceId)).toEqual([AUSTRIA_2023]);
    await announce();
    const after = (await guest().get<RaceResults>(results)).body;
    expect(after.classification[0]).toMatchObject({ position: '1', driver: { id: 'max-verstappen' } });
    expect((await guest().get<RaceDetail>(`/api/f1/races/${AUSTRIA_2023}/`)).body.has_results).toBe(true);
  });
});

describe('HTTP validation of the shared answers', () => {
  const race = `/api/f1/races/${ABU_DHABI_2023}/`;
  const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: race, headers });

  it('lets a browser keep a guest answer and ask again cheaply: 304 while it is current, 200 once a review changes it', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(String(first.headers.vary)).toMatch(/authorization/i);

    const again = await get({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Weak comparison, and a list of validators.
    expect((await get({ 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304);
    expect((await get({ 'if-none-match': '"other"' })).statusCode).toBe(200);

    const review = await as(fans[2]!).post<Review>('/api/core/reviews/', { race_id: ABU_DHABI_2023, rating: 3 });
    expect(review.status).toBe(201);
    const changed = await get({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<RaceDetail>().review_count).toBe(1);
  });

  it('marks an answer made for one signed-in viewer private, with no shared validator', async () => {
    const { authorization } = await signedIn(t, fans[2]!);
    const mine = await get({ authorization });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.headers.etag).toBeUndefined();
    expect(mine.json<RaceDetail>().user_review_id).not.toBeNull();
  });

  it('sends a large answer compressed as the client asks, and the same JSON plain to one that asks for none', async () => {
    const url = `/api/f1/races/${ABU_DHABI_2023}/results/`;
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': `${encoding}, identity` } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(decode(res.rawPayload).toString()).toBe(plain.body);
      }
    }
    const none = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
    });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
  });
});
