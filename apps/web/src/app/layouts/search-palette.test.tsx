import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchPalette } from '@/app/layouts/search-palette.tsx';
import { emptySearch, monzaSearch } from '@/test/f1-fixtures.ts';
import { stubApi, type StubbedRequest, type StubReply } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';

function Palette() {
  const [open, setOpen] = useState(true);
  return open ? <SearchPalette open onOpenChange={setOpen} /> : <p>Palette closed</p>;
}

function renderPalette() {
  return renderRoutes(
    [
      { path: '/home', element: <Palette /> },
      { path: '/race/:raceId', element: <p>Race page</p> },
      { path: '/driver/:driverId', element: <p>Driver page</p> },
      { path: '/team/:teamId', element: <p>Team page</p> },
      { path: '/profile/:username', element: <p>Profile page</p> },
      { path: '/search', element: <p>Search page</p> },
    ],
    { at: '/home' },
  );
}

function serveSearch(reply: (q: string) => StubReply) {
  return stubApi(({ operation, query }) => {
    if (operation !== 'search') return { status: 404, data: { detail: 'Not found.' } };
    return reply(query?.q ?? '');
  });
}

const searchedTerms = (requests: StubbedRequest[]) => requests.map((r) => r.query?.q);

afterEach(() => {
  vi.useRealTimers();
});

describe('search palette results', () => {
  it('waits 300 ms after the last keystroke and searches once for the whole word', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const requests = serveSearch(() => ({ status: 200, data: monzaSearch }));
    renderPalette();
    const input = screen.getByRole('combobox');

    for (const text of ['m', 'mo', 'mon', 'monz', 'monza']) {
      fireEvent.input(input, { target: { value: text } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
    }
    expect(requests).toHaveLength(0);
    expect(screen.getByText('Searching…')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(199);
    });
    expect(requests).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(searchedTerms(requests)).toEqual(['monza']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByRole('group', { name: 'Races' })).toBeInTheDocument();
  });

  it('needs two characters after trimming before it searches', async () => {
    const requests = serveSearch(() => ({ status: 200, data: monzaSearch }));
    renderPalette();

    await userEvent.type(screen.getByRole('combobox'), ' m ');
    expect(await screen.findByText('Type at least 2 characters to search.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests).toHaveLength(0);

    await userEvent.type(screen.getByRole('combobox'), 'o');
    expect(await screen.findByRole('group', { name: 'Races' })).toBeInTheDocument();
    expect(searchedTerms(requests)).toEqual(['m o']);
  });

  it('groups races, drivers, teams and users with what identifies each', async () => {
    serveSearch(() => ({ status: 200, data: monzaSearch }));
    renderPalette();

    await userEvent.type(screen.getByRole('combobox'), 'monza');

    const races = await screen.findByRole('group', { name: 'Races' });
    const [completed, upcoming] = within(races).getAllByRole('option');
    expect(completed).toHaveTextContent('2024 Italian Grand Prix');
    expect(completed).toHaveTextContent('Monza · Monza');
    expect(completed).toHaveTextContent('Completed');
    expect(upcoming).toHaveTextContent('2027 Italian Grand Prix');
    expect(upcoming).not.toHaveTextContent('Completed');
    const drivers = screen.getByRole('group', { name: 'Drivers' });
    expect(within(drivers).getByRole('option')).toHaveTextContent('Charles Leclerc LECMonaco');
    const teams = screen.getByRole('group', { name: 'Teams' });
    expect(within(teams).getByRole('option')).toHaveTextContent('FerrariItaly · Principal: Frédéric Vasseur');
    const users = screen.getByRole('group', { name: 'Users' });
    expect(within(users).getByRole('option')).toHaveTextContent('Tifosi Monza@tifosi_monza');
    const order = screen
      .getAllByRole('group')
      .map((group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(order.filter(Boolean)).toEqual(['Races', 'Drivers', 'Teams', 'Users']);
  });

  it("shows the groups in the server's order, the group of the best hit first, and selects its first result", async () => {
    serveSearch(() => ({ status: 200, data: { ...monzaSearch, order: ['drivers', 'users', 'races', 'teams'] } }));
    renderPalette();

    await userEvent.type(screen.getByRole('combobox'), 'leclerc');

    await screen.findByRole('group', { name: 'Drivers' });
    const order = screen
      .getAllByRole('group')
      .map((group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(order.filter(Boolean)).toEqual(['Drivers', 'Users', 'Races', 'Teams']);
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Charles Leclerc');
    // cmdk selects the first result once it has drawn the list.
    await waitFor(() => expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true'));
  });

  it.each([
    ['Races', '2024 Italian Grand Prix', 'Race page', '/race/1117'],
    ['Drivers', 'Charles Leclerc', 'Driver page', '/driver/charles-leclerc'],
    ['Teams', 'Ferrari', 'Team page', '/team/ferrari'],
    ['Users', 'Tifosi Monza', 'Profile page', '/profile/tifosi_monza'],
  ])('opens a result from the %s group and closes the palette', async (group, text, page, path) => {
    serveSearch(() => ({ status: 200, data: monzaSearch }));
    const { router } = renderPalette();

    await userEvent.type(screen.getByRole('combobox'), 'monza');
    const groupElement = await screen.findByRole('group', { name: group });
    const option = within(groupElement)
      .getAllByRole('option')
      .find((o) => o.textContent.includes(text));
    expect(option).toBeDefined();
    await userEvent.click(option as HTMLElement);

    expect(await screen.findByText(page)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('offers every result on the search page', async () => {
    serveSearch(() => ({ status: 200, data: monzaSearch }));
    const { router } = renderPalette();

    await userEvent.type(screen.getByRole('combobox'), 'monza');
    await userEvent.click(await screen.findByRole('option', { name: 'See all results for "monza"' }));

    expect(await screen.findByText('Search page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=monza');
  });

  it('says so when nothing matches', async () => {
    serveSearch(() => ({ status: 200, data: emptySearch }));
    renderPalette();

    await userEvent.type(screen.getByRole('combobox'), 'zzzz');

    expect(await screen.findByText('No results found for "zzzz"')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('treats a failed search as no results', async () => {
    const requests = serveSearch(() => ({ status: 500, data: { detail: 'A server error occurred.' } }));
    renderPalette();

    await userEvent.type(screen.getByRole('combobox'), 'monza');

    expect(await screen.findByText('No results found for "monza"')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('keeps its list at most 300 px tall', () => {
    serveSearch(() => ({ status: 200, data: monzaSearch }));
    renderPalette();

    expect(screen.getByRole('listbox')).toHaveClass('max-h-[300px]');
  });
});
