import { expect } from '@playwright/test';
import { test, openAs, register } from './accounts.ts';
import { raceIdOf } from './races.ts';
import { shot, viewports } from './shots.ts';

/**
 * What F1DB holds beyond the classification, on the real seed: a sprint weekend's grid with penalties,
 * practice, sprint qualifying, pit stops and the driver of the day; a car's details; the standings after a
 * round with a disqualification, and a season before the constructors' championship.
 */

test('a race weekend as F1DB has it: grid, practice, sprint qualifying, pit stops, driver of the day', async ({
  browser,
  request,
}) => {
  const china = await raceIdOf(request, 2024, 'Chinese Grand Prix');
  const { page, problems } = await openAs(browser, null);
  await page.goto(`/race/${china}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');

  // Norris, second, won the vote; his car opens to its engine, tyres, chassis and entrant.
  const classification = page.getByRole('table', { name: 'Race classification' });
  const norris = classification.getByRole('row').filter({ hasText: 'Lando Norris' });
  await expect(norris.getByText('Driver of the day')).toBeVisible();
  await norris.getByRole('button', { name: "Details of Lando Norris's car" }).click();
  await expect(classification.getByText('McLaren MCL38')).toBeVisible();
  await expect(classification.getByText('Mercedes-AMG F1 M15 1.6 V6 T H', { exact: false })).toBeVisible();
  await shot(page, 'race-weekend-classification-desktop');

  const tabs = page.getByRole('tablist', { name: 'Race' });
  await tabs.getByRole('tab', { name: 'Grid' }).click();
  await expect(page.getByRole('heading', { name: 'Race grid' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sprint grid' })).toBeVisible();
  await shot(page, 'race-weekend-grid-desktop');

  await tabs.getByRole('tab', { name: 'Sprint qualifying' }).click();
  await expect(page.getByRole('table', { name: 'Sprint qualifying' })).toContainText('Lando Norris');

  await tabs.getByRole('tab', { name: 'Practice' }).click();
  await expect(page.getByRole('table', { name: 'Practice 1' })).toContainText('Lance Stroll');

  await tabs.getByRole('tab', { name: 'Pit stops' }).click();
  await expect(page.getByRole('table', { name: 'Pit stops' })).toContainText('Nico Hülkenberg');
  await expect(page).toHaveURL(/tab=pit-stops/);
  await shot(page, 'race-weekend-pit-stops-desktop');

  await page.setViewportSize(viewports.mobile);
  await tabs.getByRole('tab', { name: 'Grid' }).click();
  await shot(page, 'race-weekend-grid-mobile');
  expect(problems).toEqual([]);
});

test('the standings after any round, a disqualification, and the years before the constructors’ championship', async ({
  browser,
  request,
}) => {
  const fan = await register(request, 'Standings', 'History');
  const { page, problems } = await openAs(browser, fan);
  await page.goto('/season-overview?season=1997');
  await expect(page.getByLabel('Standings', { exact: true }).locator('option:checked')).toHaveText('Final standings');

  // Schumacher's 1997: disqualified from the championship, and said so.
  const drivers = page.getByRole('table', { name: "Drivers' standings" });
  await expect(drivers.getByRole('row').filter({ hasText: 'Michael Schumacher' })).toContainText('DSQ');
  await expect(page.getByText('DSQ: disqualified from the championship.')).toBeVisible();

  // Before the last round Schumacher led: the standings after round 16 say so.
  await page.getByLabel('Standings', { exact: true }).selectOption({ label: 'After round 16 — Japanese Grand Prix' });
  await expect(page).toHaveURL(/round=16/);
  await expect(drivers.getByRole('row').nth(1)).toContainText('Michael Schumacher');
  await shot(page, 'season-standings-after-round-desktop');

  await page.goto('/season-overview?season=1956');
  await expect(page.getByText('The constructors’ championship began in 1958.')).toBeVisible();
  await shot(page, 'season-1956-desktop');
  expect(problems).toEqual([]);
});
