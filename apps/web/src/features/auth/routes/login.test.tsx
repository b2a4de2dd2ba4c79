import type { CurrentUser } from '@paddock/contract/users';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { LoginRoute } from './login.tsx';

const me: CurrentUser = {
  id: 1,
  username: 'kimi',
  email: 'kimi@example.com',
  name: 'Kimi',
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

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginRoute /> },
      { path: '/home', element: <p>Home page</p> },
      { path: '/season-overview', element: <p>Season overview page</p> },
    ],
    { at: '/login' },
  );
}

async function signIn(username: string, password: string) {
  if (username) await userEvent.type(screen.getByLabelText('Username or email'), username);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  it('names itself in the document title', async () => {
    stubApi(() => ({ status: 500 }));
    renderLogin();
    await screen.findByRole('button', { name: 'Sign in' });
    expect(document.title).toBe('Sign in · Paddock');
  });

  it('explains blank fields without calling the server', async () => {
    const requests = stubApi(() => ({ status: 500 }));
    renderLogin();

    await signIn('', '');

    // The form's schema loads on first use: its messages come once it has.
    await waitFor(() =>
      expect(screen.getByLabelText('Username or email')).toHaveAccessibleDescription('This field may not be blank.'),
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('moves focus to the first field with an error', async () => {
    const requests = stubApi(() => ({ status: 500 }));
    renderLogin();

    await signIn('', '');
    await waitFor(() => expect(screen.getByLabelText('Username or email')).toHaveFocus());

    await signIn('kimi', '');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(requests).toHaveLength(0);
  });

  it('tabs from the username to the password, then to the recovery link and the button', async () => {
    stubApi(() => ({ status: 500 }));
    renderLogin();
    act(() => screen.getByLabelText('Username or email').focus());

    await userEvent.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveFocus();
  });

  it("shows the server's detail at the top of the form", async () => {
    stubApi(() => ({ status: 401, data: { detail: 'No active account found with the given credentials' } }));
    renderLogin();

    await signIn('kimi', 'wrong password');

    expect(await screen.findByRole('alert')).toHaveTextContent('No active account found with the given credentials');
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('stores both tokens, loads the user and continues to the intended destination', async () => {
    localStorage.setItem('intended_destination', '/season-overview?season=2025');
    const requests = stubApi(({ operation }) =>
      operation === 'login'
        ? { status: 200, data: { access: 'new-access', refresh: 'new-refresh' } }
        : { status: 200, data: me },
    );
    const { router, queryClient } = renderLogin();

    await signIn('kimi', 'lights out 2026');

    expect(await screen.findByText('Season overview page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?season=2025');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(requests.map((r) => r.operation)).toEqual(['login', 'getMe']);
    expect(requests[0]?.body).toEqual({ username: 'kimi', password: 'lights out 2026' });
    expect(localStorage.getItem('access')).toBe('new-access');
    expect(localStorage.getItem('refresh')).toBe('new-refresh');
    expect(localStorage.getItem('intended_destination')).toBeNull();
    expect(queryClient.getQueryData(['auth', 'me'])).toEqual(me);
  });

  it('goes home when the stored destination is an authentication page', async () => {
    localStorage.setItem('intended_destination', '/register');
    stubApi(({ operation }) =>
      operation === 'login' ? { status: 200, data: { access: 'a', refresh: 'r' } } : { status: 200, data: me },
    );
    renderLogin();

    await signIn('kimi', 'lights out 2026');

    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('links to password recovery and registration', () => {
    stubApi(() => ({ status: 500 }));
    renderLogin();

    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    const footer = screen.getByText(/New to Paddock/);
    expect(within(footer).getByRole('link')).toHaveAttribute('href', '/register');
  });
});
