import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@paddock/contract/search';
import { SearchPalette } from '@/app/layouts/search-palette.tsx';
import { monzaSearch } from '@/test/f1-fixtures.ts';
import { stubApi, type StubbedRequest } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';

/* The search palette for a reader whose spoiler shield hides a race it finds (decision 033). */

const NOTICE = 'Spoilers hidden — mark as watched to reveal';

function Palette() {
  const [open, setOpen] = useState(true);
  return open ? <SearchPalette open onOpenChange={setOpen} /> : <p>Palette closed</p>;
}

/** Monza 2024 shielded until watched or revealed (the reveal header names it). */
function serveShieldedSearch() {
  let watched = false;
  return stubApi((request: StubbedRequest) => {
    if (request.operation === 'markWatched') {
      watched = true;
      return { status: 201, data: { race_id: 1117 } };
    }
    if (request.operation !== 'search') return { status: 404, data: { detail: 'Not found.' } };
    const lifted = watched || request.headers.get('x-spoilers-revealed') === '1117';
    const result: SearchResult = {
      ...monzaSearch,
      races: monzaSearch.races.map((race) => (race.id === 1117 && !lifted ? { ...race, spoilers_hidden: true } : race)),
    };
    return { status: 200, data: result };
  });
}

async function searchMonza() {
  localStorage.setItem('access', 'token');
  renderRoutes(
    [
      { path: '/home', element: <Palette /> },
      { path: '/race/:raceId', element: <p>Race page</p> },
    ],
    { at: '/home' },
  );
  await userEvent.type(screen.getByRole('combobox'), 'monza');
  return screen.findByRole('group', { name: 'Races' });
}

describe('a shielded race in the search palette', () => {
  it('says its spoilers are hidden and offers to mark it watched or reveal it, as options of the list', async () => {
    serveShieldedSearch();
    const races = await searchMonza();
    expect(within(races).getByText(NOTICE)).toBeInTheDocument();
    expect(within(races).getAllByText(NOTICE)).toHaveLength(1);
    expect(within(races).getByRole('option', { name: 'Mark as watched' })).toBeInTheDocument();
    expect(within(races).getByRole('option', { name: 'Reveal' })).toBeInTheDocument();
    // The race not run yet is shown as before.
    expect(within(races).getByText('Monza · Monza', { exact: false })).toBeInTheDocument();
  });

  it('marks it watched from the palette, and the notice goes', async () => {
    const requests = serveShieldedSearch();
    const races = await searchMonza();
    await userEvent.click(within(races).getByRole('option', { name: 'Mark as watched' }));
    expect(requests.find((r) => r.operation === 'markWatched')?.body).toEqual({ race_id: 1117 });
    await screen.findByRole('group', { name: 'Races' });
    expect(await screen.findAllByText('Monza · Monza', { exact: false })).toHaveLength(2);
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('reveals it for the session, sending the reveal with the next search', async () => {
    const requests = serveShieldedSearch();
    const races = await searchMonza();
    await userEvent.click(within(races).getByRole('option', { name: 'Reveal' }));
    expect(await screen.findAllByText('Monza · Monza', { exact: false })).toHaveLength(2);
    expect(
      requests
        .filter((r) => r.operation === 'search')
        .at(-1)
        ?.headers.get('x-spoilers-revealed'),
    ).toBe('1117');
    expect(screen.queryByRole('option', { name: 'Reveal' })).not.toBeInTheDocument();
  });
});
