import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render.tsx';
import { HomeScreen } from './home-screen.tsx';

function renderHome() {
  return renderRoutes([{ path: '/home', element: <HomeScreen raceCard={<p>Race card slot</p>} /> }], { at: '/home' });
}

describe('home screen', () => {
  it('greets a guest, shows the race card slot and opens on For You', async () => {
    renderHome();

    expect(await screen.findByRole('heading', { name: 'Welcome to Paddock' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.getByText('Race card slot')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'For You' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('No recommendations available yet')).toBeInTheDocument();
  });

  it('opens on Following for a signed-in visitor, without the welcome card', async () => {
    localStorage.setItem('access', 'token');

    renderHome();

    expect(await screen.findByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('No reviews from people you follow yet')).toBeInTheDocument();
    expect(screen.getByText('Follow some users or check the For You tab')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to Paddock' })).not.toBeInTheDocument();
  });

  it('remembers the chosen tab across visits', async () => {
    localStorage.setItem('access', 'token');
    const first = renderHome();

    await userEvent.click(await screen.findByRole('tab', { name: 'For You' }));

    expect(localStorage.getItem('home:activeTab:v1')).toBe('forYou');
    first.unmount();
    renderHome();
    expect(await screen.findByRole('tab', { name: 'For You' })).toHaveAttribute('aria-selected', 'true');
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
});
