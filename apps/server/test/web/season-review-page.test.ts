import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicProfile, Review, SeasonReview } from '@paddock/contract';
import { previewCard } from '../../src/lib/page-previews.ts';
import { run } from '../../src/lib/sql.ts';
import { createDriver, createRace } from '../support/factories/f1.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { caller } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { buildWebRenderer, type WebBuild } from '../support/web-build.ts';

/*
 * A member's season in review (/profile/{username}/season/{year}, issue 25) rendered on the server through the
 * real renderer, and its link preview image: what a guest's HTML and head carry, what a private account's never
 * do, and the 404s.
 */

let build: WebBuild;
let t: TestApp;
let as: ReturnType<typeof caller>;
let ana: TestUser;
let hidden: TestUser;
let races: { id: number; name: string }[];
let liked: Review;
let driver: { id: string };

const YEAR = 2019;
const day = (month: number, d: number) => new Date(Date.UTC(YEAR, month, d, 13));

beforeAll(async () => {
  build = buildWebRenderer();
  t = await createTestApp({ WEB_DIST: build.dist });
  as = caller(t);
  const db = t.database.db;
  ana = await createUser(db, { username: 'ana.season', name: 'Ana Season' });
  hidden = await createUser(db, { username: 'quiet_season', name: 'Quiet Season' });
  const bo = await createUser(db);
  const made = [
    await createRace(db, { startsAt: day(2, 17), circuit: { name: 'Albert Park' }, grandPrix: { name: 'Outback' } }),
    await createRace(db, { startsAt: day(4, 26), circuit: { name: 'Monaco' }, grandPrix: { name: 'Riviera' } }),
    await createRace(db, {
      startsAt: day(6, 14),
      circuit: { name: 'Silverstone' },
      grandPrix: { name: 'Northamptonshire' },
    }),
  ];
  races = made.map((race, i) => ({
    id: race.id,
    name: `${YEAR} ${['Outback', 'Riviera', 'Northamptonshire'][i]} Grand Prix`,
  }));
  const review = async (who: TestUser, raceId: number, rating: number, text?: string) =>
    (await as(who).post<Review>('/api/core/reviews/', { race_id: raceId, rating, review_text: text ?? null })).body;
  await review(ana, races[0]!.id, 5);
  await review(ana, races[1]!.id, 2);
  liked = await review(ana, races[2]!.id, 4);
  await review(bo, races[0]!.id, 3);
  await as(bo).post('/api/core/review-likes/toggle/', { review_id: liked.id });
  await review(hidden, races[1]!.id, 1, 'Words only my approved followers may read');
  await as(hidden).patch('/api/social/users/me/', { is_private: true });
  const starred = await createDriver(db);
  driver = { id: starred.id };
  await run(
    db,
    sql`insert into starred_drivers (user_id, race_id, driver_id) values (${ana.id}, ${races[0]!.id}, ${starred.id})`,
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
  build?.remove();
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
// React separates neighbouring texts with empty comments: left out, a heading reads as one text.
const split = (html: string) => html.replaceAll('<!-- -->', '').split('<div id="root">') as [string, string];
const stateOf = (html: string) =>
  /<script type="application\/json" id="query-state"[^>]*>([^<]*)<\/script>/.exec(html)?.[1] ?? '';

describe("a member's season in review, rendered on the server", () => {
  it('shows a guest the headline, the figures beside the community’s, and links to the races, drivers and review', async () => {
    const res = await page(`/profile/${ana.username}/season/${YEAR}`);
    expect(res.statusCode).toBe(200);
    const [, body] = split(res.body);
    expect(body).toMatch(new RegExp(`<h1[^>]*><bdi>Ana Season</bdi>’s ${YEAR} season</h1>`));
    expect(body).toContain('Races watched');
    expect(body).toContain('Community average: 3.5');
    expect(body).toContain('3.7<span');
    expect(body).toContain(`href="/race/${races[0]!.id}"`);
    expect(body).toContain(races[0]!.name);
    expect(body).toContain(`href="/race/${races[1]!.id}"`);
    expect(body).toContain(`href="/review/${liked.id}"`);
    expect(body).toContain(`href="/driver/${driver.id}"`);
    expect(body).toContain('Albert Park');
    expect(body).toContain('Races watched and reviewed');
    expect(body).toContain(`href="/profile/${ana.username}/season/${YEAR - 1}"`);
  });

  it('names the page for link previews: title, description, canonical, Open Graph and its preview image', async () => {
    const [head] = split((await page(`/profile/${ana.username}/season/${YEAR}`)).body);
    const origin = t.app.config.PUBLIC_URL;
    expect(head).toContain(`<title>Ana Season’s ${YEAR} season · Paddock</title>`);
    expect(head).toContain(
      `<meta property="og:description" content="Ana Season’s ${YEAR} Formula 1 season on Paddock: 3 races watched, 3 reviews, an average rating of 3.7 (community 3.5)."/>`,
    );
    expect(head).toContain(`<link rel="canonical" href="${origin}/profile/${ana.username}/season/${YEAR}"/>`);
    expect(head).toContain(`<meta property="og:type" content="profile"/>`);
    expect(head).toContain(
      `<meta property="og:image" content="${origin}/preview/season/${ana.username}-${YEAR}.png"/>`,
    );
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  });

  it('says kindly that nothing was watched in a season without races, and shows a new review at once', async () => {
    const empty = await page(`/profile/${ana.username}/season/2018`);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('No races watched in 2018 yet');
    expect(empty.body).not.toContain('Races watched and reviewed');

    const late = await createRace(t.database.db, { startsAt: new Date(Date.UTC(2018, 9, 7, 6)) });
    await as(ana).post('/api/core/reviews/', { race_id: late.id, rating: 3 });
    const filled = await page(`/profile/${ana.username}/season/2018`);
    expect(filled.body).not.toContain('No races watched in 2018 yet');
    expect(filled.body).toContain(`href="/race/${late.id}"`);
  });

  it("keeps a private account's season out of a guest's HTML, and gives it no preview image", async () => {
    const res = await page(`/profile/${hidden.username}/season/${YEAR}`);
    expect(res.statusCode).toBe(200);
    const [head, body] = split(res.body);
    expect(body).toContain('This account is private');
    expect(body).toMatch(/<h1[^>]*><bdi>Quiet Season<\/bdi>’s 2019 season<\/h1>/);
    for (const text of [races[1]!.name, 'Words only my approved followers may read', 'Races watched']) {
      expect(res.body).not.toContain(text);
    }
    expect(stateOf(res.body)).not.toContain('races_watched');
    expect(head).not.toContain('og:image');
    expect(head).toContain('<meta name="twitter:card" content="summary"/>');
    expect(
      (await t.app.inject({ method: 'GET', url: `/preview/season/${hidden.username}-${YEAR}.png` })).statusCode,
    ).toBe(404);
  });

  it('answers a year that is not a season with a 404 page that says so, and an unknown member with a 404', async () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    for (const year of ['1949', String(nextYear + 1), 'soon']) {
      const res = await page(`/profile/${ana.username}/season/${year}`);
      expect(res.statusCode, year).toBe(404);
      expect(split(res.body)[1], year).toContain('Season not found');
      expect(res.body, year).not.toContain('og:image');
    }
    expect((await page(`/profile/${ana.username}/season/${nextYear}`)).statusCode).toBe(200);
    expect((await page(`/profile/nobody_here/season/${YEAR}`)).statusCode).toBe(404);
  });
});

describe("a season's link preview image", () => {
  it('draws a 1200×630 PNG of the member, the season and its headline figures, drawn anew when they change', async () => {
    const url = `/preview/season/${ana.username}-${YEAR}.png`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    const { width, height, format } = await sharp(first.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });

    const user = (await as(null).get<PublicProfile>(`/api/social/users/by_username/?username=${ana.username}`)).body;
    const review = (await as(null).get<SeasonReview>(`/api/social/users/${ana.id}/seasons/${YEAR}/review/`)).body;
    expect(previewCard('season', { user, review }, () => true)).toEqual({
      kicker: `Season in review · ${YEAR}`,
      title: `Ana Season’s ${YEAR} season`,
      stars: 3.67,
      lines: [
        `@${ana.username}`,
        '3 races watched · 3 reviews · 0 new followers',
        'Average rating 3.7 · community 3.5',
        'Favourite circuit: Albert Park',
      ],
    });

    const another = await createRace(t.database.db, { startsAt: day(8, 1) });
    await as(ana).post('/api/core/reviews/', { race_id: another.id, rating: 1 });
    const second = await t.app.inject({ method: 'GET', url });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });

  it('has none for an unknown member or a year that is not a season', async () => {
    for (const url of [
      `/preview/season/nobody_here-${YEAR}.png`,
      `/preview/season/${ana.username}-1949.png`,
      `/preview/season/${ana.username}.png`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
