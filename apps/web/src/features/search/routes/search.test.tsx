import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptySearch, monzaSearch } from '@/test/f1-fixtures.ts';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { SearchRoute } from './search.tsx';

function renderSearch(at: string) {
  return renderRoutes([{ path: '/search', element: <SearchRoute /> }], { at });
}

describe('search page', () => {
  it('searches for ?q= and lists each group with links', async () => {
    const requests = stubApi(({ operation, query }) =>
      operation === 'search' && query?.q?.startsWith('monza')
        ? { status: 200, data: monzaSearch }
        : { status: 200, data: emptySearch },
    );
    renderSearch('/search?q=monza');

    expect(screen.getByRole('searchbox')).toHaveValue('monza');
    const races = await screen.findByRole('region', { name: 'Races (2)' });
    expect(
      within(races)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/race/1117', '/race/1183']);
    expect(within(screen.getByRole('region', { name: 'Drivers (1)' })).getByRole('link')).toHaveAttribute(
      'href',
      '/driver/charles-leclerc',
    );
    expect(within(screen.getByRole('region', { name: 'Teams (1)' })).getByRole('link')).toHaveAttribute(
      'href',
      '/team/ferrari',
    );
    expect(within(screen.getByRole('region', { name: 'Users (1)' })).getByRole('link')).toHaveAttribute(
      'href',
      '/profile/tifosi_monza',
    );
    expect(requests[0]?.operation).toBe('search');
    expect(requests[0]?.query).toEqual({ q: 'monza', limit: '20' });
  });

  it('follows the typed text in the address and says when nothing matches', async () => {
    stubApi(() => ({ status: 200, data: emptySearch }));
    const { router } = renderSearch('/search');

    expect(
      screen.getByText('Type at least 2 characters to search races, drivers, teams and users.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), 'zzzz');

    expect(await screen.findByText('No results found for "zzzz"')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?q=zzzz'));
  });
});
