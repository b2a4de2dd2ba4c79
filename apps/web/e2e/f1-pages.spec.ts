import { expect, type Page } from '@playwright/test';
import { test } from './accounts.ts';

/**
 * The F1 pages against the real server and its F1 seed: home race card, search palette, race, driver,
 * team and (signed in) season overview. Nothing may be fetched from another host.
 */

function watchProblems(page: Page, baseURL: string | undefined): string[] {
  const problems: string[] = [];
  const origin = new URL(baseURL ?? 'http://localhost').origin;
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && new URL(url).origin !== origin) problems.push(`third-party request: ${url}`);
  });
  return problems;
}

interface RaceJson {
  id: number;
  name: string;
  season: { year: number };
}

test('home race card, search palette, race, driver, team and season overview', async ({ page, request, baseURL }) => {
  const problems = watchProblems(page, baseURL);

  // The server's clock decides which race card the home screen shows.
  const active = (await (await request.get('/api/f1/races/active-thoughts/')).json()) as { race: RaceJson } | null;
  const upcoming = (await (await request.get('/api/f1/races/upcoming/')).json()) as RaceJson[];
  await page.goto('/home');
  if (active) {
    await expect(page.getByText('Race Thoughts')).toBeVisible();
    await expect(page.getByText(`${active.race.name} ${active.race.season.year}`)).toBeVisible();
  } else {
    await expect(page.getByText('Next Race', { exact: true })).toBeVisible();
  }

  // Without active thoughts the Next Race card shows, and a click anywhere on it opens the race.
  const next = upcoming[0];
  if (next) {
    // The page rendered on the server fetched its own answer, so the stubbed one is fetched by the
    // browser on the way back to Home from another page.
    await page.route('**/api/f1/races/active-thoughts/', (route) => route.fulfill({ json: null }));
    await page.goto('/team/ferrari');
    // A client-side navigation: the app must have taken the page over (before, links are plain links).
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await expect(page.getByText('Next Race', { exact: true })).toBeVisible();
    await expect(page.getByRole('timer')).toHaveAttribute(
      'aria-label',
      /^Countdown to next race: |^Race starting now$/,
    );
    const card = page.locator('[data-slot="card"]').filter({ hasText: 'Next Race' });
    await expect(card.getByRole('link', { name: `${next.name} ${next.season.year}` })).toBeVisible();
    await card.click({ position: { x: 30, y: 20 } });
    await expect(page).toHaveURL(new RegExp(`/race/${next.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: next.name })).toBeVisible();
    await page.unroute('**/api/f1/races/active-thoughts/');
  }

  // Ctrl+K, "monza", the 2024 Italian Grand Prix.
  await page.goto('/home');
  await expect(page.getByRole('tab', { name: 'For You' })).toBeVisible();
  // Ctrl+K is the app's shortcut: it answers once the app has taken the page over.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search Paddock' });
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox').fill('monza');
  const italian2024 = palette.getByRole('option').filter({ hasText: '2024 Italian Grand Prix' });
  await expect(italian2024).toBeVisible();
  await expect(palette.getByRole('group', { name: 'Races' })).toBeVisible();
  await italian2024.click();
  await expect(palette).toBeHidden();

  await expect(page).toHaveURL(/\/race\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Italian Grand Prix' })).toBeVisible();
  await expect(page.getByText('Round 16')).toBeVisible();
  const classification = page.getByRole('table', { name: 'Race classification' });
  await expect(classification.getByRole('row')).toHaveCount(21);
  await expect(classification.getByRole('row').nth(1)).toContainText('Charles Leclerc');
  await expect(classification.getByRole('row').nth(1)).toContainText('1:14:40.727');
  await page.getByRole('tab', { name: 'Qualifying' }).click();
  await expect(page.getByRole('table', { name: 'Qualifying' }).getByRole('row').nth(1)).toContainText('Lando Norris');
  await expect(page.getByRole('heading', { name: 'Fastest lap' })).toBeVisible();
  await page.getByRole('tab', { name: 'Classification' }).click();
  // The winner's flag: an image of its own, from our origin.
  const flag = classification.getByRole('row').nth(1).locator('img').first();
  await expect(flag).toBeVisible();
  await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // A driver from the classification, then his team.
  await classification.getByRole('link', { name: 'Charles Leclerc' }).click();
  await expect(page).toHaveURL(/\/driver\/charles-leclerc$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Charles Leclerc' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Season results' }).getByRole('row', { name: /2024/ })).toContainText(
    'Ferrari',
  );
  // The chart is drawn as the reader scrolls towards it (NearScreen).
  await page.getByRole('heading', { name: 'Season by season' }).scrollIntoViewIfNeeded();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Ferrari', exact: true }).first().click();
  await expect(page).toHaveURL(/\/team\/ferrari$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ferrari' })).toBeVisible();
  await expect(page.getByText('Team principal')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Drivers' }).getByRole('link').first()).toBeVisible();

  // Sign in, then the season overview of 2024.
  const username = `f1fan_${Date.now().toString(36)}`;
  const password = 'lights out 2026';
  const registered = await request.post('/api/auth/register/', {
    data: { username, email: `${username}@example.com`, password },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/season-overview?season=2024');
  await expect(page.getByRole('heading', { name: '2024 Season Overview' })).toBeVisible();
  await expect(page.getByLabel('Season', { exact: true })).toHaveValue('2024');
  const drivers = page.getByRole('table', { name: "Drivers' standings" });
  await expect(drivers.getByRole('row').nth(1)).toContainText('Max Verstappen');
  await expect(drivers.getByRole('row').nth(1)).toContainText('437');
  await expect(page.getByRole('table', { name: "Constructors' standings" }).getByRole('row').nth(1)).toContainText(
    'McLaren',
  );
  await expect(page.getByText('Points progression')).toBeVisible();
  await expect(page.locator('.recharts-line').first()).toBeVisible();
  const calendar = page.getByRole('list', { name: 'Calendar' });
  await expect(calendar.getByRole('listitem')).toHaveCount(24);
  await calendar.getByRole('link', { name: 'Monaco Grand Prix' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Monaco Grand Prix' })).toBeVisible();

  await page.goto('/season-overview?season=2024');
  await page.getByLabel('Season', { exact: true }).selectOption('2021');
  await expect(page).toHaveURL(/season=2021$/);
  await expect(page.getByRole('heading', { name: '2021 Season Overview' })).toBeVisible();
  await expect(page.getByRole('table', { name: "Drivers' standings" }).getByRole('row').nth(1)).toContainText(
    'Max Verstappen',
  );

  // The search page and an unknown race.
  await page.goto('/search?q=leclerc');
  await expect(
    page.getByRole('region', { name: /^Drivers/ }).getByRole('link', { name: /Charles Leclerc/ }),
  ).toBeVisible();
  await page.goto('/race/999999');
  await expect(page.getByText('Race not found')).toBeVisible();

  // The unknown race's 404 is expected; nothing else may go wrong.
  expect(problems.filter((p) => !p.includes('the server responded with a status of 404'))).toEqual([]);
});
