import type { CurrentUser } from '@paddock/contract/users';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { getMeQueryOptions } from '@/lib/current-user.ts';
import { stubApi } from '@/test/http.ts';
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
  is_staff: false,
  spoiler_shield: 'off',
};

function renderShell() {
  // The signed-in header polls the bell's counts.
  stubApi(({ operation }) =>
    operation === 'countFollowRequests' || operation === 'countNotifications'
      ? { status: 200, data: { count: 0 } }
      : { status: 404, data: { detail: 'Not found.' } },
  );
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

function setViewportWidth(width: number) {
  act(() => {
    window.happyDOM.setViewport({ width, height: 800 });
  });
}

afterEach(() => {
  setViewportWidth(1024);
});

describe('app shell', () => {
  it('offers a guest sign-up and sign-in, and dims the pages that need an account', async () => {
    renderShell();

    expect(await screen.findByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('Sign in to access all features')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profile' })).toHaveAccessibleDescription('Sign in to access');
    expect(screen.queryByRole('button', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('puts everything in landmarks: the header, the sidebar navigation and the page', async () => {
    renderShell();

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('button', { name: /^Search…/ })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(nav).getByRole('switch', { name: 'Dark mode' })).toBeInTheDocument();
    expect(within(nav).getByText('F1DB')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Paddock' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Home page')).toBeInTheDocument();
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

  it('keeps the letters typed in the same instant as ctrl+k, and a palette opened again starts empty', async () => {
    renderShell();
    await screen.findByText('Home page');

    // One task: no effect has run and the palette's code has not arrived when the letters come.
    act(() => {
      for (const init of [{ key: 'k', ctrlKey: true }, { key: 'm' }, { key: 'o' }, { key: 'x' }, { key: 'Backspace' }])
        window.dispatchEvent(new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true }));
    });

    const palette = await screen.findByRole('dialog', { name: 'Search Paddock' });
    await waitFor(() => expect(within(palette).getByRole('combobox')).toHaveValue('mo'));
    expect(within(palette).getByRole('combobox')).toHaveFocus();
    await userEvent.keyboard('n');
    expect(within(palette).getByRole('combobox')).toHaveValue('mon');

    await userEvent.keyboard('{Control>}k{/Control}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.keyboard('{Control>}k{/Control}');
    await waitFor(() =>
      expect(within(screen.getByRole('dialog', { name: 'Search Paddock' })).getByRole('combobox')).toHaveValue(''),
    );
  });

  it('shows a signed-in user their account, the bell and their quick actions', async () => {
    localStorage.setItem('access', 'token');
    renderShell();

    expect(await screen.findByText('@lando_fan')).toBeInTheDocument();
    expect(screen.getByText('Lando Fan')).toBeInTheDocument();
    // WCAG 2.5.3: the account button's name starts with the text it shows.
    const account = screen.getByRole('button', { name: 'Lando Fan @lando_fan, account menu' });
    expect(account).toHaveTextContent(/^Lando Fan@lando_fan$/);
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
    // The new page's main content takes focus, where a screen reader goes on reading.
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('gives focus back to the search button when the palette closes', async () => {
    renderShell();
    const search = await screen.findByRole('button', { name: /^Search…/ });

    await userEvent.click(search);
    expect(await screen.findByRole('dialog', { name: 'Search Paddock' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(search).toHaveFocus());
  });

  it('gives focus back to what had it when ctrl+k opened the palette', async () => {
    renderShell();
    act(() => screen.getByRole('button', { name: 'Profile' }).focus());
    // Its hint loads with the first focus and takes the button over, keeping the focus.
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Sign in to access');
    expect(screen.getByRole('button', { name: 'Profile' })).toHaveFocus();

    await userEvent.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Search Paddock' })).toBeInTheDocument();
    await userEvent.keyboard('{Control>}k{/Control}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Profile' })).toHaveFocus());
  });

  it('gives focus to the search button when nothing had focus as ctrl+k opened the palette', async () => {
    renderShell();
    await screen.findByText('Home page');
    expect(document.activeElement).toBe(document.body);

    await userEvent.keyboard('{Control>}k{/Control}');
    await userEvent.keyboard('{Escape}');

    await waitFor(() => expect(screen.getByRole('button', { name: /^Search…/ })).toHaveFocus());
  });

  it('shows the ctrl+k hint only with a fine pointer, and not in the phone sheet', async () => {
    renderShell();
    const search = await screen.findByRole('button', { name: /^Search…/ });
    expect(within(search).getByText(/^(⌘K|Ctrl K)$/)).toHaveClass('pointer-coarse:hidden');

    setViewportWidth(390);
    await userEvent.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    const sheet = await screen.findByRole('dialog', { name: 'Navigation' });

    expect(within(sheet).getByRole('button', { name: 'Search…' })).toHaveTextContent(/^Search…$/);
  });

  it('gives focus to the header search button when the palette opened from the phone sheet closes', async () => {
    setViewportWidth(390);
    renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Toggle sidebar' }));
    const sheet = await screen.findByRole('dialog', { name: 'Navigation' });

    await userEvent.click(within(sheet).getByRole('button', { name: 'Search…' }));
    expect(await screen.findByRole('dialog', { name: 'Search Paddock' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await waitFor(() => expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus());
  });
});
