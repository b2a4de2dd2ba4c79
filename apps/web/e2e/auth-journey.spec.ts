import { expect } from '@playwright/test';
import { test } from './accounts.ts';

test('a signed-out visitor is invited to register, then signs in and lands on the page they asked for', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  const username = `journey_${Date.now().toString(36)}`;
  const password = 'lights out 2026';

  // Register: a new account is signed in and taken home.
  await page.goto('/register');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Sign out from the account menu in the sidebar footer.
  await page.getByRole('button', { name: `@${username}, account menu` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  // A direct visit to a guarded page: no referrer, so the guard invites the visitor to register.
  await page.goto('/watchlists');
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByText('Welcome to Paddock!')).toBeVisible();
  await expect(page.getByText('Please create an account to access this content')).toBeVisible();

  // A locked sidebar item remembers its page and asks for a sign-in.
  await page.goto('/home');
  await page.getByRole('button', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('main').getByText(`@${username}`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('intended_destination'))).toBeNull();
  expect(problems).toEqual([]);
});
