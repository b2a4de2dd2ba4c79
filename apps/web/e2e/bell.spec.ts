import { expect } from '@playwright/test';
import { test, auth, openAs, register } from './accounts.ts';
import { expectNoAxeViolations } from './axe.ts';
import { raceIdOf } from './races.ts';
import { shot } from './shots.ts';

/**
 * The bell rings at once: a member with the site open sees a like on their review, and a follow request,
 * on the badge within seconds (the counts are polled only every 30 s, so only the live stream can do
 * it), in two tabs at once, and reading the notification in one tab clears the other's badge.
 */

test('a like and a follow request reach the bell of an open page at once, in every tab', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const alice = await register(request, 'Alice', 'Bell');
  const bob = await register(request, 'Bob', 'Bell');
  const carol = await register(request, 'Carol', 'Bell');
  const monzaId = await raceIdOf(request, 2024, 'Italian Grand Prix');
  const created = await request.post('/api/core/reviews/', {
    headers: auth(alice),
    data: { race_id: monzaId, rating: 5, review_text: 'Leclerc on one stop at Monza: the tifosi roared.' },
  });
  expect(created.status()).toBe(201);
  const review = (await created.json()) as { id: number };

  const { page, problems } = await openAs(browser, alice);
  await page.goto('/home');
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  const second = await page.context().newPage();
  await second.goto(`/review/${review.id}`);
  const secondBell = second.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(secondBell).toHaveAccessibleName('Notifications');
  // Both tabs' streams are open before anything happens (a change before that would be polled, later).
  await page.waitForTimeout(1_000);

  const liked = await request.post('/api/core/review-likes/toggle/', {
    headers: auth(bob),
    data: { review_id: review.id },
  });
  expect(liked.status()).toBe(200);
  await expect(bell).toHaveAccessibleName('Notifications, 1 new', { timeout: 5_000 });
  await expect(secondBell).toHaveAccessibleName('Notifications, 1 new', { timeout: 5_000 });

  // Her account goes private: a follow now waits for her answer, and counts on the bell.
  await request.patch('/api/social/users/me/', { headers: auth(alice), data: { is_private: true } });
  const requested = await request.post('/api/social/follows/', { headers: auth(carol), data: { user_id: alice.id } });
  expect(requested.status()).toBe(201);
  await expect(bell).toHaveAccessibleName('Notifications, 2 new', { timeout: 5_000 });

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('wants to follow you')).toBeVisible();
  await expect(panel.getByText(/liked your review of the 2024 Italian Grand Prix/)).toBeVisible();
  await expectNoAxeViolations(page, 'the bell after a live like and request');
  await shot(page, 'bell-live');

  // Opening the notification reads it: the other tab's badge follows without a reload.
  await panel.getByRole('button', { name: /liked your review of the 2024 Italian Grand Prix/ }).click();
  await expect(page).toHaveURL(new RegExp(`/review/${review.id}`));
  await expect(secondBell).toHaveAccessibleName('Notifications, 1 new', { timeout: 5_000 });
  expect(problems).toEqual([]);
});
