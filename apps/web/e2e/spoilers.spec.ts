import { expect } from '@playwright/test';
import { test, auth, openAs, register } from './accounts.ts';
import { expectNoAxeViolations } from './axe.ts';
import { raceIdOf } from './races.ts';
import { shot } from './shots.ts';

/**
 * The spoiler shield as a fan who records races uses it: with "Every unwatched race" chosen in Settings, a
 * race they have not watched shows no winner, classification or review text (on the page as it first paints,
 * not hidden afterwards), "Reveal" shows it for this browser session only, and marking another race watched
 * lifts its shield for good.
 */

const NOTICE = 'Spoilers hidden — mark as watched to reveal';

test('a fan with the spoiler shield sees no result until they reveal it or mark the race watched', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const fan = await register(request, 'Fan', 'Spoilers');
  const critic = await register(request, 'Critic', 'Spoilers');
  const [monza, zandvoort] = [
    await raceIdOf(request, 2024, 'Italian Grand Prix'),
    await raceIdOf(request, 2024, 'Dutch Grand Prix'),
  ];
  const verdict = 'Leclerc made one set of hards last 38 laps and won it.';
  const reviewed = await request.post('/api/core/reviews/', {
    headers: auth(critic),
    data: { race_id: monza, rating: 5, review_text: verdict },
  });
  expect(reviewed.status()).toBe(201);

  const { page, problems } = await openAs(browser, fan);
  await page.goto('/settings');
  const setting = page.getByRole('combobox', { name: 'Spoiler shield' });
  await expect(setting).toHaveValue('off');
  await setting.selectOption({ label: 'Every unwatched race' });
  await expect(page.getByText('Spoiler shield: Every unwatched race.')).toBeVisible();
  await expectNoAxeViolations(page, 'settings with the spoiler shield');

  // The race as it first arrives: no classification, no review text, the notice instead.
  const served = await page.request.get(`/race/${monza}`);
  expect(await served.text()).not.toContain(verdict);
  await page.goto(`/race/${monza}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Italian Grand Prix' })).toBeVisible();
  await expect(page.getByText(NOTICE).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Race classification' })).toHaveCount(0);
  await expect(page.getByText(verdict)).toHaveCount(0);
  await expectNoAxeViolations(page, 'a shielded race page');
  await shot(page, 'spoilers-race-hidden');

  // Reveal: this session only.
  await page.getByRole('note').filter({ hasText: NOTICE }).first().getByRole('button', { name: 'Reveal' }).click();
  const classification = page.getByRole('table', { name: 'Race classification' });
  await expect(classification.getByRole('row').nth(1)).toContainText('Charles Leclerc');
  await page.reload();
  await expect(classification.getByRole('row').nth(1)).toContainText('Charles Leclerc');
  const freshSession = await openAs(browser, fan);
  await freshSession.page.goto(`/race/${monza}`);
  await expect(freshSession.page.getByText(NOTICE).first()).toBeVisible();
  await freshSession.page.context().close();

  // Another race stays shielded until it is marked watched, and then for good.
  await page.goto(`/race/${zandvoort}`);
  await expect(page.getByText(NOTICE).first()).toBeVisible();
  await page
    .getByRole('note')
    .filter({ hasText: NOTICE })
    .first()
    .getByRole('button', { name: 'Mark as watched' })
    .click();
  await expect(classification.getByRole('row').nth(1)).toContainText('Lando Norris');
  const watched = (await (await request.get(`/api/f1/races/${zandvoort}/results/`, { headers: auth(fan) })).json()) as {
    spoilers_hidden: boolean;
    classification: unknown[];
  };
  expect(watched.spoilers_hidden).toBe(false);
  expect(watched.classification.length).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});
