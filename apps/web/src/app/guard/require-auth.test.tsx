import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useNavigate, type RouteObject } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_MAIN_STATE, PageMain } from '@/app/layouts/page-main.tsx';
import { clearSession, setTokens } from '@/lib/session.ts';
import { renderRoutes } from '@/test/render.tsx';
import { GuestOnly, RequireAuth } from './require-auth.tsx';

const routes: RouteObject[] = [
  { path: '/home', element: <Link to="/watchlists">My watchlists</Link> },
  { path: '/login', element: <p>Login page</p> },
  { path: '/register', element: <p>Register page</p> },
  { Component: RequireAuth, children: [{ path: '/watchlists', element: <p>Watchlists page</p> }] },
];

function arriveFrom(referrer: string | (() => never)) {
  vi.spyOn(document, 'referrer', 'get').mockImplementation(typeof referrer === 'function' ? referrer : () => referrer);
}

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

describe('access guard', () => {
  it('shows the page to a visitor with an access token', async () => {
    localStorage.setItem('access', 'token');

    renderRoutes(routes, { at: '/watchlists' });

    expect(await screen.findByText('Watchlists page')).toBeInTheDocument();
    expect(localStorage.getItem('intended_destination')).toBeNull();
  });

  it('leaves quietly for /home when the session ends on a guarded page', async () => {
    localStorage.setItem('access', 'token');
    const { router } = renderRoutes(routes, { at: '/watchlists' });
    await screen.findByText('Watchlists page');

    act(() => clearSession());

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByText('Please log in to access this page')).not.toBeInTheDocument();
    expect(localStorage.getItem('intended_destination')).toBeNull();
  });

  it('sends a direct visit to /register with the welcome toast and remembers path, query and hash', async () => {
    arriveFrom('');

    const { router } = renderRoutes(routes, { at: '/watchlists?sort=new#list-3' });

    expect(await screen.findByText('Register page')).toBeInTheDocument();
    expect(await screen.findByText('Welcome to Paddock!')).toBeInTheDocument();
    expect(screen.getByText('Please create an account to access this content')).toBeInTheDocument();
    expect(localStorage.getItem('intended_destination')).toBe('/watchlists?sort=new#list-3');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a visitor from another site to /register', async () => {
    arriveFrom('https://www.google.com/search?q=f1+reviews');

    renderRoutes(routes, { at: '/watchlists' });

    expect(await screen.findByText('Register page')).toBeInTheDocument();
    expect(await screen.findByText('Welcome to Paddock!')).toBeInTheDocument();
  });

  it('sends a visitor from a page of this host to /login with the error toast', async () => {
    arriveFrom(`${window.location.origin}/home`);

    const { router } = renderRoutes(routes, { at: '/watchlists' });

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(await screen.findByText('Please log in to access this page')).toBeInTheDocument();
    expect(screen.getByText('You need to be authenticated to view this content')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('treats a click inside the app as an internal referrer', async () => {
    arriveFrom('https://news.example/f1');
    renderRoutes(routes, { at: '/home' });

    await userEvent.click(await screen.findByRole('link', { name: 'My watchlists' }));

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(await screen.findByText('Please log in to access this page')).toBeInTheDocument();
    expect(localStorage.getItem('intended_destination')).toBe('/watchlists');
  });

  it('gives the sign-in page focus when the guarded page was opened asking for it (a palette result)', async () => {
    arriveFrom(`${window.location.origin}/home`);
    function PaletteLike() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate('/watchlists', { state: FOCUS_MAIN_STATE })}>
          Manage Watchlists
        </button>
      );
    }
    renderRoutes(
      [
        { path: '/home', element: <PaletteLike /> },
        { path: '/login', element: <PageMain>Login page</PageMain> },
        { Component: RequireAuth, children: [{ path: '/watchlists', element: <p>Watchlists page</p> }] },
      ],
      { at: '/home' },
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Manage Watchlists' }));

    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    expect(screen.getByRole('main')).toHaveTextContent('Login page');
  });

  it('logs an unparseable referrer and treats it as external', async () => {
    arriveFrom('::not a url::');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    renderRoutes(routes, { at: '/watchlists' });

    expect(await screen.findByText('Register page')).toBeInTheDocument();
    expect(await screen.findByText('Welcome to Paddock!')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unparseable referrer'), '::not a url::');
  });

  it('falls back to /login with "Authentication required" when the referrer cannot be read', async () => {
    arriveFrom(() => {
      throw new Error('blocked');
    });

    renderRoutes(routes, { at: '/watchlists' });

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(await screen.findByText('Authentication required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to continue')).toBeInTheDocument();
  });
});

describe('login and register when already signed in', () => {
  const guestRoutes: RouteObject[] = [
    { path: '/home', element: <p>Home page</p> },
    {
      Component: GuestOnly,
      children: [
        { path: '/login', element: <SignInHere /> },
        { path: '/register', element: <p>Register page</p> },
      ],
    },
    { path: '/watchlists', element: <p>Watchlists page</p> },
  ];

  /** Stands in for the login form: signs in, then goes where the page decides. */
  function SignInHere() {
    const navigate = useNavigate();
    return (
      <button
        type="button"
        onClick={() => {
          setTokens({ access: 'token' });
          void navigate('/watchlists', { replace: true });
        }}
      >
        Sign in
      </button>
    );
  }

  it.each(['/login', '/register'])('sends a signed-in visitor of %s home', async (at) => {
    localStorage.setItem('access', 'token');
    const { router } = renderRoutes(guestRoutes, { at });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the pages to guests, and signing in there still ends where the page sends them', async () => {
    const { router } = renderRoutes(guestRoutes, { at: '/login' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Watchlists page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/watchlists');
  });
});
