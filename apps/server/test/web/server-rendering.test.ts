import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Review } from '@paddock/contract';
import { clock } from '../../src/lib/clock.ts';
import { createDriver, createRace, createTeam } from '../support/factories/f1.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { caller, pastRace } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { buildWebRenderer, type WebBuild } from '../support/web-build.ts';

/*
 * Public pages rendered on the server (decision 024), through the real renderer: the web app's
 * entry-server built by Vite into a temporary folder beside a minimal built page, as `npm run build`
 * lays them out. What a guest's HTML carries, what it must never carry, and the CSP nonce.
 */

let build: WebBuild;
let t: TestApp;
let as: ReturnType<typeof caller>;
let author: TestUser;
let hidden: TestUser;
let race: { id: number; name: string; year: number };
let upcomingName: string;
let review: Review;
let privateReview: Review;

beforeAll(async () => {
  build = buildWebRenderer();
  t = await createTestApp({ WEB_DIST: build.dist });
  as = caller(t);
  author = await createUser(t.database.db);
  hidden = await createUser(t.database.db);
  const ran = await pastRace(t.database.db);
  const detail = (await as(null).get<{ name: string; season: { year: number } }>(`/api/f1/races/${ran.id}/`)).body;
  race = { id: ran.id, name: detail.name, year: detail.season.year };
  review = (
    await as(author).post<Review>('/api/core/reviews/', {
      race_id: race.id,
      rating: 4,
      review_text: 'A late safety car </script><script>alert(1)</script> and <!-- a comment',
    })
  ).body;
  privateReview = (
    await as(hidden).post<Review>('/api/core/reviews/', {
      race_id: race.id,
      rating: 2,
      review_text: 'Words only my approved followers may read',
    })
  ).body;
  await as(hidden).patch('/api/social/users/me/', { is_private: true });
}, 120_000);

afterAll(async () => {
  await t?.close();
  build.remove();
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const stateOf = (html: string) =>
  /<script type="application\/json" id="query-state"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];

describe('a public page rendered on the server', () => {
  it("carries the race's name and its reviews in the HTML, and its own title in the head", async () => {
    const res = await page(`/race/${race.id}?tab=reviews`);
    expect(res.statusCode).toBe(200);
    const [head, body] = res.body.split('<div id="root">') as [string, string];
    expect(body).toContain(race.name);
    expect(body).toContain('A late safety car');
    // The flags are drawn in the HTML too, not left to the browser's app.
    expect(body).toMatch(/<img src="\/assets\/[\w-]+\.svg"[^>]* data-flag="[A-Z-]+"/);
    expect(head).not.toContain('<title>Paddock</title>');
    expect(head).toContain(`<title>${race.name} ${race.year} · Paddock</title>`);
    expect(body).not.toContain('<title>');
  });

  it('tells link previews and search engines what the page is: Open Graph, Twitter card, canonical, JSON-LD', async () => {
    const racePage = await page(`/race/${race.id}`);
    const head = racePage.body.split('</head>')[0]!;
    expect(head).toContain(`<meta property="og:title" content="${race.name} ${race.year}"/>`);
    expect(head).toMatch(/<meta property="og:description" content="Round \d+ of \d{4} at [^"]+"\/>/);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(head).toContain(`<link rel="canonical" href="${t.app.config.PUBLIC_URL}/race/${race.id}"/>`);
    const ld = /<script type="application\/ld\+json" nonce="[^"]+">([^<]*)<\/script>/.exec(head)?.[1];
    expect(JSON.parse(ld!)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SportsEvent',
      sport: 'Formula 1',
    });

    const shared = await page(`/review/${review.id}`);
    const reviewLd = /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(shared.body)?.[1];
    expect(JSON.parse(reviewLd!)).toMatchObject({ '@type': 'Review', reviewRating: { ratingValue: 4 } });
    expect(shared.body).toContain('<meta property="og:type" content="article"/>');
  });

  it('gives every inline script a nonce that changes per request, and allows only that nonce in the CSP', async () => {
    const first = await page(`/race/${race.id}`);
    const second = await page(`/race/${race.id}`);
    const nonces = [first, second].map((res) => {
      const policy = String(res.headers['content-security-policy']);
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce).toBeDefined();
      expect(policy).not.toContain("unsafe-inline';script-src");
      expect(policy).toMatch(/script-src 'self' 'nonce-[^']+';/);
      const inline = [...res.body.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((m) => m[1]);
      expect(inline.length).toBeGreaterThanOrEqual(2);
      for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
      // theme-init runs inline before the first paint, with the nonce: no request of its own.
      expect(res.body).toContain(`<script nonce="${nonce}">document.documentElement.dataset.themed = "1";</script>`);
      expect(res.body).not.toContain('theme-init-Ab12.js');
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("asks for the app's scripts only once the page has painted, the entry and its preloads together", async () => {
    const res = await page(`/race/${race.id}`);
    const head = res.body.split('</head>')[0]!;
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('rel="modulepreload"');
    const loader = /<script nonce="[^"]+">([^<]*requestAnimationFrame[^<]*)<\/script>/.exec(head)?.[1];
    expect(loader).toContain('requestAnimationFrame(');
    expect(loader).toContain('"/assets/index.js"');
    expect(loader).toContain('["/assets/react.js"]');
    // Taps made meanwhile are held for the app to replay once hydrated.
    expect(loader).toContain('window.__paddockEarly=');
    // A page the browser renders (the reader's own) loads its scripts as built.
    const own = await page('/profile');
    expect(own.body).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
  });

  it("escapes the page's data so a review's text cannot end its script element", async () => {
    const res = await page(`/review/${review.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    const state = stateOf(res.body);
    expect(state).toBeDefined();
    expect(state).not.toContain('<');
    expect(state).toContain('\\u003c/script>');
    // The text itself is shown, escaped as HTML.
    expect(res.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('tells how long ago a review was written by the site’s clock, which CLOCK_START moves', async () => {
    const writer = await createUser(t.database.db);
    const written = (
      await as(writer).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 3, review_text: 'Slow start' })
    ).body;
    const clockNow = vi.spyOn(clock, 'now').mockReturnValue(Date.parse(written.created_at) + 3 * 3_600_000);
    try {
      const res = await page(`/review/${written.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<time datetime="[^"]+"[^>]*>3h ago<\/time>/i);
    } finally {
      clockNow.mockRestore();
    }
  });

  it("tells the browser's app how far the site's clock is moved, so it counts by the site's time", async () => {
    // A site on the real time says nothing.
    expect((await page('/home')).body).not.toContain('paddock-clock-offset');
    // One started with CLOCK_START two hours ahead says so in every page's head, rendered or not.
    const clockNow = vi.spyOn(clock, 'now').mockImplementation(() => Date.now() + 2 * 3_600_000);
    const moved = await createTestApp({ WEB_DIST: build.dist });
    try {
      for (const url of [`/race/${race.id}`, '/settings']) {
        const res = await moved.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        const offset = /<meta name="paddock-clock-offset" content="(\d+)">/.exec(res.body.split('</head>')[0]!)?.[1];
        expect(Math.abs(Number(offset) - 2 * 3_600_000), url).toBeLessThan(1_000);
      }
    } finally {
      clockNow.mockRestore();
      await moved.close();
    }
  });

  it("keeps a private account's review out of a guest's HTML, and answers its page with a 404", async () => {
    const racePage = await page(`/race/${race.id}?tab=reviews`);
    expect(racePage.body).not.toContain('Words only my approved followers may read');
    const shared = await page(`/review/${privateReview.id}`);
    expect(shared.statusCode).toBe(404);
    expect(shared.body).not.toContain('Words only my approved followers may read');
    const profile = await page(`/profile/${hidden.username}`);
    expect(profile.body).not.toContain('Words only my approved followers may read');
  });

  it('answers a race that is not there with a 404 page that says so', async () => {
    const res = await page('/race/987654321');
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatch(/not found/i);
  });

  it("leaves the reader's own pages to a visitor with no session to the browser: the built page as it is", async () => {
    for (const url of ['/watchlists', '/profile']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"><p>brand</p></div>');
      expect(res.body, url).not.toContain('query-state');
    }
  });

  it("renders a signed-in reader's Home and own pages as they see them while their data loads, with none of it", async () => {
    const guest = await page('/home');
    expect(guest.body).toContain('query-state');
    expect(guest.body).not.toContain('<div id="root"><p>brand</p></div>');
    expect(JSON.parse(stateOf(guest.body)!)).not.toHaveProperty('reader');
    // A guest's For You carries the review; no reader's page may.
    expect(guest.body).toContain(review.review_text!.slice(0, 16));

    for (const url of ['/home', '/profile', '/watchlists', '/settings']) {
      const member = await t.app.inject({ url, headers: { accept: 'text/html', cookie: 'tz=UTC; signed_in=1' } });
      expect(member.statusCode, url).toBe(200);
      expect(member.body, url).not.toContain('<div id="root"><p>brand</p></div>');
      const state = JSON.parse(stateOf(member.body)!) as {
        reader?: boolean;
        queries: { queries: { queryKey: unknown[] }[] };
      };
      // Hydrated signed in; of the data only what no session changes (Home's race card), nothing of a reader.
      expect(state.reader, url).toBe(true);
      const asked = state.queries.queries.map((q) => q.queryKey);
      expect(asked, url).toEqual(
        url === '/home'
          ? [
              ['races', 'active-thoughts'],
              ['races', 'upcoming'],
            ]
          : [],
      );
      expect(member.body, url).not.toContain(review.review_text!.slice(0, 16));
      // Who the reader is, asked as the page is read (with their stored token), by a script with the nonce.
      const nonce = /'nonce-([^']+)'/.exec(String(member.headers['content-security-policy']))?.[1];
      // The script runs its function, given what to ask as JSON (lib/early-answers.ts).
      const opening = `<script nonce="${nonce}">(function `;
      const script = member.body.slice(member.body.indexOf(opening));
      const early = /^[^]*?localStorage[^]*?\)\((\{[^\n]*?\})\)<\/script>/.exec(script);
      const asks = JSON.parse(early?.[1] ?? 'null') as { paths: string[]; tokenKey: string; feed?: { mePath: string } };
      expect(asks, url).toMatchObject({ paths: ['/api/social/users/me/'], tokenKey: 'access' });
      // Home also asks, once that answer has come, for the feed it will open on.
      expect(asks.feed?.mePath, url).toBe(url === '/home' ? '/api/social/users/me/' : undefined);
    }
    expect(guest.body).not.toContain('__paddockAnswers');
    const home = await t.app.inject({ url: '/home', headers: { accept: 'text/html', cookie: 'signed_in=1' } });
    // A signed-in reader's tabs, Following first, and no guest's welcome.
    expect(home.body).toMatch(/aria-selected="true"[^>]*>Following</);
    expect(home.body).not.toContain('Sign in to see your Following feed');

    // The hint changes only Home and the reader's pages: a race is the same page for everyone.
    const racePage = await t.app.inject({
      url: `/race/${race.id}`,
      headers: { accept: 'text/html', cookie: 'signed_in=1' },
    });
    expect(JSON.parse(stateOf(racePage.body)!)).not.toHaveProperty('reader');
  });

  it('sends / and unknown paths to /home with a redirect, as the router does', async () => {
    for (const url of ['/', '/no/such/page']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe('/home');
    }
    const home = await page('/home');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('For You');
  });
});

describe('the API calls of a render', () => {
  it("are not counted against the reader's API rate limit", async () => {
    const limited = await createTestApp({ WEB_DIST: build.dist, API_RATE_LIMIT: 3 });
    try {
      const upcoming = await createRace(limited.database.db, { startsAt: new Date(Date.now() + 86_400_000) });
      upcomingName = (await limited.app.inject({ method: 'GET', url: `/api/f1/races/${upcoming.id}/` })).json<{
        name: string;
      }>().name;
      for (let i = 0; i < 4; i += 1) {
        const res = await limited.app.inject({
          method: 'GET',
          url: `/race/${upcoming.id}`,
          headers: { accept: 'text/html' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(upcomingName);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('discovery', () => {
  it('names the sitemap in robots.txt, and the sitemap lists the F1 pages', async () => {
    const driver = await createDriver(t.database.db);
    const team = await createTeam(t.database.db);
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${t.app.config.PUBLIC_URL}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /api/');

    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain(`<loc>${t.app.config.PUBLIC_URL}/race/${race.id}</loc>`);
    expect(sitemap.body).toMatch(/<loc>[^<]+\/season-overview\?season=\d{4}<\/loc>/);
    expect(sitemap.body).toContain(`/driver/${driver.id}</loc>`);
    expect(sitemap.body).toContain(`/team/${team.id}</loc>`);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-1.xml' })).body).toContain('/race/');
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-2.xml' })).statusCode).toBe(404);
  });
});

describe('pages kept for reuse', () => {
  it('keeps a page made only of cached answers, sends it with a fresh nonce, and drops it when they change', async () => {
    const url = `/season-overview?season=${race.year}`;
    const first = await page(url);
    const kept = t.app.pageCache.size;
    const second = await page(url);
    expect(t.app.pageCache.size).toBe(kept);
    const nonceOf = (res: typeof first) => /nonce="([^"]+)"/.exec(res.body)?.[1];
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(second.body.replaceAll(nonceOf(second)!, 'N')).toBe(first.body.replaceAll(nonceOf(first)!, 'N'));

    // The season's community figures change with a review: the kept page goes with its answers.
    const fan = await createUser(t.database.db);
    const other = await pastRace(t.database.db, 3);
    await as(fan).post('/api/core/reviews/', { race_id: other.id, rating: 3 });
    expect(t.app.pageCache.size).toBeLessThan(kept);
  });

  it("keeps a race's page (its detail, results and most-starred drivers are all cached answers)", async () => {
    const before = t.app.pageCache.size;
    await page(`/race/${race.id}?tab=qualifying`);
    expect(t.app.pageCache.size).toBe(before + 1);
  });

  it('renders a page that reads community lists for each request, and never keeps a 404', async () => {
    const before = t.app.pageCache.size;
    await page(`/race/${race.id}?tab=reviews`);
    await page('/race/987654321');
    expect(t.app.pageCache.size).toBe(before);
  });

  it('sends a kept page gzip-encoded, assembled around its nonce', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(res.rawPayload).toString('utf8');
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).toContain('</html>');

    const refused = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toContain('</html>');
  });
});

describe('link preview images', () => {
  it('draws a 1200×630 PNG for a race and a review, named by their pages', async () => {
    const racePage = await page(`/race/${race.id}`);
    expect(racePage.body).toContain(
      `<meta property="og:image" content="${t.app.config.PUBLIC_URL}/preview/race/${race.id}.png"/>`,
    );
    expect(racePage.body).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    for (const url of [`/preview/race/${race.id}.png`, `/preview/review/${review.id}.png`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const { width, height, format } = await sharp(res.rawPayload).metadata();
      expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
    }
  });

  it("has no preview for a private account's review, nor for what is not there", async () => {
    for (const url of [
      `/preview/review/${privateReview.id}.png`,
      '/preview/race/987654321.png',
      '/preview/nothing/1.png',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
