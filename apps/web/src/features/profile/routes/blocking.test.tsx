import type { PublicProfile } from '@paddock/contract/follows';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from '@/test/http.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { lena, meFixture } from '@/test/review-fixtures.ts';
import { UserProfileRoute } from './user-profile.tsx';

/* Block and mute from a profile (decision 028), and what a blocked or blocking viewer sees there. */

const base: PublicProfile = {
  ...lena,
  bio: '',
  is_private: false,
  created_at: '2025-02-01T00:00:00Z',
  total_reviews: 4,
  following_count: 1,
  followers_count: 2,
  follow_status: 'none',
  follows_you: false,
  blocking: false,
  muting: false,
  can_follow: true,
};

function renderProfile(initial: Partial<PublicProfile> = {}) {
  localStorage.setItem('access', 'token');
  const queryClient = testQueryClient();
  queryClient.setQueryData(['auth', 'me'], meFixture());
  let profile = { ...base, ...initial };
  const requests = stubApi((request) => {
    if (request.operation === 'getProfileByUsername') return { status: 200, data: profile };
    if (request.operation === 'blockUser') {
      profile = { ...profile, blocking: true, can_follow: false, follow_status: 'none' };
      return { status: 201, data: { detail: 'Blocked.' } };
    }
    if (request.operation === 'unblockUser') {
      profile = { ...profile, blocking: false, can_follow: true };
      return { status: 204, data: null };
    }
    if (request.operation === 'createReport') {
      return {
        status: 201,
        data: { id: 1, ...(request.body as object), status: 'open', created_at: '2026-11-28T00:00:00Z' },
      };
    }
    if (request.operation === 'muteUser') {
      profile = { ...profile, muting: true };
      return { status: 201, data: { detail: 'Muted.' } };
    }
    return { status: 404, data: { detail: 'Not found.' } };
  });
  renderRoutes([{ path: '/profile/:username', element: <UserProfileRoute reviews={() => <p>Her reviews</p>} /> }], {
    at: '/profile/lena',
    queryClient,
  });
  return requests;
}

afterEach(() => {
  toast.dismiss();
});

describe('blocking from a profile', () => {
  it('asks first, blocks, and then shows the way back instead of the reviews', async () => {
    const user = userEvent.setup();
    const requests = renderProfile();
    expect(await screen.findByText('Her reviews')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions for @lena' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block @lena' }));
    expect(await screen.findByRole('dialog', { name: 'Block @lena?' })).toBeInTheDocument();
    expect(requests.some((r) => r.operation === 'blockUser')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Block' }));

    expect(await screen.findByRole('heading', { name: 'You have blocked @lena' })).toBeInTheDocument();
    expect(requests.find((r) => r.operation === 'blockUser')?.body).toEqual({ user_id: lena.id });
    expect(screen.queryByText('Her reviews')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow @lena' })).not.toBeInTheDocument();
    expect(await screen.findByText('Blocked @lena')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('Her reviews')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow @lena' })).toBeInTheDocument();
  });

  it('mutes at once, and marks the profile Muted', async () => {
    const user = userEvent.setup();
    const requests = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'More actions for @lena' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute @lena' }));
    expect(await screen.findByText('Muted')).toBeInTheDocument();
    expect(requests.find((r) => r.operation === 'muteUser')?.body).toEqual({ user_id: lena.id });
    await user.click(screen.getByRole('button', { name: 'More actions for @lena' }));
    expect(await screen.findByRole('menuitem', { name: 'Unmute @lena' })).toBeInTheDocument();
  });

  it('shows an account that blocked the viewer as a private one, with nothing to request', async () => {
    renderProfile({ is_private: true, can_follow: false });
    expect(await screen.findByRole('heading', { name: 'This account is private' })).toBeInTheDocument();
    expect(screen.getByText(/Only the people @lena approves see/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Follow @lena|Request/ })).not.toBeInTheDocument());
    expect(screen.queryByText('Her reviews')).not.toBeInTheDocument();
  });

  it('reports the account with a reason, which it asks for first', async () => {
    const user = userEvent.setup();
    const requests = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'More actions for @lena' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report @lena' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this account' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeInTheDocument();
    expect(requests.some((r) => r.operation === 'createReport')).toBe(false);
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'More details (optional)' }), 'Every race, again.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report sent. Thank you.')).toBeInTheDocument();
    expect(requests.find((r) => r.operation === 'createReport')?.body).toEqual({
      target_type: 'user',
      target_id: lena.id,
      reason: 'harassment',
      details: 'Every race, again.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
