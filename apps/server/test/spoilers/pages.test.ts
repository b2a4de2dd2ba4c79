import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RaceDetail, Review } from '@paddock/contract';
import { previewCard, previewSpoilersShown, SPOILER_FREE_LINE } from '../../src/lib/page-previews.ts';
import { caller } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { buildWebRenderer, type WebBuild } from '../support/web-build.ts';
import { buildWorld, OLD_RACE_WORDS, WINNER_WORDS, type World } from './world.ts';

/*
 * Pages rendered on the server and link previews under the spoiler shield (decision 033), through the real
 * renderer, built once for the file. PREVIEW_SPOILERS=off: link previews (a page's description and JSON-LD, the
 * preview images of a race and of its reviews) carry no results, ratings or review texts of a race within the
 * recent window, for everyone; the pages themselves still do. A shielded reader's race, review and season pages
 * are left to the browser, which renders them with the reader's own answers.
 */

let build: WebBuild;
let t: TestApp;
let world: World;
beforeAll(async () => {
  build = buildWebRenderer();
  t = await createTestApp({ WEB_DIST: build.dist, PREVIEW_SPOILERS: 'off' });
  world = await buildWorld(t, caller(t), 2093);
}, 120_000);
afterAll(async () => {
  await t?.close();
  build?.remove();
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const headOf = (html: string) => html.split('<div id="root">')[0]!;
const metaContent = (head: string, attribute: string) =>
  new RegExp(`<meta ${attribute}="([^"]*)"`).exec(head)?.[1] ?? null;
const guestAnswer = async <T>(url: string) => (await t.app.inject({ method: 'GET', url })).json<T>();

describe('the head of a race page', () => {
  it('leaves the recent race’s winner and rating out of its description and JSON-LD, not out of the page', async () => {
    const res = await page(`/race/${world.recent.id}`);
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    for (const attribute of ['name="description" content', 'property="og:description" content']) {
      const description = metaContent(head, attribute);
      expect(description, attribute).toContain('Rate and review it on Paddock.');
      expect(description).not.toContain('Won by');
      expect(description).not.toContain('Rated');
    }
    expect(head).not.toContain(world.winner.name);
    expect(head).not.toContain('aggregateRating');
    // The page itself is the race page a guest reads, results and all.
    expect(res.body.split('<div id="root">')[1]).toContain(world.winner.name);
  });

  it('keeps them for a race that finished more than 14 days ago', async () => {
    const head = headOf((await page(`/race/${world.old.id}`)).body);
    expect(metaContent(head, 'property="og:description" content')).toMatch(/Won by .+ Rated 5\.0 from 1 review/);
  });
});

describe('the head of a review page', () => {
  it('leaves the stars and words of a review of the recent race out of its description and JSON-LD', async () => {
    const head = headOf((await page(`/review/${world.recentReview.id}`)).body);
    const description = metaContent(head, 'property="og:description" content');
    expect(description).toMatch(/^A review of the .+ on Paddock\.$/);
    expect(head).not.toContain(WINNER_WORDS);
    expect(head).not.toContain('★');
    expect(head).not.toContain('reviewRating');
    const old = headOf((await page(`/review/${world.oldReview.id}`)).body);
    expect(metaContent(old, 'property="og:description" content')).toContain(OLD_RACE_WORDS);
  });
});

describe('preview images', () => {
  const fingerprint = (card: unknown) => `"${createHash('sha1').update(JSON.stringify(card)).digest('base64url')}"`;
  const spoilersShown = previewSpoilersShown('off');

  it('draws the recent race and a review of it without result, rating or words', async () => {
    const race = await guestAnswer<RaceDetail>(`/api/f1/races/${world.recent.id}/`);
    const raceCard = previewCard('race', race, spoilersShown);
    expect(raceCard).toEqual({
      kicker: `Formula 1 · Round ${race.round_number}`,
      title: `${race.name} ${race.season.year}`,
      lines: [expect.any(String), SPOILER_FREE_LINE],
    });
    const review = await guestAnswer<Review>(`/api/core/reviews/shared/${world.recentReview.id}/`);
    const reviewCard = previewCard('review', review, spoilersShown);
    expect(reviewCard).not.toHaveProperty('stars');
    expect(reviewCard).not.toHaveProperty('quote');
    expect(JSON.stringify([raceCard, reviewCard])).not.toMatch(new RegExp(`${world.winner.name}|${WINNER_WORDS}`));
    // The images the site draws are these cards.
    const images = [
      [`/preview/race/${world.recent.id}.png`, raceCard],
      [`/preview/review/${world.recentReview.id}.png`, reviewCard],
    ] as const;
    for (const [url, card] of images) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers.etag).toBe(fingerprint(card));
    }
  });

  it('draws them in full for an older race, and for every race while PREVIEW_SPOILERS is on', async () => {
    const old = await guestAnswer<RaceDetail>(`/api/f1/races/${world.old.id}/`);
    expect(previewCard('race', old, spoilersShown)).toMatchObject({
      stars: 5,
      lines: [expect.any(String), expect.stringMatching(/^Winner: /), expect.any(String)],
    });
    const recent = await guestAnswer<RaceDetail>(`/api/f1/races/${world.recent.id}/`);
    expect(previewCard('race', recent, previewSpoilersShown('on')).lines[1]).toBe(
      `Winner: ${world.winner.name} (${recent.winner?.team.name})`,
    );
    const review = await guestAnswer<Review>(`/api/core/reviews/shared/${world.recentReview.id}/`);
    expect(previewCard('review', review, previewSpoilersShown('on'))).toMatchObject({ stars: 5, quote: WINNER_WORDS });
    const oldImage = await t.app.inject({ method: 'GET', url: `/preview/race/${world.old.id}.png` });
    expect(oldImage.headers.etag).toBe(fingerprint(previewCard('race', old, spoilersShown)));
  });
});

describe("a shielded reader's pages", () => {
  const open = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie } });

  it('are left to the browser while the hints say a session is stored and its shield is on', async () => {
    const pages = [`/race/${world.recent.id}`, `/review/${world.recentReview.id}`, '/season-overview?season=2093'];
    for (const url of pages) {
      const res = await open(url, 'signed_in=1; spoiler_shield=1');
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"><p>brand</p></div>');
      expect(res.body, url).not.toContain('id="query-state"');
      expect(res.body, url).not.toContain(world.winner.name);
      expect(res.body, url).not.toContain(WINNER_WORDS);
    }
  });

  it("are rendered as a guest's without both hints: the shield's hint is no credential", async () => {
    for (const cookie of ['spoiler_shield=1', 'signed_in=1', '']) {
      const res = await open(`/race/${world.recent.id}`, cookie);
      expect(res.body, cookie).toContain('id="query-state"');
      expect(res.body.split('<div id="root">')[1], cookie).toContain(world.winner.name);
    }
  });
});
