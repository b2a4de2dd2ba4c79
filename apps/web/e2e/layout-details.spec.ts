import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './accounts.ts';
import { raceIdOf } from './races.ts';
import { storeSession } from './stored-session.ts';

/**
 * Details a fan notices, measured in the browser: the race tabs on a phone, focus rings, the podium's
 * flags beside names that wrap, the floating Add review button beside the last card's controls, the
 * circuit outlines, a search typed while the palette loads, and a follower's buttons on a page rendered
 * for guests.
 */

const monzaId = (page: Page) => raceIdOf(page.request, 2024, 'Italian Grand Prix');

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

async function signUp(page: Page, name: string) {
  const username = `${name.toLowerCase().replace(/\W/g, '_')}_${Date.now().toString(36)}`;
  const res = await page.request.post('/api/auth/register/', {
    data: { username, email: `${username}@example.com`, password: 'lights out 2026', name },
  });
  expect(res.status()).toBe(201);
  return { ...((await res.json()) as { access: string; refresh: string }), username };
}

test('the race tabs stay on one row on a 390 px phone, scrolling sideways when they must', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await storeSession(page, await signUp(page, 'Tabs Phone'));
  await page.goto(`/race/${await monzaId(page)}`);
  const list = page.getByRole('tablist', { name: 'Race' });
  const tabs = list.getByRole('tab');
  await expect(tabs.last()).toHaveText('Thoughts');
  const tops = await tabs.evaluateAll((elements) => elements.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  // The list never makes the page wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await tabs.last().click();
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.last()).toBeInViewport();
});

test('focus rings show for the keyboard only, in the focus colour, not the red of errors', async ({ page }) => {
  await page.goto(`/race/${await monzaId(page)}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  const qualifying = page.getByRole('tab', { name: 'Qualifying' });
  // Tailwind draws a ring as a box-shadow from --tw-ring-shadow (0 0 #0000 without one); the selected
  // tab's own shadow is another part of the box-shadow.
  const ring = (locator: Locator) =>
    locator.evaluate((e) => getComputedStyle(e).getPropertyValue('--tw-ring-shadow').replace(/\s+/g, ' ').trim());
  const none = await ring(qualifying);

  await qualifying.click();
  await expect(qualifying).toBeFocused();
  await expect(qualifying).toHaveAttribute('aria-selected', 'true');
  expect(await ring(qualifying)).toBe(none);

  // Arrow keys move between tabs: keyboard focus, drawn with the ring.
  await page.keyboard.press('ArrowLeft');
  const classification = page.getByRole('tab', { name: 'Classification' });
  await expect(classification).toBeFocused();
  expect(await ring(classification)).not.toBe(none);
  // The ring's colour: blue leads (oklch hue about 258), where the brand's red would lead with red.
  const [r, g, b] = await classification.evaluate((e) => {
    const probe = document.createElement('span');
    probe.style.color = getComputedStyle(e).getPropertyValue('--ring');
    document.body.append(probe);
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.fillStyle = getComputedStyle(probe).color;
    canvas.fillRect(0, 0, 1, 1);
    probe.remove();
    return [...canvas.getImageData(0, 0, 1, 1).data];
  });
  expect(b).toBeGreaterThan(r!);
  expect(b).toBeGreaterThan(g!);
});

test("the podium's flags sit on the first line of a name that wraps", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/race/${await monzaId(page)}`);
  const winner = page
    .getByRole('list')
    .filter({ has: page.getByText('P1') })
    .getByRole('listitem')
    .first();
  const name = winner.getByRole('link', { name: 'Charles Leclerc' });
  const flag = winner.locator('p').first().locator('img, svg, span[role="img"]').first();
  const [nameBox, flagBox] = [await box(name), await box(flag)];
  const lineHeight = await name.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight));
  // The name wraps on two lines here; the flag is centred on the first, not between the two.
  expect(nameBox.height).toBeGreaterThan(lineHeight * 1.5);
  const flagMiddle = flagBox.y + flagBox.height / 2;
  expect(Math.abs(flagMiddle - (nameBox.y + lineHeight / 2))).toBeLessThanOrEqual(3);
});

test("the floating Add review button never covers the last card's controls", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // Someone else's reviews, for the For You feed.
  const writer = await signUp(page, 'Card Writer');
  for (const name of ['Italian Grand Prix', 'Monaco Grand Prix']) {
    const posted = await page.request.post('/api/core/reviews/', {
      headers: { authorization: `Bearer ${writer.access}` },
      data: {
        race_id: await raceIdOf(page.request, 2024, name),
        rating: 4,
        review_text: `A few words on the ${name}.`,
      },
    });
    expect(posted.status()).toBe(201);
  }
  await storeSession(page, await signUp(page, 'Floating Button'));
  await page.goto('/home');
  await page.getByRole('tab', { name: 'For You' }).click();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const button = page.getByRole('button', { name: 'Add review' });
  await expect(button).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByText('Loading more…')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const fab = await box(button);
  for (const control of await cards.last().getByRole('button').all()) {
    const b = await box(control);
    const overlaps =
      b.x < fab.x + fab.width && fab.x < b.x + b.width && b.y < fab.y + fab.height && fab.y < b.y + b.height;
    expect(overlaps, `${await control.getAttribute('aria-label')} is under the floating button`).toBe(false);
  }
  await context.close();
});

test("the race page draws its circuit's outline, and says when the race ran on an older layout", async ({ page }) => {
  await page.goto(`/race/${await raceIdOf(page.request, 2024, 'British Grand Prix')}`);
  const outline = page.getByRole('img', { name: 'Outline of Silverstone Circuit' });
  await outline.scrollIntoViewIfNeeded();
  await expect
    .poll(() => outline.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByText(/^The outline shows/)).toHaveCount(0);

  await page.goto(`/race/${await raceIdOf(page.request, 1950, 'British Grand Prix')}`);
  await expect(page.getByRole('img', { name: 'Outline of Silverstone Circuit' })).toBeAttached();
  await expect(page.getByText('The outline shows the 5.891 km layout; this race used a 4.649 km one.')).toBeVisible();
});

test('letters typed while the search palette first loads start its query', async ({ page }) => {
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  // The palette's code loads on its first opening; hold it back as a slow phone connection would.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/search-palette-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.keyboard.press('Control+k');
  await page.keyboard.type('hax');
  await page.keyboard.press('Backspace');
  release();
  const palette = page.getByRole('dialog', { name: 'Search Paddock' });
  await expect(palette.getByRole('combobox')).toHaveValue('ha');
  await page.keyboard.type('m');

  await expect(palette.getByRole('combobox')).toHaveValue('ham');
  await expect(palette.getByRole('option').first()).toContainText('Lewis Hamilton');
});

test('a follower reads Following on the cards of a page the server rendered for guests', async ({ page }) => {
  const writer = await signUp(page, 'Followed Writer');
  const raceId = await monzaId(page);
  const posted = await page.request.post('/api/core/reviews/', {
    headers: { authorization: `Bearer ${writer.access}` },
    data: { race_id: raceId, rating: 5, review_text: 'Worth following for this alone.' },
  });
  expect(posted.status()).toBe(201);
  const { id } = (await (
    await page.request.get(`/api/social/users/by_username/?username=${writer.username}`)
  ).json()) as {
    id: number;
  };
  const follower = await signUp(page, 'Writer Follower');
  const followed = await page.request.post('/api/social/follows/', {
    headers: { authorization: `Bearer ${follower.access}` },
    data: { user_id: id },
  });
  expect(followed.status()).toBe(201);
  await storeSession(page, follower);

  await page.goto(`/race/${raceId}?tab=reviews`);
  const following = `Following @${writer.username}`;
  const card = page.getByRole('article').filter({ hasText: `@${writer.username}` });
  await expect(card.getByRole('button', { name: following })).toBeVisible();
  await card.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: following })).toBeVisible();
  await expect(page.getByRole('button', { name: `Follow @${writer.username}` })).toHaveCount(0);
});
