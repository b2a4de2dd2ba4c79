import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  WATCHLIST_RACES_MAX,
  WATCHLISTS_PER_USER,
  watchlistPageSchema,
  watchlistSchema,
  type Watchlist,
  type WatchlistPage,
} from '@paddock/contract';
import { races, watchlistRaces, watchlists } from '../../src/db/schema/index.ts';
import { createRace, type Race } from '../support/factories/f1.ts';
import { createUser, signedIn, type TestUser } from '../support/factories/users.ts';
import { appForTests, pastRace } from '../support/social.ts';

const { t, as } = appForTests();

const BASE = '/api/social/watchlists/';
type Errors = Record<string, string[] | string>;

/** A list created through the API by `owner` (201 asserted). */
async function createList(owner: TestUser, body: { name?: string; description?: string; is_public?: boolean } = {}) {
  const res = await as(owner).post<Watchlist>(BASE, { name: 'Races to rewatch', ...body });
  expect(res.status).toBe(201);
  return res.body;
}

async function addRace(owner: TestUser | null, listId: number, raceId: number) {
  return as(owner).post<Watchlist & Errors>(`${BASE}${listId}/races/`, { race_id: raceId });
}

/** PUT is not among the social helpers' methods. */
async function reorder(user: TestUser | null, listId: number, raceIds: unknown) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `${BASE}${listId}/races/order/`,
    headers: user ? await signedIn(t, user) : {},
    payload: { race_ids: raceIds },
  });
  return { status: res.statusCode, body: res.json<Watchlist & Errors>() };
}

const raceIdsOf = (list: Watchlist) => list.races.map((entry) => entry.race.id);

async function racesFor(count: number): Promise<Race[]> {
  const out: Race[] = [];
  for (let i = 0; i < count; i += 1) out.push(await pastRace(t.database.db, 10 + i));
  return out;
}

describe('creating and listing watchlists', () => {
  it('creates an empty private list for the signed-in user, with a share token of 128 random bits', async () => {
    const owner = await createUser(t.database.db);
    const res = await as(owner).post<Watchlist>(BASE, { name: '  Classic title deciders  ', description: 'Must see' });
    expect(res.status).toBe(201);
    expect(watchlistSchema.parse(res.body)).toMatchObject({
      name: 'Classic title deciders',
      description: 'Must see',
      is_public: false,
      race_count: 0,
      races: [],
      is_owner: true,
      user: { id: owner.id, username: owner.username },
    });
    const token = res.body.share_token!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
  });

  it('gives every list a different share token', async () => {
    const owner = await createUser(t.database.db);
    const tokens = new Set<string>();
    for (let i = 0; i < 32; i += 1) tokens.add((await createList(owner, { name: `List ${i}` })).share_token!);
    expect(tokens.size).toBe(32);
    // 32 tokens of 128 random bits: every bit position takes both values somewhere.
    const bits = [...tokens].map((tok) =>
      [...Buffer.from(tok, 'base64url')].map((b) => b.toString(2).padStart(8, '0')).join(''),
    );
    for (let i = 0; i < 128; i += 1) {
      expect(new Set(bits.map((b) => b[i])).size, `bit ${i}`).toBe(2);
    }
  });

  it('refuses an empty or too long name and a guest', async () => {
    const owner = await createUser(t.database.db);
    expect(await as(owner).post(BASE, { name: '   ' })).toEqual({
      status: 400,
      body: { name: ['Name cannot be empty'] },
    });
    expect((await as(owner).post<Errors>(BASE, { name: 'x'.repeat(101) })).body).toHaveProperty('name');
    expect((await as(owner).post<Errors>(BASE, { description: 'no name' })).status).toBe(400);
    expect((await as(owner).post<Errors>(BASE, { name: 'ok', description: 'x'.repeat(501) })).body).toHaveProperty(
      'description',
    );
    expect(await as(null).post(BASE, { name: 'Guest list' })).toEqual({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.' },
    });
  });

  it("lists only the signed-in user's lists, newest first, a page at a time", async () => {
    const [owner, other] = [await createUser(t.database.db), await createUser(t.database.db)];
    const names = ['First', 'Second', 'Third'];
    for (const name of names) await createList(owner, { name });
    await createList(other, { name: 'Not mine', is_public: true });

    const first = await as(owner).get<WatchlistPage>(`${BASE}?page_size=2`);
    expect(first.status).toBe(200);
    expect(watchlistPageSchema.parse(first.body).results.map((l) => l.name)).toEqual(['Third', 'Second']);
    expect(first.body.results.every((l) => l.share_token !== null)).toBe(true);
    const second = await as(owner).get<WatchlistPage>(`${BASE}?page_size=2&cursor=${first.body.next_cursor}`);
    expect(second.body.results.map((l) => l.name)).toEqual(['First']);
    expect(second.body.next_cursor).toBeNull();

    expect((await as(null).get(BASE)).status).toBe(401);
    expect((await as(owner).get(`${BASE}?cursor=nonsense`)).status).toBe(400);
  });

  it(`allows ${WATCHLISTS_PER_USER} lists per user, and not one more`, async () => {
    const owner = await createUser(t.database.db);
    for (let i = 0; i < WATCHLISTS_PER_USER; i += 1) await createList(owner, { name: `List ${i}` });
    expect(await as(owner).post(BASE, { name: 'One too many' })).toEqual({
      status: 400,
      body: { non_field_errors: [`You can have at most ${WATCHLISTS_PER_USER} watchlists.`] },
    });
    // Another user still has all of theirs.
    await createList(await createUser(t.database.db));
  }, 60_000);

  it('answers the same path without its trailing slash', async () => {
    const owner = await createUser(t.database.db);
    const list = await createList(owner, { is_public: true });
    expect((await as(null).get(`${BASE}${list.id}`)).status).toBe(200);
  });
});

describe('who may see a watchlist', () => {
  it('shows a public list to anyone, guests too, without its share token', async () => {
    const [owner, other] = [await createUser(t.database.db), await createUser(t.database.db)];
    const list = await createList(owner, { is_public: true });
    for (const viewer of [other, null]) {
      const res = await as(viewer).get<Watchlist>(`${BASE}${list.id}/`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: list.id, share_token: null, is_owner: false, user: { id: owner.id } });
    }
    const own = await as(owner).get<Watchlist>(`${BASE}${list.id}/`);
    expect(own.body).toMatchObject({ share_token: list.share_token, is_owner: true });
  });

  it('hides a private list from everyone but its owner, as if it did not exist', async () => {
    const [owner, other] = [await createUser(t.database.db), await createUser(t.database.db)];
    const list = await createList(owner);
    for (const viewer of [other, null]) {
      expect(await as(viewer).get(`${BASE}${list.id}/`)).toEqual({ status: 404, body: { detail: 'Not found.' } });
    }
    expect((await as(owner).get(`${BASE}${list.id}/`)).status).toBe(200);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const owner = await createUser(t.database.db);
    for (const id of ['999999', 'abc', '0', '-1', '99999999999', '1.5']) {
      expect(await as(owner).get(`${BASE}${id}/`), id).toEqual({ status: 404, body: { detail: 'Not found.' } });
    }
  });

  it('opens a public list by its share link for a guest, and a private one for its owner only', async () => {
    const [owner, other] = [await createUser(t.database.db), await createUser(t.database.db)];
    const race = await pastRace(t.database.db);
    const shared = await createList(owner, { name: 'Shared', is_public: true });
    await addRace(owner, shared.id, race.id);
    const guest = await as(null).get<Watchlist>(`${BASE}shared/${shared.share_token}/`);
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({ id: shared.id, name: 'Shared', share_token: null, is_owner: false });
    expect(raceIdsOf(guest.body)).toEqual([race.id]);

    const hidden = await createList(owner, { name: 'Hidden' });
    for (const viewer of [other, null]) {
      expect(await as(viewer).get(`${BASE}shared/${hidden.share_token}/`)).toEqual({
        status: 404,
        body: { detail: 'Not found.' },
      });
    }
    const mine = await as(owner).get<Watchlist>(`${BASE}shared/${hidden.share_token}/`);
    expect(mine).toMatchObject({ status: 200, body: { id: hidden.id, share_token: hidden.share_token } });
  });

  it('answers 404 for a token no list has, or one of the wrong form', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', 'x'.repeat(70), '%27%20or%201%3D1', '12']) {
      expect(await as(null).get(`${BASE}shared/${token}/`), token).toEqual({
        status: 404,
        body: { detail: 'Not found.' },
      });
    }
  });

  it('takes a list out of sight when it turns private', async () => {
    const [owner, other] = [await createUser(t.database.db), await createUser(t.database.db)];
    const list = await createList(owner, { is_public: true });
    expect((await as(other).get(`${BASE}shared/${list.share_token}/`)).status).toBe(200);
    expect((await as(owner).patch(`${BASE}${list.id}/`, { is_public: false })).status).toBe(200);
    expect((await as(other).get(`${BASE}shared/${list.share_token}/`)).status).toBe(404);
    expect((await as(other).get(`${BASE}${list.id}/`)).status).toBe(404);
  });
});

describe('editing and deleting a watchlist', () => {
  it("changes the owner's name, description and visibility, keeping the share token", async () => {
    const owner = await createUser(t.database.db);
    const list = await createList(owner, { name: 'Old', description: 'Before' });
    const res = await as(owner).patch<Watchlist>(`${BASE}${list.id}/`, {
      name: 'New name',
      description: '',
      is_public: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'New name',
      description: '',
      is_public: true,
      share_token: list.share_token,
    });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(list.updated_at));
    // A partial change keeps the rest.
    const renamed = await as(owner).patch<Watchlist>(`${BASE}${list.id}/`, { name: 'Newer' });
    expect(renamed.body).toMatchObject({ name: 'Newer', is_public: true });
    expect(await as(owner).patch(`${BASE}${list.id}/`, { name: '' })).toEqual({
      status: 400,
      body: { name: ['Name cannot be empty'] },
    });
  });

  it('lets nobody else edit or delete a list, even a public one, and a guest gets 401', async () => {
    const [owner, other] = [await createUser(t.database.db), await createUser(t.database.db)];
    const list = await createList(owner, { name: 'Mine', is_public: true });
    const notFound = { status: 404, body: { detail: 'Not found.' } };
    expect(await as(other).patch(`${BASE}${list.id}/`, { name: 'Stolen' })).toEqual(notFound);
    expect(await as(other).delete(`${BASE}${list.id}/`)).toEqual(notFound);
    expect((await as(null).patch(`${BASE}${list.id}/`, { name: 'Stolen' })).status).toBe(401);
    expect((await as(null).delete(`${BASE}${list.id}/`)).status).toBe(401);
    expect((await as(other).get<Watchlist>(`${BASE}${list.id}/`)).body.name).toBe('Mine');
  });

  it('deletes the list with its races; its link stops working', async () => {
    const owner = await createUser(t.database.db);
    const race = await pastRace(t.database.db);
    const list = await createList(owner, { is_public: true });
    await addRace(owner, list.id, race.id);
    expect(await as(owner).delete(`${BASE}${list.id}/`)).toEqual({ status: 204, body: null });
    expect((await as(owner).get(`${BASE}${list.id}/`)).status).toBe(404);
    expect((await as(null).get(`${BASE}shared/${list.share_token}/`)).status).toBe(404);
    expect((await as(owner).delete(`${BASE}${list.id}/`)).status).toBe(404);
    const left = await t.database.db.select().from(watchlistRaces).where(eq(watchlistRaces.watchlistId, list.id));
    expect(left).toEqual([]);
  });
});

describe("a watchlist's races", () => {
  it('appends races at the end with their race card, and counts them', async () => {
    const owner = await createUser(t.database.db);
    const [a, b, c] = await racesFor(3);
    const list = await createList(owner);
    const first = await addRace(owner, list.id, b!.id);
    expect(first.status).toBe(201);
    expect(first.body.races[0]).toMatchObject({
      position: 1,
      race: { id: b!.id, season: { year: b!.year }, round_number: b!.round, date: b!.startsAt.toISOString() },
    });
    expect(typeof first.body.races[0]!.race.name).toBe('string');
    expect(typeof first.body.races[0]!.race.circuit_name).toBe('string');
    await addRace(owner, list.id, a!.id);
    const third = await addRace(owner, list.id, c!.id);
    expect(raceIdsOf(third.body)).toEqual([b!.id, a!.id, c!.id]);
    expect(third.body.races.map((e) => e.position)).toEqual([1, 2, 3]);
    expect(third.body.race_count).toBe(3);
    const [summary] = (await as(owner).get<WatchlistPage>(BASE)).body.results;
    expect(summary).toMatchObject({ id: list.id, race_count: 3 });
  });

  it('answers 200 with the list unchanged when the race is already in it', async () => {
    const owner = await createUser(t.database.db);
    const [a, b] = await racesFor(2);
    const list = await createList(owner);
    await addRace(owner, list.id, a!.id);
    await addRace(owner, list.id, b!.id);
    const again = await addRace(owner, list.id, a!.id);
    expect(again.status).toBe(200);
    expect(raceIdsOf(again.body)).toEqual([a!.id, b!.id]);
    expect(again.body.race_count).toBe(2);
  });

  it('takes upcoming races too, and refuses an unknown race or a bad body', async () => {
    const owner = await createUser(t.database.db);
    const upcoming = await createRace(t.database.db);
    const list = await createList(owner);
    expect((await addRace(owner, list.id, upcoming.id)).status).toBe(201);
    expect(await addRace(owner, list.id, 987_654)).toEqual({ status: 404, body: { detail: 'Not found.' } });
    const bad = await as(owner).post<Errors>(`${BASE}${list.id}/races/`, { race_id: 'monza' });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('race_id');
  });

  it("refuses changes to another user's list, and a guest", async () => {
    const [owner, other] = [await createUser(t.database.db), await createUser(t.database.db)];
    const [race] = await racesFor(1);
    const list = await createList(owner, { is_public: true });
    await addRace(owner, list.id, race!.id);
    expect(await addRace(other, list.id, race!.id)).toEqual({ status: 404, body: { detail: 'Not found.' } });
    expect((await addRace(null, list.id, race!.id)).status).toBe(401);
    expect((await as(other).delete(`${BASE}${list.id}/races/${race!.id}/`)).status).toBe(404);
    expect((await reorder(other, list.id, [race!.id])).status).toBe(404);
    expect((await reorder(null, list.id, [race!.id])).status).toBe(401);
    expect((await as(owner).get<Watchlist>(`${BASE}${list.id}/`)).body.race_count).toBe(1);
  });

  it('removes a race, keeping the order of the others and the count', async () => {
    const owner = await createUser(t.database.db);
    const [a, b, c] = await racesFor(3);
    const list = await createList(owner);
    for (const race of [a!, b!, c!]) await addRace(owner, list.id, race.id);
    expect(await as(owner).delete(`${BASE}${list.id}/races/${b!.id}/`)).toEqual({ status: 204, body: null });
    const after = (await as(owner).get<Watchlist>(`${BASE}${list.id}/`)).body;
    expect(raceIdsOf(after)).toEqual([a!.id, c!.id]);
    expect(after.races.map((e) => e.position)).toEqual([1, 2]);
    expect(after.race_count).toBe(2);
    expect((await as(owner).delete(`${BASE}${list.id}/races/${b!.id}/`)).status).toBe(404);
    expect((await as(owner).delete(`${BASE}${list.id}/races/abc/`)).status).toBe(404);
    // A race added later still goes last.
    expect(raceIdsOf((await addRace(owner, list.id, b!.id)).body)).toEqual([a!.id, c!.id, b!.id]);
  });

  it('reorders the races when given exactly the races of the list', async () => {
    const owner = await createUser(t.database.db);
    const [a, b, c] = await racesFor(3);
    const list = await createList(owner, { is_public: true });
    for (const race of [a!, b!, c!]) await addRace(owner, list.id, race.id);
    const res = await reorder(owner, list.id, [c!.id, a!.id, b!.id]);
    expect(res.status).toBe(200);
    expect(raceIdsOf(res.body)).toEqual([c!.id, a!.id, b!.id]);
    // Everyone sees the new order.
    expect(raceIdsOf((await as(null).get<Watchlist>(`${BASE}shared/${list.share_token}/`)).body)).toEqual([
      c!.id,
      a!.id,
      b!.id,
    ]);
  });

  it('refuses an order that leaves out, repeats or adds a race', async () => {
    const owner = await createUser(t.database.db);
    const [a, b, stranger] = await racesFor(3);
    const list = await createList(owner);
    for (const race of [a!, b!]) await addRace(owner, list.id, race.id);
    const mismatch = { status: 400, body: { race_ids: ["List each of the watchlist's races exactly once."] } };
    expect(await reorder(owner, list.id, [a!.id])).toEqual(mismatch);
    expect(await reorder(owner, list.id, [a!.id, a!.id])).toEqual(mismatch);
    expect(await reorder(owner, list.id, [a!.id, b!.id, b!.id])).toEqual(mismatch);
    expect(await reorder(owner, list.id, [b!.id, stranger!.id])).toEqual(mismatch);
    expect(await reorder(owner, list.id, [a!.id, b!.id, stranger!.id])).toEqual(mismatch);
    const wrongType = await reorder(owner, list.id, 'b,a');
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toHaveProperty('race_ids');
    expect(raceIdsOf((await as(owner).get<Watchlist>(`${BASE}${list.id}/`)).body)).toEqual([a!.id, b!.id]);
  });

  it('keeps the count right when races arrive at once', async () => {
    const owner = await createUser(t.database.db);
    const picks = await racesFor(6);
    const list = await createList(owner);
    const answers = await Promise.all([...picks, picks[0]!].map((race) => addRace(owner, list.id, race.id)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(6);
    const after = (await as(owner).get<Watchlist>(`${BASE}${list.id}/`)).body;
    expect(after.race_count).toBe(6);
    expect(after.races.map((e) => e.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(raceIdsOf(after))).toEqual(new Set(picks.map((r) => r.id)));
  });

  it(`holds at most ${WATCHLIST_RACES_MAX} races`, async () => {
    const owner = await createUser(t.database.db);
    const list = await createList(owner);
    // A season of many rounds, written at once, and a list that already holds all but one of them.
    const base = await pastRace(t.database.db);
    const rows = Array.from({ length: WATCHLIST_RACES_MAX + 1 }, (_, i) => ({
      ...base,
      id: 800_000 + i,
      round: 1_000 + i,
    }));
    await t.database.db.insert(races).values(rows);
    const [last, extra] = [rows[WATCHLIST_RACES_MAX - 1]!, rows[WATCHLIST_RACES_MAX]!];
    await t.database.db
      .insert(watchlistRaces)
      .values(
        rows.slice(0, WATCHLIST_RACES_MAX - 1).map((r, i) => ({ watchlistId: list.id, raceId: r.id, position: i + 1 })),
      );
    await t.database.db
      .update(watchlists)
      .set({ raceCount: WATCHLIST_RACES_MAX - 1 })
      .where(eq(watchlists.id, list.id));

    expect((await addRace(owner, list.id, last.id)).status).toBe(201);
    expect(await addRace(owner, list.id, extra.id)).toEqual({
      status: 400,
      body: { non_field_errors: [`A watchlist holds at most ${WATCHLIST_RACES_MAX} races.`] },
    });
    // A race it holds is still answered as it is.
    const again = await addRace(owner, list.id, rows[0]!.id);
    expect(again.status).toBe(200);
    expect(again.body.race_count).toBe(WATCHLIST_RACES_MAX);
    expect(again.body.races).toHaveLength(WATCHLIST_RACES_MAX);
    expect(again.body.races.at(-1)!.race.id).toBe(last.id);
    // The whole list reordered at once: reversed.
    const reversed = raceIdsOf(again.body).reverse();
    const res = await reorder(owner, list.id, reversed);
    expect(res.status).toBe(200);
    expect(raceIdsOf(res.body)).toEqual(reversed);
  }, 60_000);
});
