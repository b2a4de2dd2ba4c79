import type { CurrentUser } from '@paddock/contract/users';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getMeQueryOptions } from '@/lib/current-user.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { AppShell, MainLayout } from './app-shell.tsx';

const me: CurrentUser = {
  id: 7,
  username: 'lando_fan',
  email: 'lando@example.com',
  name: 'Lando Fan',
  bio: '',
  profile_picture: null,
  is_private: false,
  created_at: '2026-03-01T10:00:00Z',
  total_reviews: 0,
  following_count: 0,
  followers_count: 0,
};

function renderShell() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(getMeQueryOptions().queryKey, me);
  return renderRoutes(
    [
      {
        Component: AppShell,
        children: [
          {
            Component: MainLayout,
            children: [
              { path: '/home', element: <p>Home page</p> },
              { path: '/profile', element: <p>Profile page</p> },
            ],
          },
        ],
      },
      { path: '/login', element: <p>Login page</p> },
    ],
    { at: '/home', queryClient },
  );
}

describe('app shell', () => {
  it('offers a guest sign-up and sign-in, and dims the pages that need an account', async () => {
    renderShell();

    expect(await screen.findByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('Sign in to access all features')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profile' })).toHaveAccessibleDescription('Sign in to access');
    expect(screen.queryByRole('button', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('sends a guest who clicks Profile to /login and remembers /profile', async () => {
    const { router } = renderShell();

    await userEvent.click(await screen.findByRole('button', { name: 'Profile' }));

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('intended_destination')).toBe('/profile');
  });

  it('opens the search palette with ctrl+k and lists the guest quick actions', async () => {
    renderShell();
    await screen.findByText('Home page');

    await userEvent.keyboard('{Control>}k{/Control}');

    const palette = await screen.findByRole('dialog', { name: 'Search Paddock' });
    expect(within(palette).getByText('Start typing to search...')).toBeInTheDocument();
    const actions = within(palette)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(actions).toEqual(['Go to Home', 'Sign In', 'Sign Up']);
  });

  it('shows a signed-in user their account, the bell and their quick actions', async () => {
    localStorage.setItem('access', 'token');
    renderShell();

    expect(await screen.findByText('@lando_fan')).toBeInTheDocument();
    expect(screen.getByText('Lando Fan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');

    await userEvent.click(screen.getByRole('button', { name: /^Search…/ }));

    const palette = await screen.findByRole('dialog', { name: 'Search Paddock' });
    const actions = within(palette)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(actions).toEqual(['Go to Home', 'View Profile', 'Season Overview', 'Manage Watchlists']);
  });

  it('navigates from a quick action and closes the palette', async () => {
    localStorage.setItem('access', 'token');
    const { router } = renderShell();
    await screen.findByText('Home page');

    await userEvent.keyboard('{Meta>}k{/Meta}');
    await userEvent.click(await screen.findByRole('option', { name: 'View Profile' }));

    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.queryByRole('dialog', { name: 'Search Paddock' })).not.toBeInTheDocument();
  });
});
