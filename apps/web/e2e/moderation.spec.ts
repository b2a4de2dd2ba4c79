import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test, auth, openAs, PASSWORD, register } from './accounts.ts';
import { expectNoAxeViolations } from './axe.ts';
import { raceIdOf } from './races.ts';

/**
 * Moderation and leaving, against the real server (issue 24): staff granted with the site's own command
 * hide a reported review from the moderation page, its author still sees it marked, nobody else does, and
 * the action is in the audit log; a member deletes their account from settings, is signed out, cannot sign
 * in again, and their review leaves the race. Every screen is checked with axe-core.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** `npm run users:staff -- <username>`, joining the running server's database as an operator would. */
function grantStaff(username: string): void {
  execFileSync('npm', ['run', '--silent', 'users:staff', '--', username], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: 'pipe',
  });
}

test('staff hide a reported review; its author sees it marked, others no longer see it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const cy = await register(request, 'Cy', 'Moderation');
  const di = await register(request, 'Di', 'Moderation');
  const mo = await register(request, 'Mo', 'Moderation');
  grantStaff(mo.username);
  const raceId = await raceIdOf(request, 2024, 'Belgian Grand Prix');
  const created = await request.post('/api/core/reviews/', {
    headers: auth(cy),
    data: { race_id: raceId, rating: 1, review_text: 'Cheap tickets at example.bet, follow the link!' },
  });
  expect(created.status()).toBe(201);
  const review = (await created.json()) as { id: number };
  const filed = await request.post('/api/core/reports/', {
    headers: auth(di),
    data: { target_type: 'review', target_id: review.id, reason: 'spam', details: 'An advert, not a review' },
  });
  expect(filed.status()).toBe(201);

  // The staff member finds the page in the sidebar, the report with the review in context.
  const { page, problems } = await openAs(browser, mo);
  await page.goto('/home');
  await page.getByRole('link', { name: 'Moderation', exact: true }).click();
  await expect(page).toHaveURL(/\/moderation$/);
  const card = page.getByRole('article', { name: 'Review reported for spam' });
  await expect(card).toContainText('Cheap tickets at example.bet');
  await expect(card).toContainText('An advert, not a review');
  await expect(card.getByRole('link', { name: 'Review of 2024 Belgian Grand Prix' })).toBeVisible();
  await expectNoAxeViolations(page, 'the moderation queue');
  await card.getByLabel('Note for the log (optional)').fill('Advertising');
  await card.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('Hidden. Every report about it is resolved.')).toBeVisible();
  await expect(page.getByText('No open reports. All clear.')).toBeVisible();
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByText(`@${mo.username} hid review #${review.id}`)).toBeVisible();
  await expect(page.getByText('“Advertising”')).toBeVisible();
  await expectNoAxeViolations(page, 'the audit log');

  // The reporter no longer finds it on the race; its address answers as if it were not there.
  const diView = await openAs(browser, di, { expected: /404/ });
  await diView.page.goto(`/race/${raceId}?tab=reviews`);
  await expect(diView.page.getByRole('tabpanel')).toBeVisible();
  await expect(diView.page.getByText('Cheap tickets at example.bet')).toHaveCount(0);

  // Its author still sees it, marked. (The page's document is rendered for a guest, who may not see it: 404,
  // as for a private account's review; the browser then reads it as its author.)
  const cyView = await openAs(browser, cy, { expected: /404/ });
  await cyView.page.goto(`/review/${review.id}`);
  await expect(cyView.page.getByText('Cheap tickets at example.bet')).toBeVisible();
  await expect(cyView.page.getByText('Hidden by moderators')).toBeVisible();
  await expectNoAxeViolations(cyView.page, 'a hidden review, to its author');
  expect(problems).toEqual([]);
  expect(diView.problems).toEqual([]);
  expect(cyView.problems).toEqual([]);
});

test('a member deletes their account: signed out, cannot sign in, and their review leaves the race', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const eve = await register(request, 'Eve', 'Leaving');
  const raceId = await raceIdOf(request, 2024, 'Dutch Grand Prix');
  const reviewCount = async () =>
    ((await (await request.get(`/api/f1/races/${raceId}/`)).json()) as { review_count: number }).review_count;
  const before = await reviewCount();
  const created = await request.post('/api/core/reviews/', {
    headers: auth(eve),
    data: { race_id: raceId, rating: 4, review_text: 'Eve says goodbye from Zandvoort.' },
  });
  expect(created.status()).toBe(201);
  expect(await reviewCount()).toBe(before + 1);

  const { page, problems } = await openAs(browser, eve, { expected: /40[01]/ });
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Delete account' });
  await section.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'the delete account question');
  await dialog.getByLabel(`Type your username, ${eve.username}, to confirm`).fill(eve.username);
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The password is not correct.')).toBeVisible();
  await expectNoAxeViolations(page, 'the delete account question with an error');
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Your account is deleted. Goodbye from the paddock.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();

  expect(problems).toEqual([]);

  // The review is gone from the race and its count; signing in again fails.
  expect(await reviewCount()).toBe(before);
  const guest = await openAs(browser, null, { expected: /401/ });
  await guest.page.goto(`/race/${raceId}?tab=reviews`);
  await expect(guest.page.getByRole('tabpanel')).toBeVisible();
  await expect(guest.page.getByText('Eve says goodbye from Zandvoort.')).toHaveCount(0);
  await guest.page.goto('/login');
  await guest.page.getByLabel('Username or email').fill(eve.username);
  await guest.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await guest.page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(guest.page.getByText('No active account found with the given credentials')).toBeVisible();
  await expectNoAxeViolations(guest.page, 'sign-in refused after deletion');
  expect(guest.problems).toEqual([]);
});
