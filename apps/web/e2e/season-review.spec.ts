import { expect, type Page } from '@playwright/test';
import { test, auth, openAs, register, type Account } from './accounts.ts';
import { completedRaces, reviewAndStar } from './races.ts';
import { shot, viewports } from './shots.ts';

/**
 * A member's season in review against the real server: a fan who watched and reviewed 2026 races opens her
 * profile, follows its season link and reads her figures beside the community's, the highlights and the chart;
 * a guest reads the same page as the server rendered it; a private account's season shows a stranger only why
 * there is nothing to see. Screens in both themes, each checked with axe-core.
 */

// The server's clock in these journeys is late November 2026 (start-server.ts), and the app counts by it: the
// 2026 season's review is offered.
const YEAR = 2026;

let sofia: Account;
let tomas: Account;
let ursula: Account;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  [sofia, tomas, ursula] = [
    await register(request, 'Sofia', 'Season'),
    await register(request, 'Tomas', 'Season'),
    await register(request, 'Ursula', 'Season'),
  ];
  const [first, second, third, fourth] = await completedRaces(request, YEAR, 4);
  const best = await reviewAndStar(request, sofia, first!, 5, 2);
  await reviewAndStar(request, sofia, second!, 3, 1);
  await reviewAndStar(request, sofia, third!, 2, 0);
  const watched = await request.post('/api/core/watched-races/', {
    headers: auth(sofia),
    data: { race_id: fourth!.id },
  });
  expect(watched.ok()).toBe(true);
  await reviewAndStar(request, tomas, first!, 4, 0);
  expect(
    (await request.post('/api/core/review-likes/toggle/', { headers: auth(tomas), data: { review_id: best } })).ok(),
  ).toBe(true);
  expect((await request.post('/api/social/follows/', { headers: auth(tomas), data: { user_id: sofia.id } })).ok()).toBe(
    true,
  );
  await reviewAndStar(request, ursula, second!, 1, 0);
  expect(
    (await request.patch('/api/social/users/me/', { headers: auth(ursula), data: { is_private: true } })).ok(),
  ).toBe(true);
});

async function expectSofiasSeason(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: `${sofia.name}’s ${YEAR} season` })).toBeVisible();
  const numbers = page.getByRole('region', { name: 'The season in numbers' });
  await expect(numbers.getByText('Races watched').locator('..')).toContainText('4');
  await expect(numbers.getByText('Races reviewed').locator('..')).toContainText('3');
  await expect(numbers.getByText('Average rating').locator('..')).toContainText('3.3 / 5');
  await expect(numbers.getByText('Followers gained').locator('..')).toContainText('1');
  const highlights = page.getByRole('region', { name: 'Highlights' });
  await expect(highlights.locator('a[href^="/race/"]')).toHaveCount(2);
  await expect(highlights.locator('a[href^="/driver/"]').first()).toBeVisible();
  await expect(highlights.getByRole('link', { name: /^Their review of|^Your review of/ })).toBeVisible();
  const chart = page.getByRole('figure', { name: 'Races watched and reviewed' });
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(chart.locator('.recharts-rectangle').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Average rating' }).locator('svg.recharts-surface')).toBeVisible();
}

test('a member opens her season in review from her profile and reads it', async ({ browser }) => {
  const { page, problems } = await openAs(browser, sofia);
  await page.goto('/profile');
  await page.getByRole('link', { name: `${YEAR} in review` }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${sofia.username}/season/${YEAR}$`));
  await expectSofiasSeason(page);
  await expect(page.getByRole('link', { name: /^Your review of/ })).toBeVisible();
  await shot(page, 'season-review-light-desktop');

  // The season before: nothing watched, said kindly.
  await page.getByRole('link', { name: `${YEAR - 1} season` }).click();
  await expect(page.getByRole('heading', { name: `No races watched in ${YEAR - 1} yet` })).toBeVisible();

  // Back to 2026, and on to its highest rated race.
  await page.goBack();
  await page
    .getByRole('region', { name: 'Highlights' })
    .getByRole('link', { name: new RegExp(`^${YEAR} `) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/race\/\d+$/);
  expect(problems).toEqual([]);
});

test('a guest reads the season as the server rendered it, in both themes', async ({ browser }) => {
  for (const [theme, viewport] of [
    ['dark', viewports.mobile],
    ['light', viewports.desktop],
  ] as const) {
    const { page, problems } = await openAs(browser, null, { theme, viewport });
    await page.goto(`/profile/${sofia.username}/season/${YEAR}`);
    await expectSofiasSeason(page);
    await expect(page.getByRole('link', { name: /^Their review of/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, `season-review-guest-${theme}-${viewport === viewports.mobile ? 'mobile' : 'desktop'}`);
    expect(problems).toEqual([]);
  }
});

test("a private account's season shows a stranger only why there is nothing to see", async ({ browser }) => {
  const { page, problems } = await openAs(browser, tomas, { expected: /403/ });
  await page.goto(`/profile/${ursula.username}/season/${YEAR}`);
  await expect(page.getByRole('heading', { name: 'This account is private' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'The season in numbers' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Follow @${ursula.username}` })).toBeVisible();
  await shot(page, 'season-review-private-light-desktop');
  expect(problems).toEqual([]);
});
