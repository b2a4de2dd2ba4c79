import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { deviceSettings, viewports } from './shots.ts';
import { storeSession } from './stored-session.ts';

/* The members a journey registers through the API, and a browser of each one's own. */

/** The browsers `openAs` opened in the running test. */
const opened = new Set<BrowserContext>();

/**
 * Playwright's `test`, closing the browsers `openAs` opened once each test ends. The browser itself lives
 * through the whole run: a page left open keeps its streams, clocks and polls going, and slows every journey
 * after it.
 */
export const test = base.extend<{ closeOpenedBrowsers: void }>({
  closeOpenedBrowsers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      await use();
      await Promise.all([...opened].map((context) => context.close()));
      opened.clear();
    },
    { auto: true },
  ],
});

export interface Account {
  id: number;
  username: string;
  name: string;
  access: string;
  refresh: string;
}

export const PASSWORD = 'lights out 2026';
const stamp = Date.now().toString(36);

/** Registers `{first}` of a journey (`"Alice", "Journey"`: Alice Journey, @alice_journey_…), unique per run. */
export async function register(request: APIRequestContext, first: string, journey: string): Promise<Account> {
  const username = `${first}_${journey}_${stamp}`.toLowerCase();
  const name = `${first} ${journey}`;
  const res = await request.post('/api/auth/register/', {
    data: { username, email: `${username}@example.com`, password: PASSWORD, name },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { access: string; refresh: string; user: { id: number } };
  return { id: body.user.id, username, name, access: body.access, refresh: body.refresh };
}

export const auth = (account: Account) => ({ authorization: `Bearer ${account.access}` });

/**
 * A browser of its own (its own storage) signed in as `account`, or a guest, with the problems it logs:
 * page errors and console errors, except those `expected` matches (an answer the journey causes on purpose).
 */
export async function openAs(
  browser: Browser,
  account: Pick<Account, 'access' | 'refresh'> | null,
  {
    theme = 'light',
    viewport = viewports.desktop,
    expected,
    device,
  }: {
    theme?: 'light' | 'dark';
    viewport?: { width: number; height: number };
    expected?: RegExp;
    /** A device as the screenshots see it: its size, and a phone's touch screen, with motion reduced. */
    device?: keyof typeof viewports;
  } = {},
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext(
    device ? { viewport: viewports[device], ...deviceSettings(device) } : { viewport },
  );
  opened.add(context);
  await storeSession(context, account, theme);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected?.test(message.text())) problems.push(message.text());
  });
  return { page, problems };
}
