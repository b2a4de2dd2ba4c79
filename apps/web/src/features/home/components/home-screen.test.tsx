import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { meFixture } from '@/test/review-fixtures.ts';
import { HomeScreen } from './home-screen.tsx';

function renderHome(props: { onAddReview?: () => void; following?: ReactNode } = {}) {
  return renderRoutes(
    [
      {
        path: '/home',
        element: (
          <HomeScreen
            raceCard={<p>Race card slot</p>}
            followingFeed={(goToForYou) =>
              props.following ?? (
                <div>
                  <p>Following feed slot</p>
                  <button onClick={goToForYou}>Go to For You</button>
                </div>
              )
            }
            forYouFeed={<p>For You feed slot</p>}
            onAddReview={props.onAddReview}
          />
        ),
      },
    ],
    { at: '/home' },
  );
}

function signIn(following_count: number) {
  localStorage.setItem('access', 'token');
  return stubApi(({ operation }) =>
    operation === 'getMe' ? { status: 200, data: meFixture({ following_count }) } : { status: 404 },
  );
}

/** The spec's unnamed device check, answered by the test: a finger (coarse pointer) or a mouse. */
function pointer(coarse: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(pointer: coarse)' ? coarse : false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('home screen', () => {
  it('greets a guest, shows the race card slot and opens on For You', async () => {
    renderHome();

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Paddock' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.getByText('Race card slot')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'For You' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('For You feed slot')).toBeInTheDocument();
  });

  it('opens on the Following feed for a signed-in visitor who follows someone, without the welcome card', async () => {
    signIn(2);

    renderHome();

    expect(await screen.findByText('Following feed slot')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('heading', { name: 'Welcome to Paddock' })).not.toBeInTheDocument();
    // The page still has its one h1, for screen readers only.
    expect(screen.getAllByRole('heading', { level: 1 })).toEqual([screen.getByRole('heading', { name: 'Home' })]);
    expect(screen.getByRole('heading', { name: 'Home' })).toHaveClass('sr-only');
  });

  it('switches once to For You for someone who follows nobody, without asking for the Following feed', async () => {
    signIn(0);

    renderHome();

    expect(await screen.findByText('For You feed slot')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'For You' })).toHaveAttribute('aria-selected', 'true');
    // The switch is not the visitor's choice, so it is not remembered.
    expect(localStorage.getItem('home:activeTab:v1')).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Following' }));

    expect(
      screen.getByText("You don't follow anyone yet, follow some people to see their reviews here!"),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('Following feed slot')).not.toBeInTheDocument();
  });

  it('remembers the chosen tab across visits', async () => {
    signIn(2);
    const first = renderHome();

    await userEvent.click(await screen.findByRole('tab', { name: 'For You' }));

    expect(localStorage.getItem('home:activeTab:v1')).toBe('forYou');
    first.unmount();
    renderHome();
    expect(await screen.findByRole('tab', { name: 'For You' })).toHaveAttribute('aria-selected', 'true');
  });

  it("lets the Following feed's 'Go to For You' switch tabs", async () => {
    signIn(2);
    renderHome();

    await userEvent.click(await screen.findByRole('button', { name: 'Go to For You' }));

    expect(screen.getByRole('tab', { name: 'For You' })).toHaveAttribute('aria-selected', 'true');
    expect(localStorage.getItem('home:activeTab:v1')).toBe('forYou');
  });

  it('asks a guest on the Following tab to sign in or register', async () => {
    renderHome();

    await userEvent.click(await screen.findByRole('tab', { name: 'Following' }));

    expect(screen.getByText('Sign in to see your Following feed')).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    expect(panel.querySelector('a[href="/login"]')).toHaveTextContent('Sign In');
    expect(panel.querySelector('a[href="/register"]')).toHaveTextContent('Register');
    expect(localStorage.getItem('home:activeTab:v1')).toBe('following');
  });

  it('offers the floating Add review button to a signed-in visitor on a touch screen', async () => {
    pointer(true);
    signIn(2);
    const onAddReview = vi.fn();
    renderHome({ onAddReview });

    await userEvent.click(await screen.findByRole('button', { name: 'Add review' }));

    expect(onAddReview).toHaveBeenCalledTimes(1);
  });

  it('shows no floating button with a mouse, nor to a guest', async () => {
    pointer(false);
    signIn(2);
    const view = renderHome({ onAddReview: () => undefined });
    await screen.findByText('Following feed slot');
    expect(screen.queryByRole('button', { name: 'Add review' })).not.toBeInTheDocument();
    view.unmount();

    pointer(true);
    localStorage.clear();
    renderHome({ onAddReview: () => undefined });
    await screen.findByText('For You feed slot');
    expect(screen.queryByRole('button', { name: 'Add review' })).not.toBeInTheDocument();
  });
});
