import { describe, expect, it } from 'vitest';
import { isSafeDestination, saveIntendedDestination, takeIntendedDestination } from './intended-destination.ts';

describe('intended destination', () => {
  it.each(['/profile', '/watchlists?sort=new#top', '/season-overview?season=2024', '/profile/lewis', '/loginx'])(
    'honours %s',
    (value) => {
      expect(isSafeDestination(value)).toBe(true);
    },
  );

  it.each([
    ['an empty value', ''],
    ['a relative path', 'profile'],
    ['an absolute URL', 'https://evil.example/profile'],
    ['a URL smuggled after a slash', '/redirect?to=https://evil.example'],
    ['a protocol-relative URL', '//evil.example/profile'],
    ['a backslash host', '/\\evil.example'],
    ['the login page', '/login'],
    ['the login page with a query', '/login?next=/profile'],
    ['the register page', '/register/'],
    ['the forgot-password page', '/forgot-password'],
    ['a reset-password link', '/reset-password/MQ/abc-123'],
  ])('refuses %s', (_label, value) => {
    expect(isSafeDestination(value)).toBe(false);
  });

  it('returns the stored destination once and then forgets it', () => {
    saveIntendedDestination('/watchlists?tab=public#list-3');

    expect(takeIntendedDestination()).toBe('/watchlists?tab=public#list-3');
    expect(localStorage.getItem('intended_destination')).toBeNull();
    expect(takeIntendedDestination()).toBe('/home');
  });

  it('falls back to /home for a refused destination and removes it', () => {
    saveIntendedDestination('/register');

    expect(takeIntendedDestination()).toBe('/home');
    expect(localStorage.getItem('intended_destination')).toBeNull();
  });
});
