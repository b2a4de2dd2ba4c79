import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Not a check but a record: the app shell in both themes, as a guest and signed in, on a desktop and
 * a phone, saved for review under test-results/screenshots/.
 */
const outDir = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

interface Tokens {
  access: string;
  refresh: string;
  username: string;
}

let account: Tokens | null = null;

test.beforeAll(async ({ request }) => {
  const username = `shots_${Date.now().toString(36)}`;
  const res = await request.post('/api/auth/register/', {
    data: { username, email: `${username}@example.com`, password: 'lights out 2026', name: 'Max Screenshot' },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { access: string; refresh: string };
  account = { access: body.access, refresh: body.refresh, username };
});

async function prepare(page: Page, theme: 'light' | 'dark', signedIn: boolean) {
  const tokens = signedIn ? account : null;
  await page.addInitScript(
    ({ theme, tokens }) => {
      localStorage.setItem('theme', theme);
      if (tokens) {
        localStorage.setItem('access', tokens.access);
        localStorage.setItem('refresh', tokens.refresh);
      }
    },
    { theme, tokens },
  );
}

async function shot(page: Page, name: string) {
  // Let enter animations finish.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: false });
}

for (const theme of ['light', 'dark'] as const) {
  for (const who of ['guest', 'signed-in'] as const) {
    for (const [device, viewport] of Object.entries(viewports)) {
      test(`shell ${theme} ${who} ${device}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await prepare(page, theme, who === 'signed-in');
        await page.goto('/home');
        await expect(page.getByRole('tab', { name: 'For You' })).toBeVisible();
        // On a phone the account sits in the closed sidebar sheet; the bell shows the session instead.
        if (who === 'signed-in') await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
        await shot(page, `home-${theme}-${who}-${device}`);

        if (device === 'mobile') {
          await page.getByRole('button', { name: 'Toggle sidebar' }).click();
          await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
          if (who === 'signed-in') await expect(page.getByText('Max Screenshot').first()).toBeVisible();
          await shot(page, `sidebar-${theme}-${who}-${device}`);
          await page.keyboard.press('Escape');
        }

        if (who === 'signed-in') {
          await page.goto('/profile');
          await expect(page.getByRole('main').getByText(`@${account?.username ?? ''}`)).toBeVisible();
          await shot(page, `profile-${theme}-${device}`);
        } else {
          await page.goto('/login');
          await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
          await shot(page, `login-${theme}-${device}`);
        }
      });
    }
  }
}

test('search palette and collapsed sidebar (desktop, dark, signed in)', async ({ page }) => {
  await prepare(page, 'dark', true);
  await page.goto('/home');
  await expect(page.getByText('Max Screenshot').first()).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Search Paddock' })).toBeVisible();
  await shot(page, 'palette-dark-signed-in-desktop');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+b');
  await shot(page, 'collapsed-dark-signed-in-desktop');
});

test('edit profile dialog (desktop, light)', async ({ page }) => {
  await prepare(page, 'light', true);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit profile' })).toBeVisible();
  await shot(page, 'edit-profile-light-desktop');
});

/** Brings a section to the top of the page, below the sticky header. */
async function scrollToTop(locator: Locator) {
  await locator.evaluate((element) => {
    window.scrollBy(0, element.getBoundingClientRect().top - 72);
  });
}

/* The F1 pages: home race cards, race, driver, team, season overview, search page and palette results. */
test.describe('f1 pages', () => {
  // A viewer in Rome, so the race page's local and UTC start times differ.
  test.use({ timezoneId: 'Europe/Rome' });
  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of Object.entries(viewports)) {
      test(`f1 pages ${theme} ${device}`, async ({ page, request }) => {
        const races = (await (await request.get('/api/f1/races/?season=2024')).json()) as {
          results: { id: number; name: string }[];
        };
        const monza = races.results.find((race) => race.name === 'Italian Grand Prix');
        expect(monza).toBeDefined();
        await page.setViewportSize(viewport);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await prepare(page, theme, true);

        await page.goto('/home');
        await expect(page.getByRole('status', { name: 'Loading the next race' })).toBeHidden();
        await expect(page.getByText(/^(Race Thoughts|Next Race|No Upcoming Races)$/)).toBeVisible();
        await shot(page, `f1-home-card-${theme}-${device}`);

        // The Next Race card, whatever the server's clock says about race thoughts.
        await page.route('**/api/f1/races/active-thoughts/', (route) => route.fulfill({ json: null }));
        await page.reload();
        await expect(page.getByText(/^(Next Race|No Upcoming Races)$/)).toBeVisible();
        await shot(page, `f1-home-next-race-${theme}-${device}`);
        await page.unroute('**/api/f1/races/active-thoughts/');

        await page.keyboard.press('Control+k');
        await page.getByRole('dialog', { name: 'Search Paddock' }).getByRole('combobox').fill('lec');
        await expect(page.getByRole('group', { name: 'Drivers' })).toBeVisible();
        await shot(page, `f1-palette-${theme}-${device}`);
        await page.keyboard.press('Escape');

        await page.goto(`/race/${monza?.id ?? 0}`);
        await expect(page.getByRole('table', { name: 'Race classification' })).toBeVisible();
        await shot(page, `f1-race-${theme}-${device}`);
        await scrollToTop(page.getByRole('tab', { name: 'Classification' }));
        await shot(page, `f1-race-classification-${theme}-${device}`);

        await page.goto('/driver/max-verstappen');
        await expect(page.getByRole('heading', { level: 1, name: 'Max Verstappen' })).toBeVisible();
        await shot(page, `f1-driver-${theme}-${device}`);
        await scrollToTop(page.getByRole('heading', { name: 'Season by season' }));
        await expect(page.locator('.recharts-surface').first()).toBeVisible();
        await shot(page, `f1-driver-chart-${theme}-${device}`);

        await page.goto('/team/mclaren');
        await expect(page.getByRole('heading', { level: 1, name: 'McLaren' })).toBeVisible();
        await shot(page, `f1-team-${theme}-${device}`);

        await page.goto('/season-overview?season=2024');
        await expect(page.getByRole('table', { name: "Drivers' standings" })).toBeVisible();
        await expect(page.locator('.recharts-line').first()).toBeVisible();
        await shot(page, `f1-season-${theme}-${device}`);
        await scrollToTop(page.getByRole('heading', { name: 'Calendar' }));
        await shot(page, `f1-season-calendar-${theme}-${device}`);

        await page.goto('/search?q=monza');
        await expect(page.getByRole('region', { name: /^Races/ })).toBeVisible();
        await shot(page, `f1-search-${theme}-${device}`);
      });
    }
  }
});
