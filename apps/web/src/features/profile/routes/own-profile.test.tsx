import type { CurrentUser } from '@paddock/contract/users';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from '@/test/http.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { OwnProfileRoute } from './own-profile.tsx';

const me: CurrentUser = {
  id: 4,
  username: 'checo',
  email: 'checo@example.com',
  name: 'Checo Fan',
  bio: 'Minister of defence.',
  profile_picture: null,
  is_private: false,
  created_at: '2026-03-14T09:30:00Z',
  total_reviews: 12,
  following_count: 3,
  followers_count: 41,
  is_staff: false,
  spoiler_shield: 'off',
};

function renderProfile() {
  localStorage.setItem('access', 'token');
  const queryClient = testQueryClient();
  queryClient.setQueryData(['auth', 'me'], me);
  return renderRoutes([{ path: '/profile', element: <OwnProfileRoute /> }], { at: '/profile', queryClient });
}

afterEach(() => {
  toast.dismiss();
});

describe('own profile', () => {
  it('shows the header with initials, handle, join month and the three counts', () => {
    stubApi(() => ({ status: 500 }));
    renderProfile();

    expect(screen.getByRole('heading', { name: 'Checo Fan' })).toBeInTheDocument();
    expect(screen.getByText('CF')).toBeInTheDocument();
    expect(screen.getByText('@checo')).toBeInTheDocument();
    expect(screen.getByText('Joined March 2026')).toBeInTheDocument();
    const counts = Object.fromEntries(
      screen
        .getAllByRole('definition')
        .map((dd): [string, string] => [dd.previousElementSibling?.textContent ?? '', dd.textContent ?? '']),
    );
    expect(counts).toEqual({ Reviews: '12', Followers: '41', Following: '3' });
  });

  it('saves name, bio and privacy, refreshes the user and confirms', async () => {
    const updated = { ...me, bio: 'Minister of defence. Mexico!', is_private: true };
    const requests = stubApi(() => ({ status: 200, data: updated }));
    renderProfile();

    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    const bio = within(dialog).getByLabelText('Bio');
    expect(within(dialog).getByText('20/300')).toBeInTheDocument();
    await userEvent.type(bio, ' Mexico!');
    expect(within(dialog).getByText('28/300')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Private account' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(requests[0]?.operation).toBe('updateMe');
    expect(requests[0]?.body).toEqual({ name: 'Checo Fan', bio: 'Minister of defence. Mexico!', is_private: true });
    expect(requests.some((r) => r.operation === 'getMe')).toBe(true);
    expect(await screen.findByText('Private')).toBeInTheDocument();
  });

  it('refuses invisible characters in the name and counts the bio as it will be stored', async () => {
    const requests = stubApi(() => ({ status: 200, data: me }));
    renderProfile();

    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Checo\u202E Fan');
    const bio = within(dialog).getByLabelText('Bio');
    await userEvent.clear(bio);
    await userEvent.type(bio, '  Minister    of defence.  ');
    expect(within(dialog).getByText('20/300')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByText('Invisible formatting characters are not allowed.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.operation === 'updateMe')).toBe(false);
  });

  it('shows the name and the bio isolated from the page around them', () => {
    stubApi(() => ({ status: 500 }));
    renderProfile();

    const heading = screen.getByRole('heading', { name: 'Checo Fan' });
    expect(heading.querySelector('bdi')).toHaveTextContent('Checo Fan');
    expect(screen.getByText('Minister of defence.')).toHaveAttribute('dir', 'auto');
  });

  it("keeps the dialog open with the server's field error under the bio", async () => {
    stubApi(() => ({ status: 400, data: { bio: ['Ensure this field has no more than 300 characters.'] } }));
    renderProfile();

    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByText('Ensure this field has no more than 300 characters.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Bio')).toHaveAttribute('aria-invalid', 'true');
  });

  it('uploads a chosen picture as the multipart field avatar before saving the rest', async () => {
    const requests = stubApi(({ operation }) =>
      operation === 'uploadAvatar'
        ? { status: 200, data: { profile_picture: '/media/avatars/4.png' } }
        : { status: 200, data: { ...me, profile_picture: '/media/avatars/4.png' } },
    );
    renderProfile();

    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await userEvent.upload(within(dialog).getByLabelText('Profile picture'), picture);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    const upload = requests.find((r) => r.operation === 'uploadAvatar');
    expect(upload?.method).toBe('POST');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData).get('avatar')).toBe(picture);
    expect(requests.findIndex((r) => r.operation === 'updateMe')).toBeGreaterThan(requests.indexOf(upload!));
  });

  it("shows the server's refusal of a picture under the picture, not at the top", async () => {
    stubApi(() => ({ status: 400, data: { avatar: ['The file is not an image.'] } }));
    renderProfile();

    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    const picture = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    await userEvent.upload(within(dialog).getByLabelText('Profile picture'), picture);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByText('The file is not an image.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Profile picture')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the viewer’s own tabs and lists in their own words', async () => {
    const requests = stubApi(({ operation }) =>
      operation !== 'getMe' ? { status: 200, data: { results: [], next_cursor: null } } : { status: 200, data: me },
    );
    const { router } = renderProfile();

    await userEvent.click(screen.getByRole('tab', { name: 'Watched' }));
    expect(await screen.findByText('You have not marked a race watched yet')).toBeInTheDocument();
    expect(screen.getByText('Reviewing a race marks it watched.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=watched');
    expect(requests.find((r) => r.operation === 'listWatchedRaces')?.query).toEqual({ user_id: '4' });

    await userEvent.click(screen.getByRole('button', { name: 'Followers: 41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    expect(dialog).toHaveAccessibleDescription('People who follow Checo Fan');
    expect(await within(dialog).findByText('No followers yet')).toBeInTheDocument();
  });

  it('refuses a file that is not an image before uploading', async () => {
    const requests = stubApi(() => ({ status: 500 }));
    renderProfile();

    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    const input = within(dialog).getByLabelText('Profile picture');
    await userEvent.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), { applyAccept: false });

    expect(within(dialog).getByText('Choose a PNG, JPEG or WebP image.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
