import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test, openAs, register, type Account } from './accounts.ts';
import { expectNoSidewaysScroll, scrollToTop, shot, viewports } from './shots.ts';

/**
 * Live race thoughts against the real server, whose clock (CLOCK_START in start-server.ts) is set inside
 * a race's thoughts window: two fans on the race's Thoughts tab see each other's thoughts, likes and
 * comments arrive without a reload; a notification-style link opens a thought's comment; every state
 * is checked with axe-core and saved as a screenshot in both themes, on a desktop and a phone.
 */

interface ActiveThoughts {
  race: { id: number; name: string; season: { year: number } };
  status: { is_open: boolean };
}

/** The race whose thoughts are open at the server's clock. */
async function openRace(request: APIRequestContext): Promise<ActiveThoughts['race']> {
  const active = (await (await request.get('/api/f1/races/active-thoughts/')).json()) as ActiveThoughts | null;
  expect(active?.status.is_open, 'the e2e server clock should be inside a race thoughts window').toBe(true);
  return active!.race;
}

const liveIndicator = (page: Page) => page.getByRole('status').filter({ hasText: /^Live:/ });
const thoughtBy = (page: Page, account: Account) => page.getByRole('article', { name: `Thought by ${account.name}` });

test('two browsers on the Thoughts tab see each other’s thoughts live', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const race = await openRace(request);
  const alice = await register(request, 'Alice', 'Thoughts');
  const bob = await register(request, 'Bob', 'Thoughts');
  const thoughtsUrl = `/race/${race.id}?tab=thoughts`;

  const aliceView = await openAs(browser, alice);
  const bobView = await openAs(browser, bob);
  const a = aliceView.page;
  const b = bobView.page;
  await a.goto(thoughtsUrl);
  await b.goto(thoughtsUrl);
  await expect(a.getByRole('tab', { name: 'Thoughts' })).toHaveAttribute('aria-selected', 'true');
  await expect(liveIndicator(a)).toBeVisible();
  await expect(liveIndicator(b)).toBeVisible();

  // Alice posts; Bob sees it at the top of his list without reloading.
  const aliceText = `Lights out in ${race.name}! ${Date.now().toString(36)}`;
  const aliceBox = a.getByRole('textbox', { name: 'Your thought' });
  await expect(a.getByRole('button', { name: 'Post' })).toBeDisabled();
  await aliceBox.fill(aliceText);
  await expect(a.getByText(`${aliceText.length}/1000`)).toBeVisible();
  await a.getByRole('button', { name: 'Post' }).click();
  await expect(a.getByText('Thought posted!')).toBeVisible();
  const alicesOnBob = thoughtBy(b, alice).filter({ hasText: aliceText });
  await expect(alicesOnBob).toBeVisible();
  await expect(b.getByRole('list', { name: 'Thoughts' }).getByRole('article').first()).toContainText(aliceText);

  // Bob answers with a thought of his own; Alice sees it.
  const bobText = `Tyres will decide this one. ${Date.now().toString(36)}`;
  await b.getByRole('textbox', { name: 'Your thought' }).fill(bobText);
  await b.getByRole('textbox', { name: 'Your thought' }).press('Control+Enter');
  await expect(thoughtBy(a, bob).filter({ hasText: bobText })).toBeVisible();

  // Alice opens the comments of her thought; Bob likes it and comments; Alice sees both live.
  const alicesOwn = thoughtBy(a, alice).filter({ hasText: aliceText });
  await alicesOwn.getByRole('button', { name: '0 comments' }).click();
  await expect(alicesOwn.getByText('No comments yet.')).toBeVisible();
  await alicesOnBob.getByRole('button', { name: 'Like thought, 0 likes' }).click();
  await expect(alicesOnBob.getByRole('button', { name: 'Unlike thought, 1 like' })).toBeVisible();
  await expect(alicesOwn.getByRole('button', { name: 'Like thought, 1 like' })).toBeVisible();

  await alicesOnBob.getByRole('button', { name: '0 comments' }).click();
  const bobsComment = 'Mega start from the second row.';
  await alicesOnBob.getByRole('textbox', { name: 'Write a comment' }).fill(bobsComment);
  await alicesOnBob.getByRole('textbox', { name: 'Write a comment' }).press('Enter');
  await expect(b.getByText('Comment posted successfully!')).toBeVisible();
  await expect(alicesOwn.getByRole('button', { name: '1 comment' })).toBeVisible();
  const commentOnAlice = alicesOwn.getByRole('article', { name: `Comment by ${bob.name}` });
  await expect(commentOnAlice).toContainText(bobsComment);

  // Alice likes Bob's comment; Bob's count follows.
  await commentOnAlice.getByRole('button', { name: 'Like comment, 0 likes' }).click();
  await expect(
    alicesOnBob.getByRole('article', { name: `Comment by ${bob.name}` }).getByRole('button', {
      name: 'Like comment, 1 like',
    }),
  ).toBeVisible();

  await shot(a, 'thoughts-live-light-desktop');
  expect(aliceView.problems).toEqual([]);
  expect(bobView.problems).toEqual([]);
  await aliceView.page.context().close();
  await bobView.page.context().close();
});

test('a link to a thought’s comment opens it, scrolled to, focused and highlighted', async ({ browser, request }) => {
  const race = await openRace(request);
  const carol = await register(request, 'Carol', 'Thoughts');
  const dan = await register(request, 'Dan', 'Thoughts');
  const as = (account: Account) => ({ headers: { Authorization: `Bearer ${account.access}` } });

  const thought = await request.post('/api/core/race-thoughts/', {
    ...as(carol),
    data: { race_id: race.id, content: 'Pit wall asleep again?' },
  });
  expect(thought.status()).toBe(201);
  const thoughtId = ((await thought.json()) as { id: number }).id;
  const comment = await request.post('/api/core/thought-comments/', {
    ...as(dan),
    data: { thought_id: thoughtId, comment: 'They boxed a lap late, for sure.' },
  });
  expect(comment.status()).toBe(201);
  const commentId = ((await comment.json()) as { id: number }).id;

  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of Object.entries(viewports)) {
      const view = await openAs(browser, carol, { theme, viewport });
      const page = view.page;
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`/race/${race.id}?tab=thoughts&thoughtId=${thoughtId}&commentId=${commentId}`);
      const target = page.locator(`#thought-comment-${commentId}`);
      await expect(target).toContainText('They boxed a lap late, for sure.');
      await expect(target).toBeFocused();
      await expect(target).toBeInViewport();
      await expectNoSidewaysScroll(page);
      await expect(page.locator(`#thought-${thoughtId}`)).toContainText('Pit wall asleep again?');
      await shot(page, `thoughts-deeplink-${theme}-${device}`);
      expect(view.problems).toEqual([]);
      await page.context().close();
    }
  }
});

test('the Thoughts tab in both themes, signed in and as a guest, on a desktop and a phone', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const race = await openRace(request);
  const erin = await register(request, 'Erin', 'Thoughts');
  await request.post('/api/core/race-thoughts/', {
    headers: { Authorization: `Bearer ${erin.access}` },
    data: { race_id: race.id, content: 'Safety car window coming up, calling it now.' },
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of Object.entries(viewports)) {
      for (const who of ['signed-in', 'guest'] as const) {
        const view = await openAs(browser, who === 'guest' ? null : erin, { theme, viewport });
        const page = view.page;
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(`/race/${race.id}?tab=thoughts`);
        await expect(liveIndicator(page)).toBeVisible();
        const own = thoughtBy(page, erin).first();
        await expect(own).toBeVisible();
        if (who === 'guest') {
          await expect(page.getByText('Please log in to share your thoughts')).toBeVisible();
        } else {
          await expect(page.getByRole('textbox', { name: 'Your thought' })).toBeVisible();
          await own.getByRole('button', { name: /comments?$/ }).click();
          await expect(own.getByRole('textbox', { name: 'Write a comment' })).toBeVisible();
        }
        await scrollToTop(page.getByRole('heading', { name: 'Race thoughts' }));
        await expectNoSidewaysScroll(page);
        await shot(page, `thoughts-${who}-${theme}-${device}`);
        expect(view.problems).toEqual([]);
        await page.context().close();
      }
    }
  }
});
