import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVISIBLE_CHARACTERS, type Watchlist } from '@paddock/contract';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { caller } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let as: ReturnType<typeof caller>;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  as = caller(t);
  owner = await createUser(t.database.db);
});
afterAll(() => t.close());

const BASE = '/api/social/watchlists/';
type Errors = Record<string, string[]>;

/** One character of every class a watchlist name refuses. */
const REFUSED: [string, string][] = [
  ['a right-to-left override', '\u202E'],
  ['a left-to-right embedding', '\u202A'],
  ['a left-to-right isolate', '\u2066'],
  ['a pop directional isolate', '\u2069'],
  ['a zero-width space', '\u200B'],
  ['a zero-width joiner', '\u200D'],
  ['a word joiner', '\u2060'],
  ['a byte order mark', '\uFEFF'],
  ['an Arabic letter mark', '\u061C'],
  ['a control character', '\u0008'],
];

describe('watchlist names', () => {
  it.each(REFUSED)('refuse %s when a list is created or renamed', async (_, char) => {
    const created = await as(owner).post<Errors>(BASE, { name: `Rain${char} masters` });
    expect(created).toEqual({ status: 400, body: { name: [INVISIBLE_CHARACTERS] } });

    const list = (await as(owner).post<Watchlist>(BASE, { name: 'Rain masters' })).body;
    const renamed = await as(owner).patch<Errors>(`${BASE}${list.id}/`, { name: `${char}Rain masters` });
    expect(renamed).toEqual({ status: 400, body: { name: [INVISIBLE_CHARACTERS] } });
    expect((await as(owner).get<Watchlist>(`${BASE}${list.id}/`)).body.name).toBe('Rain masters');
  });

  it('are stored trimmed, with every run of whitespace as one space', async () => {
    const created = await as(owner).post<Watchlist>(BASE, { name: '  Classic \t title\n\ndeciders  ' });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe('Classic title deciders');
    const renamed = await as(owner).patch<Watchlist>(`${BASE}${created.body.id}/`, {
      name: ' Rewatch\u00A0\u00A0 this ',
    });
    expect(renamed.body.name).toBe('Rewatch this');
    expect((await as(owner).get<Watchlist>(`${BASE}${created.body.id}/`)).body.name).toBe('Rewatch this');
  });

  it('count their limit on the normalized name, and a name of whitespace only is empty', async () => {
    const spaced = `${'a'.repeat(50)}${' '.repeat(30)}${'b'.repeat(49)}`;
    expect((await as(owner).post<Watchlist>(BASE, { name: spaced })).body.name).toHaveLength(100);
    expect(await as(owner).post(BASE, { name: `${'a'.repeat(50)} ${'b'.repeat(50)}` })).toEqual({
      status: 400,
      body: { name: ['Ensure this field has no more than 100 characters.'] },
    });
    expect(await as(owner).post(BASE, { name: ' \n\t\u00A0 ' })).toEqual({
      status: 400,
      body: { name: ['Name cannot be empty'] },
    });
  });

  it('keep a description as written: it is a body, shown isolated', async () => {
    const res = await as(owner).post<Watchlist>(BASE, { name: 'Mixed', description: 'Races \u202Eright to left' });
    expect(res.status).toBe(201);
    expect(res.body.description).toBe('Races \u202Eright to left');
  });
});
