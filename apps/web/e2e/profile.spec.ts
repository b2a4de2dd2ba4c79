import { expect } from '@playwright/test';
import { test, auth, openAs, register, type Account } from './accounts.ts';
import { completedRaces, reviewAndStar } from './races.ts';
import { expectNoSidewaysScroll, scrollToTop, shot, viewports } from './shots.ts';

/**
 * Profiles against the real server: a fan with reviews over two seasons and starred drivers; a follower
 * opens her profile's tabs (the address keeps the tab), the Stats tab's charts and her followers; a
 * private account shows a stranger only its header. Screenshots in both themes on a desktop and a phone,
 * each checked with axe-core.
 */

let paula: Account;
let quinn: Account;
let rosa: Account;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  [paula, quinn, rosa] = [
    await register(request, 'Paula', 'Profile'),
    await register(request, 'Quinn', 'Profile'),
    await register(request, 'Rosa', 'Profile'),
  ];
  const [first, second, third] = await completedRaces(request, 2024, 3);
  const [earlier] = await completedRaces(request, 2023, 1);
  await reviewAndStar(request, paula, first!, 5, 3);
  await reviewAndStar(request, paula, second!, 4, 2);
  await reviewAndStar(request, paula, third!, 4, 1);
  await reviewAndStar(request, paula, earlier!, 2, 1);
  expect((await request.post('/api/social/follows/', { headers: auth(quinn), data: { user_id: paula.id } })).ok()).toBe(
    true,
  );
  expect((await request.patch('/api/social/users/me/', { headers: auth(rosa), data: { is_private: true } })).ok()).toBe(
    true,
  );
});

test("a profile's tabs, its Stats charts and its followers", async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, problems } = await openAs(browser, quinn, { expected: /403/ });
  await page.goto(`/profile/${paula.username}`);
  await expect(page.getByRole('heading', { level: 1, name: paula.name })).toBeVisible();
  await expect(page.getByRole('button', { name: `Following @${paula.username}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Reviews', selected: true })).toBeVisible();
  await expect(page.getByRole('article', { name: new RegExp(`^${paula.name} on `) })).toHaveCount(4);

  await page.getByRole('tab', { name: 'Watched' }).click();
  await expect(page).toHaveURL(/\?tab=watched$/);
  await expect(page.getByRole('list', { name: `Races watched by ${paula.name}` }).getByRole('listitem')).toHaveCount(4);

  await page.getByRole('tab', { name: 'Starred drivers' }).click();
  const starred = page.getByRole('list', { name: `Drivers starred by ${paula.name}` });
  await expect(starred.locator('a[href^="/driver/"]')).toHaveCount(7);
  await expect(starred.locator('a[href^="/race/"]')).toHaveCount(4);

  await page.getByRole('tab', { name: 'Stats' }).click();
  await expect(page).toHaveURL(/\?tab=stats$/);
  for (const chart of ['Rating distribution', 'Reviews per season', 'Most-starred drivers']) {
    const figure = page.getByRole('figure', { name: chart });
    await expect(figure.locator('svg.recharts-surface')).toBeVisible();
    await expect(figure.locator('.recharts-rectangle').first()).toBeVisible();
  }
  await expect(page.getByText('Average rating').locator('..')).toContainText('3.8 / 5');

  // Back returns to the previous tab.
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Starred drivers', selected: true })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('tab', { name: 'Stats', selected: true })).toBeVisible();

  // The followers count opens the list; a row opens that profile.
  await page.getByRole('button', { name: 'Followers: 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Followers' });
  await expect(dialog.getByRole('link', { name: new RegExp(quinn.name) })).toBeVisible();
  await shot(page, 'profile-followers-light-desktop');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Followers: 1' })).toBeFocused();
  await page.getByRole('button', { name: 'Followers: 1' }).click();
  // Her own profile at its shareable address: Edit profile where others see Follow.
  await dialog.getByRole('link', { name: new RegExp(quinn.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${quinn.username}$`));
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();

  expect(problems).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
  for (const [device, viewport] of Object.entries(viewports)) {
    test(`profile Stats tab ${theme} ${device}`, async ({ browser }) => {
      const { page, problems } = await openAs(browser, quinn, { theme, viewport, expected: /403/ });
      await page.goto(`/profile/${paula.username}?tab=stats`);
      const figure = page.getByRole('figure', { name: 'Most-starred drivers' });
      await expect(figure.locator('.recharts-rectangle').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await scrollToTop(page.getByRole('tablist', { name: 'Profile' }));
      await shot(page, `profile-stats-${theme}-${device}`);

      await page.getByRole('tab', { name: 'Starred drivers' }).click();
      await expect(page.getByRole('list', { name: `Drivers starred by ${paula.name}` })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, `profile-starred-${theme}-${device}`);

      await page.getByRole('tab', { name: 'Watched' }).click();
      await expect(page.getByRole('list', { name: `Races watched by ${paula.name}` })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, `profile-watched-${theme}-${device}`);
      expect(problems).toEqual([]);
    });
  }
}

test('a private profile shows a stranger its header and why there is nothing more', async ({ browser }) => {
  const { page, problems } = await openAs(browser, quinn, { viewport: viewports.mobile, expected: /403/ });
  await page.goto(`/profile/${rosa.username}?tab=stats`);
  await expect(page.getByRole('heading', { name: 'This account is private' })).toBeVisible();
  await expect(page.getByText(`Follow @${rosa.username} to see their reviews`)).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await shot(page, 'profile-private-light-mobile');

  await page.getByRole('button', { name: `Follow @${rosa.username}` }).click();
  await expect(page.getByRole('button', { name: `Requested @${rosa.username}` })).toBeVisible();
  await expect(
    page.getByText(`Your follow request is waiting for @${rosa.username} to accept it.`, { exact: false }),
  ).toBeVisible();
  expect(problems).toEqual([]);
});
