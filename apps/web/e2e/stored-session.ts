import { test, type BrowserContext, type Page } from '@playwright/test';

interface Tokens {
  access: string;
  refresh: string;
}

/**
 * A browser as after signing in here (or a guest's, with `tokens` null), with a theme chosen: the tokens
 * and the theme in localStorage, and the `signed_in` hint cookie the app writes beside the tokens
 * (lib/session.ts), from which the server leaves a signed-in reader's Home to the browser.
 */
export async function storeSession(
  target: BrowserContext | Page,
  tokens: Tokens | null,
  theme: 'light' | 'dark' | null = null,
): Promise<void> {
  const context = 'newPage' in target ? target : target.context();
  if (tokens) await context.addCookies([{ name: 'signed_in', value: '1', url: test.info().project.use.baseURL! }]);
  await target.addInitScript(
    ({ tokens, theme }) => {
      if (theme) localStorage.setItem('theme', theme);
      if (tokens) {
        localStorage.setItem('access', tokens.access);
        localStorage.setItem('refresh', tokens.refresh);
      }
    },
    { tokens, theme },
  );
}
