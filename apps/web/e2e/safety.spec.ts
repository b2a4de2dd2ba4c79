import { expect, type Page } from '@playwright/test';
import { test, auth, openAs, register, type Account } from './accounts.ts';
import { expectNoAxeViolations } from './axe.ts';
import { raceIdOf } from './races.ts';

/**
 * Reports, blocks and mutes against the real server (issue 24): a member reports a review from its card,
 * mutes its author there and the review leaves the race's list; blocks him from his profile, after a
 * question; the blocked member finds a private profile with nothing to request; both are taken back on the
 * settings page. Every screen is checked with axe-core.
 */

const reviewCard = (page: Page, author: Account) =>
  page.getByRole('article', { name: new RegExp(`^${author.name} on Italian Grand Prix 2024`) });

test('report and mute from a review card, block from a profile, and take both back in settings', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ana = await register(request, 'Ana', 'Safety');
  const bo = await register(request, 'Bo', 'Safety');
  const raceId = await raceIdOf(request, 2024, 'Italian Grand Prix');
  const review = await request.post('/api/core/reviews/', {
    headers: auth(bo),
    data: { race_id: raceId, rating: 5, review_text: 'Bo loved every lap at Monza.' },
  });
  expect(review.status()).toBe(201);
  expect((await request.post('/api/social/follows/', { headers: auth(bo), data: { user_id: ana.id } })).status()).toBe(
    201,
  );

  // Ana mutes Bo from his review on the race page: it leaves the list.
  // A list of Bo's profile asked for while the block lands answers 403 by design.
  const { page, problems } = await openAs(browser, ana, { expected: /403/ });
  await page.goto(`/race/${raceId}?tab=reviews`);
  const card = reviewCard(page, bo);
  await expect(card).toContainText('Bo loved every lap at Monza.');
  // She reports it first, with a reason.
  await card.getByRole('button', { name: `More actions for @${bo.username}` }).click();
  await page.getByRole('menuitem', { name: 'Report review' }).click();
  const reportDialog = page.getByRole('dialog', { name: 'Report this review' });
  await reportDialog.getByRole('radio', { name: 'Spoilers without warning' }).check();
  await expectNoAxeViolations(page, 'the report dialog');
  await reportDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Report sent. Thank you.')).toBeVisible();
  await expect(reportDialog).toHaveCount(0);
  await card.getByRole('button', { name: `More actions for @${bo.username}` }).click();
  await expect(page.getByRole('menuitem', { name: `Block @${bo.username}` })).toBeVisible();
  await page.getByRole('menuitem', { name: `Mute @${bo.username}` }).click();
  await expect(page.getByText(`Muted @${bo.username}`)).toBeVisible();
  await expect(reviewCard(page, bo)).toHaveCount(0);
  await expectNoAxeViolations(page, 'the race page after a mute');

  // His profile still opens, marked Muted; Ana blocks him there, after the question.
  await page.goto(`/profile/${bo.username}`);
  await expect(page.getByText('Muted', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `More actions for @${bo.username}` }).click();
  await page.getByRole('menuitem', { name: `Block @${bo.username}` }).click();
  const question = page.getByRole('dialog', { name: `Block @${bo.username}?` });
  await expect(question).toBeVisible();
  await expectNoAxeViolations(page, 'the block question');
  await question.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByRole('heading', { name: `You have blocked @${bo.username}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Follow @${bo.username}` })).toHaveCount(0);
  await expectNoAxeViolations(page, 'a blocked profile');

  // Bo, blocked, finds Ana's profile private with nothing to ask, and his follow of her gone.
  const boView = await openAs(browser, bo, { expected: /403/ });
  await boView.page.goto(`/profile/${ana.username}`);
  await expect(boView.page.getByRole('heading', { name: 'This account is private' })).toBeVisible();
  await expect(boView.page.getByText(`Only the people @${ana.username} approves see`)).toBeVisible();
  await expect(boView.page.getByRole('button', { name: new RegExp(`@${ana.username}$`) })).toHaveCount(1); // the menu
  await expect(boView.page.getByRole('button', { name: /^(Follow|Following|Requested) @/ })).toHaveCount(0);
  await expectNoAxeViolations(boView.page, "the blocker's profile, to the blocked");

  // Settings list both; Ana takes them back.
  await page.goto(`/profile/${ana.username}`);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const blocked = page.getByRole('region', { name: 'Blocked accounts' });
  const muted = page.getByRole('region', { name: 'Muted accounts' });
  await expect(blocked.getByRole('link', { name: bo.name })).toBeVisible();
  await expect(muted.getByRole('link', { name: bo.name })).toBeVisible();
  await expectNoAxeViolations(page, 'settings');
  await blocked.getByRole('button', { name: `Unblock @${bo.username}` }).click();
  await expect(blocked.getByText('You have not blocked anyone.')).toBeVisible();
  await muted.getByRole('button', { name: `Unmute @${bo.username}` }).click();
  await expect(muted.getByText('You have not muted anyone.')).toBeVisible();

  await page.goto(`/race/${raceId}?tab=reviews`);
  await expect(reviewCard(page, bo)).toContainText('Bo loved every lap at Monza.');
  expect(problems).toEqual([]);
  expect(boView.problems).toEqual([]);
});
