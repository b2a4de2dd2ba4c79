import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/http.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { lena, meFixture, reviewFixture } from '@/test/review-fixtures.ts';
import { UserProfilePageRoute } from './user-profile.tsx';

function renderProfile(profile: Record<string, unknown>) {
  localStorage.setItem('access', 'token');
  const queryClient = testQueryClient();
  queryClient.setQueryData(['auth', 'me'], meFixture());
  const requests = stubApi(({ operation }) => {
    if (operation === 'getProfileByUsername') {
      return {
        status: 200,
        data: {
          ...lena,
          bio: 'Tifosi.',
          is_private: false,
          created_at: '2025-02-01T00:00:00Z',
          total_reviews: 1,
          following_count: 3,
          followers_count: 9,
          follow_status: 'none',
          follows_you: false,
          blocking: false,
          muting: false,
          can_follow: true,
          ...profile,
        },
      };
    }
    if (operation === 'listReviews') return { status: 200, data: { results: [reviewFixture()], next_cursor: null } };
    return { status: 404, data: { detail: 'Not found.' } };
  });
  renderRoutes(
    [
      { path: '/profile/:username', element: <UserProfilePageRoute /> },
      { path: '/profile', element: <p>Own profile</p> },
    ],
    { at: '/profile/lena', queryClient },
  );
  return requests;
}

describe("someone else's profile", () => {
  it('shows the header with Follow and their reviews', async () => {
    const requests = renderProfile({ follows_you: true });

    expect(await screen.findByRole('heading', { name: 'Lena Fischer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow @lena' })).toBeInTheDocument();
    expect(screen.getByText('Follows you')).toBeInTheDocument();
    expect(await screen.findByText('Leclerc making a one-stop work at Monza.')).toBeInTheDocument();
    expect(requests.find((r) => r.operation === 'listReviews')?.query).toEqual({ user_id: String(lena.id) });
  });

  it("keeps a private account's reviews closed to non-followers, showing Requested when asked", async () => {
    const requests = renderProfile({ is_private: true, follow_status: 'requested' });

    expect(await screen.findByText('This account is private')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Requested @lena' })).toBeInTheDocument();
    expect(requests.some((r) => r.operation === 'listReviews')).toBe(false);
  });

  it('shows its owner their profile at its shareable address, with Edit profile instead of Follow', async () => {
    renderProfile({ follow_status: 'self' });

    expect(await screen.findByRole('heading', { name: 'Lena Fischer' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow @lena' })).not.toBeInTheDocument();
    expect(screen.queryByText('Own profile')).not.toBeInTheDocument();
  });
});
