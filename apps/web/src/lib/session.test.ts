import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/test/tokens.ts';
import { clearSession, dropExpiredSession, isSignedIn, setTokens } from './session.ts';

const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);

describe('session', () => {
  it('counts a visitor as signed in exactly while an access token is stored', () => {
    expect(isSignedIn()).toBe(false);
    setTokens({ access: 'a', refresh: 'r' });
    expect(isSignedIn()).toBe(true);
    clearSession();
    expect(isSignedIn()).toBe(false);
  });

  it('keeps only the theme, home tab and seen records on sign-out', () => {
    setTokens({ access: 'a', refresh: 'r' });
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('home:activeTab:v1', 'following');
    localStorage.setItem('seen:following:v1', '{}');
    localStorage.setItem('intended_destination', '/profile');
    localStorage.setItem('something-else', '1');

    clearSession();

    expect(Object.keys(localStorage).sort()).toEqual(['home:activeTab:v1', 'seen:following:v1', 'theme']);
  });

  it('drops an expired refresh token together with the access token at start-up', () => {
    setTokens({ access: fakeJwt('access', NOW - 60_000), refresh: fakeJwt('refresh', NOW - 1000) });
    localStorage.setItem('theme', 'light');

    dropExpiredSession(NOW);

    expect(localStorage.getItem('refresh')).toBeNull();
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('keeps a session whose refresh token is still valid at start-up', () => {
    const access = fakeJwt('access', NOW - 60_000);
    const refresh = fakeJwt('refresh', NOW + 86_400_000);
    setTokens({ access, refresh });

    dropExpiredSession(NOW);

    expect(localStorage.getItem('access')).toBe(access);
    expect(localStorage.getItem('refresh')).toBe(refresh);
  });
});
