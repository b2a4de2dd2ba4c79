import type { PublicProfile } from '@paddock/contract/follows';
import type { UserStats } from '@paddock/contract/profiles';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/http.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { meFixture, profileFixture as lenasProfile } from '@/test/review-fixtures.ts';
import { OwnProfileRoute } from './own-profile.tsx';
import { UserProfileRoute } from './user-profile.tsx';

/*
 * A profile's links to its seasons in review: each season that has ended, and the running season from
 * November on, read from the app's clock.
 */

const profileFixture = (overrides: Partial<PublicProfile> = {}) =>
  lenasProfile({ created_at: '2023-02-01T00:00:00Z', total_reviews: 9, ...overrides });

const stats: UserStats = {
  total_reviews: 9,
  average_rating: 3.5,
  rating_distribution: { '1': 1, '2': 1, '3': 2, '4': 3, '5': 2 },
  races_watched: 12,
  likes_received: 4,
  reviews_per_season: [
    { season: 2023, count: 2 },
    { season: 2024, count: 3 },
    { season: 2026, count: 4 },
  ],
  most_starred_drivers: [],
};

function renderProfile({ at = '/profile/lena', profile = profileFixture() } = {}) {
  localStorage.setItem('access', 'token');
  const queryClient = testQueryClient();
  queryClient.setQueryData(['auth', 'me'], meFixture());
  stubApi(({ operation }) => {
    if (operation === 'getProfileByUsername') return { status: 200, data: profile };
    if (operation === 'getUserStats') return { status: 200, data: stats };
    return { status: 404, data: { detail: 'Not found.' } };
  });
  return renderRoutes(
    [
      { path: '/profile', element: <OwnProfileRoute reviews={() => <p>My reviews</p>} /> },
      { path: '/profile/:username', element: <UserProfileRoute reviews={() => <p>Her reviews</p>} /> },
    ],
    { at, queryClient },
  );
}

const at = (iso: string) => vi.setSystemTime(new Date(iso));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a profile's season in review", () => {
  it('links the last season that ended until November', async () => {
    at('2026-10-31T23:59:00Z');
    renderProfile();

    const link = await screen.findByRole('link', { name: '2025 in review' });
    expect(link).toHaveAttribute('href', '/profile/lena/season/2025');
    expect(screen.queryByRole('link', { name: '2026 in review' })).not.toBeInTheDocument();
  });

  it('links the running season from November on', async () => {
    at('2026-11-01T00:00:00Z');
    renderProfile();

    expect(await screen.findByRole('link', { name: '2026 in review' })).toHaveAttribute(
      'href',
      '/profile/lena/season/2026',
    );
  });

  it("links a member's own season from their profile, at either address", async () => {
    at('2026-11-20T12:00:00Z');
    const own = renderProfile({ at: '/profile' });
    expect(await screen.findByRole('link', { name: '2026 in review' })).toHaveAttribute(
      'href',
      '/profile/checo/season/2026',
    );
    expect(screen.getByText(/^Your season:/)).toBeInTheDocument();
    own.unmount();

    renderProfile({ profile: profileFixture({ follow_status: 'self', can_follow: false }) });
    expect(await screen.findByRole('link', { name: '2026 in review' })).toHaveAttribute(
      'href',
      '/profile/lena/season/2026',
    );
  });

  it('offers no season to a viewer who may not see a private account', async () => {
    at('2026-11-20T12:00:00Z');
    renderProfile({ profile: profileFixture({ is_private: true }) });

    expect(await screen.findByRole('heading', { name: 'This account is private' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /in review$/ })).not.toBeInTheDocument();
  });

  it('lists the reviewed seasons that have ended on the Stats tab, newest first', async () => {
    at('2026-10-15T12:00:00Z');
    renderProfile({ at: '/profile/lena?tab=stats' });

    const seasons = await screen.findByRole('navigation', { name: 'Seasons in review' });
    expect(
      within(seasons)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['2024 in review', '/profile/lena/season/2024'],
      ['2023 in review', '/profile/lena/season/2023'],
    ]);
  });

  it('adds the running season to the Stats tab from November on', async () => {
    at('2026-11-02T12:00:00Z');
    renderProfile({ at: '/profile/lena?tab=stats' });

    const seasons = await screen.findByRole('navigation', { name: 'Seasons in review' });
    expect(
      within(seasons)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['2026 in review', '2024 in review', '2023 in review']);
  });
});
