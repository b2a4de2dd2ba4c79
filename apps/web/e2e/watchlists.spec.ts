import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { openAs, test } from './accounts.ts';
import { shot, type viewports } from './shots.ts';

/**
 * Watchlists against the real server: a fan builds a public list of real races in the UI (create,
 * search and add, reorder with the keyboard, edit), copies its share link, and a guest opens it in a
 * fresh browser; made private, the link answers "not found". Screens are saved and checked with axe.
 */

type Theme = 'light' | 'dark';
type Device = keyof typeof viewports;

interface Account {
  username: string;
  name: string;
  access: string;
  refresh: string;
}

async function register(request: APIRequestContext): Promise<Account> {
  const username = `lists_${Date.now().toString(36)}`;
  const name = 'Wendy Watchlist';
  const res = await request.post('/api/auth/register/', {
    data: { username, email: `${username}@example.com`, password: 'lights out 2026', name },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { access: string; refresh: string };
  return { username, name, access: body.access, refresh: body.refresh };
}

/** A fresh browser in a theme and on a device, signed in as `account` or a guest. */
function openIn(browser: Browser, account: Account | null, theme: Theme = 'light', device: Device = 'desktop') {
  return openAs(browser, account, {
    theme,
    device,
    // A private list's link answers 404 on purpose; every other error is a problem.
    expected: /404/,
  });
}

async function addRace(page: Page, search: string, title: string) {
  const box = page.getByLabel('Add races');
  await box.fill(search);
  await page
    .getByRole('list', { name: 'Matching races' })
    .getByRole('button', { name: `Add ${title}` })
    .click();
  await expect(page.getByText(`Added ${title} to Classic title deciders`)).toBeVisible();
}

const racesIn = (page: Page) => page.getByRole('list', { name: 'Races in Classic title deciders' });

test('a guest opens a shared watchlist', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const wendy = await register(request);
  const owner = await openIn(browser, wendy);
  const w = owner.page;

  // No lists yet: the page offers to create one.
  await w.goto('/watchlists');
  await expect(w.getByText('No watchlists yet')).toBeVisible();
  await shot(w, 'watchlists-empty-light-desktop');

  await w.getByRole('button', { name: 'New watchlist' }).click();
  const create = w.getByRole('dialog', { name: 'New watchlist' });
  await create.getByLabel('Name').fill('Classic title deciders');
  await create.getByLabel('Description').fill('Championships settled at the last race.');
  await create.getByRole('switch', { name: 'Public' }).click();
  await shot(w, 'watchlists-create-dialog-light-desktop');
  await create.getByRole('button', { name: 'Create watchlist' }).click();
  await expect(w.getByText('Watchlist created')).toBeVisible();
  await expect(w.getByRole('heading', { level: 2, name: 'Classic title deciders' })).toBeVisible();

  // Real races from the race search, appended in turn.
  await addRace(w, 'abu dhabi 2021', '2021 Abu Dhabi Grand Prix');
  await addRace(w, 'brazil 2008', '2008 Brazilian Grand Prix');
  await addRace(w, 'suzuka 2005', '2005 Japanese Grand Prix');
  await w.getByLabel('Add races').fill('');
  const order = () => racesIn(w).getByRole('listitem').getByRole('link');
  await expect(order()).toHaveText([
    '2021 Abu Dhabi Grand Prix',
    '2008 Brazilian Grand Prix',
    '2005 Japanese Grand Prix',
  ]);

  // Suzuka moves up one place with the keyboard and keeps focus.
  await w.getByRole('button', { name: 'Move 2005 Japanese Grand Prix up' }).focus();
  await w.keyboard.press('Enter');
  await expect(order()).toHaveText([
    '2021 Abu Dhabi Grand Prix',
    '2005 Japanese Grand Prix',
    '2008 Brazilian Grand Prix',
  ]);
  await expect(w.getByRole('button', { name: 'Move 2005 Japanese Grand Prix up' })).toBeFocused();
  await w.reload();
  await expect(order()).toHaveText([
    '2021 Abu Dhabi Grand Prix',
    '2005 Japanese Grand Prix',
    '2008 Brazilian Grand Prix',
  ]);
  await shot(w, 'watchlists-manage-light-desktop');

  await w.getByRole('button', { name: 'Edit' }).click();
  const edit = w.getByRole('dialog', { name: 'Edit watchlist' });
  await expect(edit.getByLabel('Name')).toHaveValue('Classic title deciders');
  await shot(w, 'watchlists-edit-dialog-light-desktop');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // The share link, from the clipboard.
  await w.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await w.getByRole('button', { name: 'Copy share link' }).click();
  await expect(w.getByText('Share link copied to clipboard!')).toBeVisible();
  const link = await w.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/watchlist\/[A-Za-z0-9_-]{22}$/);

  // A guest in a fresh browser sees the list, its owner and its races in order.
  const guest = await openIn(browser, null);
  const g = guest.page;
  await g.goto(link);
  await expect(g.getByRole('heading', { level: 1, name: 'Classic title deciders' })).toBeVisible();
  await expect(g.getByText('Championships settled at the last race.')).toBeVisible();
  await expect(g.getByRole('link', { name: `${wendy.name} (@${wendy.username})` })).toBeVisible();
  await expect(racesIn(g).getByRole('link')).toHaveText([
    '2021 Abu Dhabi Grand Prix',
    '2005 Japanese Grand Prix',
    '2008 Brazilian Grand Prix',
  ]);
  await expect(g.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await shot(g, 'watchlists-shared-guest-light-desktop');
  await racesIn(g).getByRole('link', { name: '2005 Japanese Grand Prix' }).click();
  await expect(g).toHaveURL(/\/race\/\d+$/);

  // Every page in both themes, on a desktop and a phone.
  for (const theme of ['light', 'dark'] as const) {
    for (const device of ['desktop', 'mobile'] as const) {
      const suffix = `${theme}-${device}`;
      const ownerView = await openIn(browser, wendy, theme, device);
      await ownerView.page.goto('/watchlists');
      await expect(racesIn(ownerView.page).getByRole('listitem')).toHaveCount(3);
      await shot(ownerView.page, `watchlists-manage-${suffix}`);
      const guestView = await openIn(browser, null, theme, device);
      await guestView.page.goto(link);
      await expect(racesIn(guestView.page).getByRole('listitem')).toHaveCount(3);
      await shot(guestView.page, `watchlists-shared-${suffix}`);
      expect([...ownerView.problems, ...guestView.problems]).toEqual([]);
      await ownerView.page.context().close();
      await guestView.page.context().close();
    }
  }

  // A race removed, the list made private: the guest's link now finds nothing.
  await racesIn(w).getByRole('button', { name: 'Remove 2008 Brazilian Grand Prix' }).click();
  await expect(w.getByText('Removed 2008 Brazilian Grand Prix from Classic title deciders')).toBeVisible();
  await w.getByRole('button', { name: 'Edit' }).click();
  await edit.getByRole('switch', { name: 'Public' }).click();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(w.getByText('Watchlist updated')).toBeVisible();
  await expect(w.getByText(/the share link opens this list for you only/)).toBeVisible();

  await g.goto(link);
  await expect(g.getByRole('heading', { level: 1, name: 'Watchlist not found' })).toBeVisible();
  await shot(g, 'watchlists-shared-not-found-light-desktop');

  // Its owner still opens it, with a way back to editing.
  await w.goto(link);
  await expect(w.getByRole('heading', { level: 1, name: 'Classic title deciders' })).toBeVisible();
  await w.getByRole('link', { name: 'Edit' }).click();
  await expect(w).toHaveURL(/\/watchlists\?list=\d+$/);
  await expect(w.getByRole('heading', { level: 2, name: 'Classic title deciders' })).toBeVisible();

  expect([...owner.problems, ...guest.problems]).toEqual([]);
});
