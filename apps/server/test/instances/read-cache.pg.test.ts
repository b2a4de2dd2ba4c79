import type { RaceDetail, Review, SearchResult } from '@paddock/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { announceF1DataChanged } from '../../src/f1data/cli-common.ts';
import { readF1db } from '../../src/f1data/f1db-reader.ts';
import { importF1Data } from '../../src/f1data/importer.ts';
import type { F1Data } from '../../src/f1data/types.ts';
import { F1DB_FIXTURE } from '../support/f1data.ts';
import { createUser } from '../support/factories/users.ts';
import { startCluster, type Cluster } from './cluster.ts';

/*
 * Each instance keeps its own read cache (decision 016); a write on one instance, or an import run by
 * a command-line tool, reaches the others' caches through Redis pub/sub. The message is a doorbell:
 * it arrives within milliseconds of the write's answer, so the other instance is polled briefly.
 */

const ABU_DHABI_2023 = 1101;

let cluster: Cluster;
let a: string;
let b: string;
let f1db: F1Data;
beforeAll(async () => {
  cluster = await startCluster(2);
  [a, b] = cluster.instances.map((i) => i.url) as [string, string];
  f1db = readF1db(F1DB_FIXTURE);
  await importF1Data(cluster.instances[0]!.database.db, f1db);
});
afterAll(() => cluster.close());

const get = async <T>(base: string, path: string) => (await (await fetch(`${base}${path}`)).json()) as T;
/**
 * Until the other instance has heard the doorbell: milliseconds here, but a CI machine running the other
 * test files beside this one has taken over a second, so at most five.
 */
const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 5 });

describe('the read cache on several instances', () => {
  it("drops a race's cached answer on every instance when a review is posted on one", async () => {
    const race = `/api/f1/races/${ABU_DHABI_2023}/`;
    for (const base of [a, b]) {
      expect(await get<RaceDetail>(base, race)).toMatchObject({ review_count: 0 });
    }
    const fan = await createUser(cluster.instances[0]!.database.db);
    const { token } = await cluster.instances[0]!.app.tokens.sign(fan.id, 'access');
    const posted = await fetch(`${a}/api/core/reviews/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ race_id: ABU_DHABI_2023, rating: 5 }),
    });
    expect(posted.status).toBe(201);
    // On the instance that wrote: at once.
    expect(await get<RaceDetail>(a, race)).toMatchObject({ review_count: 1, average_rating: 5 });
    await soon(async () => {
      expect(await get<RaceDetail>(b, race)).toMatchObject({ review_count: 1, average_rating: 5 });
    });
  });

  it('drops every cached F1 answer on every instance when an import is announced', async () => {
    const driver = '/api/f1/drivers/lewis-hamilton/';
    const searched = (base: string) => get<SearchResult>(base, '/api/core/search/?q=lewis');
    for (const base of [a, b]) {
      expect(await get<{ full_name: string }>(base, driver)).toMatchObject({ full_name: 'Lewis Hamilton' });
      expect((await searched(base)).drivers[0]).toMatchObject({ id: 'lewis-hamilton', full_name: 'Lewis Hamilton' });
    }
    // What `npm run f1:import` does, from this process: write, commit, then announce through Redis.
    await importF1Data(cluster.instances[0]!.database.db, {
      drivers: f1db.drivers.map((d) => (d.id === 'lewis-hamilton' ? { ...d, name: 'Lewis Imported' } : d)),
    });
    await announceF1DataChanged(cluster.instances[0]!.database);
    await soon(async () => {
      for (const base of [a, b]) {
        expect(await get<{ full_name: string }>(base, driver)).toMatchObject({ full_name: 'Lewis Imported' });
        expect((await searched(base)).drivers[0]).toMatchObject({ id: 'lewis-hamilton', full_name: 'Lewis Imported' });
      }
    });
  });

  it('shows an account created on one instance in the next search on every instance', async () => {
    const users = async (base: string) =>
      (await get<SearchResult>(base, '/api/core/search/?q=tifosi')).users.map((u) => u.username);
    for (const base of [a, b]) expect(await users(base)).toEqual([]);
    const created = await fetch(`${a}/api/auth/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'tifosi_club', email: 'tifosi@example.com', password: 'forza ferrari sempre' }),
    });
    expect(created.status).toBe(201);
    expect(await users(a)).toEqual(['tifosi_club']);
    await soon(async () => expect(await users(b)).toEqual(['tifosi_club']));
  });

  it("shows a like, a comment and an edit made on one instance in the next reads of a review's card on every instance, to guests and readers", async () => {
    const db = cluster.instances[0]!.database.db;
    const [author, fan, reader] = [await createUser(db), await createUser(db), await createUser(db)];
    const tokenOf = async (id: number) => (await cluster.instances[0]!.app.tokens.sign(id, 'access')).token;
    const send = async (user: number, method: string, path: string, body: object) =>
      fetch(`${a}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf(user)}` },
        body: JSON.stringify(body),
      });
    const posted = await send(author.id, 'POST', '/api/core/reviews/', { race_id: ABU_DHABI_2023, rating: 3 });
    expect(posted.status).toBe(201);
    const { id } = (await posted.json()) as Review;
    // As a guest sees it (a kept answer), or as a signed-in reader does (their page and answer kept).
    const card = async (base: string, viewer?: number) => {
      const headers = viewer === undefined ? undefined : { authorization: `Bearer ${await tokenOf(viewer)}` };
      const res = await fetch(`${base}/api/core/reviews/?race_id=${ABU_DHABI_2023}`, { headers });
      return ((await res.json()) as { results: Review[] }).results.find((r) => r.id === id);
    };
    // Kept on both instances now.
    for (const base of [a, b]) {
      for (const viewer of [undefined, reader.id]) {
        expect(await card(base, viewer)).toMatchObject({ like_count: 0, comment_count: 0, rating: 3 });
        expect(await card(base, viewer)).toMatchObject({ like_count: 0, comment_count: 0, rating: 3 });
      }
    }

    expect((await send(fan.id, 'POST', '/api/core/review-likes/toggle/', { review_id: id })).status).toBe(200);
    expect((await send(fan.id, 'POST', '/api/social/comments/', { race_review_id: id, comment: 'Yes!' })).status).toBe(
      201,
    );
    expect((await send(author.id, 'PATCH', `/api/core/reviews/${id}/`, { rating: 5 })).status).toBe(200);
    const changed = { like_count: 1, comment_count: 1, rating: 5 };
    expect(await card(a)).toMatchObject(changed);
    expect(await card(a, reader.id)).toMatchObject(changed);
    await soon(async () => expect(await card(b)).toMatchObject(changed));
    await soon(async () => expect(await card(b, reader.id)).toMatchObject(changed));

    // The reader's own like, on one instance, shows on their page on the other.
    expect((await send(reader.id, 'POST', '/api/core/review-likes/toggle/', { review_id: id })).status).toBe(200);
    expect(await card(a, reader.id)).toMatchObject({ like_count: 2, is_liked_by_user: true });
    await soon(async () => expect(await card(b, reader.id)).toMatchObject({ like_count: 2, is_liked_by_user: true }));
  });
});
