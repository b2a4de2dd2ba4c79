import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createWatchlistBodySchema, updateMeBodySchema, type Watchlist, type WatchlistPage } from '@paddock/contract';
import { users, watchlists } from '../../src/db/schema/index.ts';
import { seedDemoCommunity } from '../../src/demo/community.ts';
import { createRace } from '../support/factories/f1.ts';
import { appForTests } from '../support/social.ts';

const { t, as } = appForTests();

/** The races the demo lists name, as small stand-ins for the F1 history (season, grand prix). */
const RACES: [number, string][] = [
  [2021, 'Abu Dhabi'],
  [2008, 'Brazilian'],
  [2010, 'Abu Dhabi'],
  [2012, 'Brazilian'],
  [2016, 'Abu Dhabi'],
  [2011, 'Canadian'],
  [2008, 'British'],
  [2020, 'Turkish'],
  [2024, 'São Paulo'],
  [2019, 'German'],
  [2024, 'Italian'],
];

async function demoUser(username: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  return { id: row!.id, username, isPrivate: row!.isPrivate };
}

describe('the demo watchlists', () => {
  const ids = new Map<string, number>();
  beforeAll(async () => {
    for (const [season, name] of RACES) {
      const race = await createRace(t.database.db, {
        startsAt: new Date(Date.UTC(season, 6, 1, 13)),
        grandPrix: { name },
      });
      ids.set(`${season} ${name}`, race.id);
    }
    expect(await seedDemoCommunity({ db: t.database.db, events: t.app.events })).toBe(true);
  });

  it('gives a demo account a public list of real races, in order, that a guest can open', async () => {
    const marco = await demoUser('demo_marco');
    const [summary] = (await as(marco).get<WatchlistPage>('/api/social/watchlists/')).body.results;
    expect(summary).toMatchObject({ name: 'Classic title deciders', is_public: true, race_count: 5 });
    const guest = await as(null).get<Watchlist>(`/api/social/watchlists/shared/${summary!.share_token}/`);
    expect(guest.status).toBe(200);
    expect(guest.body.races.map((e) => e.race.id)).toEqual(
      ['2021 Abu Dhabi', '2008 Brazilian', '2010 Abu Dhabi', '2012 Brazilian', '2016 Abu Dhabi'].map((k) => ids.get(k)),
    );
  });

  it('keeps one demo list private to its owner', async () => {
    const lena = await demoUser('demo_lena');
    const [own] = (await as(lena).get<WatchlistPage>('/api/social/watchlists/')).body.results;
    expect(own).toMatchObject({ name: 'Rewatch this winter', is_public: false, race_count: 2 });
    expect((await as(null).get(`/api/social/watchlists/${own!.id}/`)).status).toBe(404);
    expect((await as(await demoUser('demo_marco')).get(`/api/social/watchlists/${own!.id}/`)).status).toBe(404);
  });

  it('finds a race whose name carries an accent', async () => {
    const aiko = await demoUser('demo_aiko');
    const [list] = (await as(aiko).get<WatchlistPage>('/api/social/watchlists/')).body.results;
    expect(list).toMatchObject({ name: 'Rain masters', is_public: true, race_count: 4 });
  });

  it('holds names, bios and list names that the forms accept exactly as they are stored', async () => {
    const demo = await t.database.db.select().from(users).where(eq(users.isDemo, true));
    expect(demo.length).toBeGreaterThan(0);
    for (const u of demo) {
      expect(updateMeBodySchema.parse({ name: u.name, bio: u.bio })).toEqual({ name: u.name, bio: u.bio });
    }
    const lists = await t.database.db.select().from(watchlists);
    expect(lists.length).toBeGreaterThan(0);
    for (const w of lists) {
      expect(createWatchlistBodySchema.parse({ name: w.name, description: w.description })).toMatchObject({
        name: w.name,
        description: w.description,
      });
    }
  });
});
