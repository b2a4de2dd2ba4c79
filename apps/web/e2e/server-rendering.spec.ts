import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { test, auth, register, type Account } from './accounts.ts';
import { contextElsewhere, expectHydratedAsDrawn, pageProblems } from './page-drawing.ts';
import { storeSession } from './stored-session.ts';

/**
 * Every public page rendered on the server (decision 024). Read with no JavaScript, its HTML carries
 * the page's text. With JavaScript, in a time zone, locale and colour scheme other than the server's,
 * it hydrates without a mismatch: the page hydrated is the page the browser draws alone (page-drawing.ts).
 */

interface PublicPage {
  url: string;
  /** Text a reader sees with no JavaScript at all. */
  text: string;
}

async function post<T>(request: APIRequestContext, url: string, data: object, access?: string): Promise<T> {
  const res = await request.post(url, {
    data,
    headers: access ? { authorization: `Bearer ${access}` } : {},
  });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The public pages, with a member, a review and a shared watchlist made for them through the API. */
async function publicPages(request: APIRequestContext): Promise<PublicPage[]> {
  const username = `ssr_${Date.now().toString(36)}`;
  const { access } = await post<{ access: string }>(request, '/api/auth/register/', {
    username,
    email: `${username}@example.com`,
    password: 'lights out 2026',
    name: 'Rendered Reader',
  });
  const season = (await (await request.get('/api/f1/races/?season=2021')).json()) as {
    results: { id: number; name: string }[];
  };
  const abuDhabi = season.results.at(-1)!;
  const review = await post<{ id: number }>(
    request,
    '/api/core/reviews/',
    { race_id: abuDhabi.id, rating: 5, review_text: 'A title decided on the last lap, argued about for years.' },
    access,
  );
  const list = await post<{ id: number }>(
    request,
    '/api/social/watchlists/',
    { name: 'Deciders to rewatch', is_public: true },
    access,
  );
  await post(request, `/api/social/watchlists/${list.id}/races/`, { race_id: abuDhabi.id }, access);
  return [
    { url: '/home', text: 'For You' },
    { url: `/race/${abuDhabi.id}`, text: 'Max Verstappen' },
    { url: `/race/${abuDhabi.id}?tab=qualifying`, text: 'Max Verstappen' },
    { url: `/race/${abuDhabi.id}?tab=reviews`, text: 'argued about for years' },
    { url: `/race/${abuDhabi.id}?tab=thoughts`, text: abuDhabi.name },
    { url: '/driver/max-verstappen', text: 'Max Verstappen' },
    { url: '/team/red-bull', text: 'Red Bull' },
    { url: '/season-overview?season=2021', text: 'Drivers’ champion' },
    { url: '/search?q=monza', text: 'Italian Grand Prix' },
    { url: `/review/${review.id}`, text: 'argued about for years' },
    { url: `/profile/${username}`, text: 'Rendered Reader' },
    { url: `/profile/${username}/season/2021`, text: 'Highest rated' },
    { url: `/watchlist/${list.id}`, text: 'Deciders to rewatch' },
    { url: '/login', text: 'Sign in' },
    { url: '/register', text: 'Create your account' },
    { url: '/forgot-password', text: 'Forgot your password?' },
  ];
}

/** A review by `author` of the 2021 season's last race, posted through the API. */
async function reviewLastRaceOf2021(
  request: APIRequestContext,
  author: Account,
  rating: number,
  text: string,
): Promise<{ id: number }> {
  const season = (await (await request.get('/api/f1/races/?season=2021')).json()) as { results: { id: number }[] };
  return post(
    request,
    '/api/core/reviews/',
    { race_id: season.results.at(-1)!.id, rating, review_text: text },
    author.access,
  );
}

async function contextWithoutJavaScript(browser: Browser) {
  return browser.newContext({ javaScriptEnabled: false });
}

test('every public page is readable without JavaScript and hydrates without a mismatch', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const pages = await publicPages(request);

  const plain = await contextWithoutJavaScript(browser);
  const reader = await plain.newPage();
  for (const { url, text } of pages) {
    await reader.goto(url);
    await expect(reader.getByText(text).first(), `${url} without JavaScript`).toBeVisible();
  }
  await plain.close();

  for (const { url } of pages) await expectHydratedAsDrawn(browser, url);
});

test("a signed-in reader's Home and own pages arrive drawn, hydrate without a mismatch and fill with their data", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const reader = await register(request, 'Rendered', 'Reader');
  const author = await register(request, 'Followed', 'Author');
  const words = 'Read by my followers on their Home, drawn before their data came.';
  await reviewLastRaceOf2021(request, author, 4, words);
  const followed = await request.post('/api/social/follows/', { headers: auth(reader), data: { user_id: author.id } });
  expect(followed.ok()).toBe(true);

  // The HTML, before any JavaScript: the reader's tabs with Following chosen, none of their data.
  const html = await (await request.get('/home', { headers: { cookie: 'signed_in=1' } })).text();
  expect(html).toMatch(/aria-selected="true"[^>]*>Following</);
  expect(html).not.toContain(words);

  const elsewhere = await contextElsewhere(browser);
  await storeSession(elsewhere, reader);
  const page = await elsewhere.newPage();
  const problems = pageProblems(page);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const pages = [
    { url: '/home', text: words },
    { url: '/profile', text: `@${reader.username}` },
    { url: '/watchlists', text: 'No watchlists yet' },
    { url: '/settings', text: 'You have not blocked anyone.' },
  ];
  for (const { url, text } of pages) {
    problems.length = 0;
    await page.goto(url);
    await expect(page.locator('html'), url).toHaveAttribute('data-hydrated', '');
    await expect(page.getByText(text).first(), url).toBeVisible();
    expect(problems, url).toEqual([]);
    // Home's race card came with the page, the same for every reader: the app does not ask for it again.
    if (url === '/home') expect(asked.filter((p) => p.startsWith('/api/f1/races/'))).toEqual([]);
    // Who the reader is was asked once, as the page was read, before the app's code was.
    const me = asked.filter((p) => p === '/api/social/users/me/');
    expect(me, url).toHaveLength(1);
    expect(asked.indexOf(me[0]!), url).toBeLessThan(asked.findIndex((p) => /^\/assets\/index-[\w-]+\.js$/.test(p)));
    asked.length = 0;
  }
  await elsewhere.close();

  // A hint that outlived its session (storage cleared, the cookie kept): the browser draws the guest's Home.
  const stale = await contextElsewhere(browser);
  await stale.addCookies([{ name: 'signed_in', value: '1', url: test.info().project.use.baseURL! }]);
  const guest = await stale.newPage();
  const guestProblems = pageProblems(guest);
  await guest.goto('/home');
  await expect(guest.getByRole('heading', { name: 'Welcome to Paddock' })).toBeVisible();
  expect(guestProblems).toEqual([]);
  await stale.close();
});

test("a signed-in reader's review page on a phone keeps its layout when their Follow button and comment composer come", async ({
  browser,
  request,
}) => {
  const reader = await register(request, 'Steady', 'Reader');
  const author = await register(request, 'Steady', 'Author');
  const review = await reviewLastRaceOf2021(request, author, 3, 'Nothing moves when the buttons arrive.');
  const phone = { width: 390, height: 844 };
  const card = (page: Page) => page.getByRole('article', { name: /Steady Author on/ });
  // The comments: a guest's prompt to sign in in the server's HTML, the reader's composer once hydrated.
  const comments = (page: Page) => page.getByRole('region', { name: /^Comments/ });

  // The page as it first paints: the server's HTML, before any JavaScript.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  await storeSession(plain, reader);
  const first = await plain.newPage();
  await first.goto(`/review/${review.id}`);
  await expect(comments(first).getByText('Please log in to comment')).toBeVisible();
  const before = await card(first).boundingBox();
  const commentsBefore = await comments(first).boundingBox();
  await plain.close();

  const context = await browser.newContext({ viewport: phone });
  await storeSession(context, reader);
  const page = await context.newPage();
  await page.goto(`/review/${review.id}`);
  await expect(card(page).getByRole('button', { name: `Follow @${author.username}` })).toBeVisible();
  await expect(comments(page).getByPlaceholder('Add a comment…')).toBeEditable();
  const after = await card(page).boundingBox();
  expect(after?.height).toBe(before?.height);
  expect(await comments(page).boundingBox()).toEqual(commentsBefore);
  await context.close();
});

test('a tap and a shortcut made while the page is still fetching its code are answered once it is hydrated', async ({
  page,
  request,
}) => {
  const season = (await (await request.get('/api/f1/races/?season=2021')).json()) as { results: { id: number }[] };
  const race = season.results.at(-1)!;
  // The app's entry is held back, as on a slow connection, until the reader has tapped.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/race/${race.id}`, { waitUntil: 'domcontentloaded' });
  const qualifying = page.getByRole('tab', { name: 'Qualifying' });
  await qualifying.click();
  await expect(qualifying).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search Paddock' });
  await expect(palette).toHaveCount(0);

  release();
  // Both are replayed, the tap first. The palette is a modal dialog: once it is open the page behind it
  // is hidden from the accessibility tree, so the tab is found with hidden elements included (a tab
  // selected after the palette opened was otherwise never found). The replay waits for the page to
  // settle (its queries fetched, at most 10 s), which a loaded CI machine can stretch past 10 s.
  await expect(page.getByRole('tab', { name: 'Qualifying', includeHidden: true })).toHaveAttribute(
    'aria-selected',
    'true',
    { timeout: 25_000 },
  );
  await expect(page).toHaveURL(/[?&]tab=qualifying/);
  await expect(palette).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
});
