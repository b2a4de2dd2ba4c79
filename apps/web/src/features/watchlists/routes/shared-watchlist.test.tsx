import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { watchlistFixture } from '@/test/watchlist-fixtures.ts';
import { SharedWatchlistRoute } from './shared-watchlist.tsx';

function renderPage(at: string) {
  return renderRoutes([{ path: '/watchlist/:idOrToken', element: <SharedWatchlistRoute /> }], { at });
}

describe('shared watchlist page', () => {
  it('shows a guest the list by its share link: name, description, owner and races in order', async () => {
    const list = watchlistFixture({ share_token: null, is_owner: false });
    const requests = stubApi(() => ({ status: 200, data: list }));
    renderPage('/watchlist/b6Jq3x1R9wKp0ZtLmN4sVg');

    expect(await screen.findByRole('heading', { level: 1, name: 'Classic title deciders' })).toBeInTheDocument();
    expect(requests[0]?.operation).toBe('getSharedWatchlist');
    expect(requests[0]?.params).toEqual({ token: 'b6Jq3x1R9wKp0ZtLmN4sVg' });
    expect(screen.getByText('Championships settled at the last race.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lena Fischer (@lena)' })).toHaveAttribute('href', '/profile/lena');
    expect(screen.getByText('2 races')).toBeInTheDocument();
    const races = screen.getByRole('list', { name: 'Races in Classic title deciders' });
    const links = within(races).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['2021 Abu Dhabi Grand Prix', '/race/1055'],
      ['2008 Brazilian Grand Prix', '/race/800'],
    ]);
    expect(within(races).getByText('Interlagos · Sun, Nov 2, 2008')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('opens a list by its number, and shows its owner a link to edit it', async () => {
    const requests = stubApi(() => ({ status: 200, data: watchlistFixture({ id: 12, is_owner: true }) }));
    renderPage('/watchlist/12');

    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/watchlists?list=12');
    expect(requests[0]?.operation).toBe('getWatchlist');
    expect(requests[0]?.params).toEqual({ id: '12' });
    expect(screen.getByText('Public')).toBeInTheDocument();
  });

  it('says a list without races has none yet', async () => {
    stubApi(() => ({ status: 200, data: watchlistFixture({ races: [], is_owner: false, share_token: null }) }));
    renderPage('/watchlist/12');
    expect(await screen.findByText('This list has no races yet')).toBeInTheDocument();
  });

  it('says the list is not there when it is missing or private', async () => {
    stubApi(() => ({ status: 404, data: { detail: 'Not found.' } }));
    renderPage('/watchlist/no-such-token');

    expect(await screen.findByRole('heading', { level: 1, name: 'Watchlist not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    stubApi(() => ({ status: 500, data: { detail: 'A server error occurred.' } }));
    renderPage('/watchlist/12');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The watchlist could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
