import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubbedRequest } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import {
  abuDhabi2021,
  brazil2008,
  entriesOf,
  fakeWatchlistsApi,
  japan2005,
  watchlistFixture,
} from '@/test/watchlist-fixtures.ts';
import { WatchlistsRoute } from './watchlists.tsx';

/** What a request asked for: its operation, path parameters, query and body. */
const sent = ({ operation, params, query, body }: StubbedRequest) => ({ operation, params, query, body });

function renderPage(at = '/watchlists') {
  localStorage.setItem('access', 'token');
  return renderRoutes([{ path: '/watchlists', element: <WatchlistsRoute /> }], { at });
}

const raceNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('link')[0]!.textContent);

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

describe('watchlists page', () => {
  it('invites a user without lists to create one, and opens the new list', async () => {
    const server = fakeWatchlistsApi([]);
    const requests = stubApi(server.handle);
    renderPage();

    expect(await screen.findByText('No watchlists yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New watchlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'New watchlist' });
    await userEvent.type(await within(dialog).findByLabelText('Name'), 'Rain masters');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Wet races');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Public' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create watchlist' }));

    expect(await screen.findByText('Watchlist created')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Rain masters',
      description: 'Wet races',
      is_public: true,
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Rain masters' })).toBeInTheDocument();
    expect(screen.getByText('No races in this list yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Rain masters/, current: 'page' })).toBeInTheDocument();
  });

  it('keeps the dialog open and says why when the name is empty', async () => {
    const requests = stubApi(fakeWatchlistsApi([]).handle);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New watchlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'New watchlist' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create watchlist' }));
    expect(await within(dialog).findByText('Name cannot be empty')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('refuses a name with invisible characters before sending, and sends a name with its spaces collapsed', async () => {
    const requests = stubApi(fakeWatchlistsApi([]).handle);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New watchlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'New watchlist' });
    const name = await within(dialog).findByLabelText('Name');
    await userEvent.type(name, 'Rain\u200B masters');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create watchlist' }));
    expect(await within(dialog).findByText('Invisible formatting characters are not allowed.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.clear(name);
    await userEvent.type(name, '  Rain   masters ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create watchlist' }));
    expect(await screen.findByText('Watchlist created')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ name: 'Rain masters' });
  });

  it("lists the user's watchlists and shows the chosen one with its races in order", async () => {
    stubApi(
      fakeWatchlistsApi([
        watchlistFixture({ id: 12 }),
        watchlistFixture({ id: 13, name: 'Rewatch this winter', is_public: false, races: entriesOf([japan2005]) }),
      ]).handle,
    );
    renderPage('/watchlists?list=12');

    const nav = await screen.findByRole('navigation', { name: 'Your watchlists' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Private:Rewatch this winter1', 'Public:Classic title deciders2']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Classic title deciders' })).toBeInTheDocument();
    const races = screen.getByRole('list', { name: 'Races in Classic title deciders' });
    expect(raceNames(races)).toEqual(['2021 Abu Dhabi Grand Prix', '2008 Brazilian Grand Prix']);
    expect(within(races).getByRole('link', { name: '2021 Abu Dhabi Grand Prix' })).toHaveAttribute(
      'href',
      '/race/1055',
    );
    expect(within(races).getByText('Yas Marina Circuit · Sun, Dec 12, 2021')).toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('link', { name: /Rewatch this winter/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Rewatch this winter' })).toBeInTheDocument();
    expect(screen.getByText(/the share link opens this list for you only/)).toBeInTheDocument();
  });

  it('moves a race with the keyboard, keeping focus on the moved race', async () => {
    const server = fakeWatchlistsApi([watchlistFixture({ races: entriesOf([abuDhabi2021, brazil2008, japan2005]) })]);
    const requests = stubApi(server.handle);
    renderPage();

    const down = await screen.findByRole('button', { name: 'Move 2021 Abu Dhabi Grand Prix down' });
    expect(screen.getByRole('button', { name: 'Move 2021 Abu Dhabi Grand Prix up' })).toBeDisabled();
    down.focus();
    await userEvent.keyboard('{Enter}');

    const races = screen.getByRole('list', { name: 'Races in Classic title deciders' });
    await waitFor(() =>
      expect(raceNames(races)).toEqual([
        '2008 Brazilian Grand Prix',
        '2021 Abu Dhabi Grand Prix',
        '2005 Japanese Grand Prix',
      ]),
    );
    expect(requests.filter((r) => r.method === 'PUT').map(sent)[0]).toEqual({
      operation: 'reorderWatchlist',
      params: { id: '12' },
      body: { race_ids: [800, 1055, 740] },
    });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move 2021 Abu Dhabi Grand Prix down' })),
    );
    expect(screen.getByText('2021 Abu Dhabi Grand Prix moved to position 2 of 3.')).toBeInTheDocument();

    // At the end of the list, focus moves to the twin button.
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move 2021 Abu Dhabi Grand Prix up' })),
    );
    expect(server.lists.get(12)!.races.map((e) => e.race.id)).toEqual([800, 740, 1055]);
  });

  it('puts the order back and says so when reordering fails', async () => {
    const server = fakeWatchlistsApi([watchlistFixture()]);
    server.fail('reorderWatchlist', { status: 500, data: { detail: 'A server error occurred.' } });
    stubApi(server.handle);
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Move 2008 Brazilian Grand Prix up' }));
    expect(await screen.findByText('Failed to reorder races. Please try again.')).toBeInTheDocument();
    const races = screen.getByRole('list', { name: 'Races in Classic title deciders' });
    await waitFor(() => expect(raceNames(races)).toEqual(['2021 Abu Dhabi Grand Prix', '2008 Brazilian Grand Prix']));
  });

  it('adds a race found by the race search, and marks the races already in the list', async () => {
    const requests = stubApi(fakeWatchlistsApi([watchlistFixture()]).handle);
    renderPage();

    await userEvent.type(await screen.findByLabelText('Add races'), 'grand prix');
    const results = await screen.findByRole('list', { name: 'Matching races' });
    expect(requests.find((r) => r.operation === 'listRaces')?.query).toEqual({ search: 'grand prix', page_size: '10' });
    expect(within(results).getAllByText('In list')).toHaveLength(2);
    await userEvent.click(within(results).getByRole('button', { name: 'Add 2005 Japanese Grand Prix' }));

    expect(await screen.findByText('Added 2005 Japanese Grand Prix to Classic title deciders')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map(sent)[0]).toEqual({
      operation: 'addWatchlistRace',
      params: { id: '12' },
      body: { race_id: 740 },
    });
    const races = screen.getByRole('list', { name: 'Races in Classic title deciders' });
    await waitFor(() => expect(raceNames(races).at(-1)).toBe('2005 Japanese Grand Prix'));
    expect(within(results).getAllByText('In list')).toHaveLength(3);
    expect(screen.getByText('3 races')).toBeInTheDocument();
  });

  it("shows the server's reason when a race cannot be added", async () => {
    const server = fakeWatchlistsApi([watchlistFixture()]);
    server.fail('addWatchlistRace', {
      status: 400,
      data: { non_field_errors: ['A watchlist holds at most 500 races.'] },
    });
    stubApi(server.handle);
    renderPage();

    await userEvent.type(await screen.findByLabelText('Add races'), 'japan');
    await userEvent.click(await screen.findByRole('button', { name: 'Add 2005 Japanese Grand Prix' }));
    expect(await screen.findByText('A watchlist holds at most 500 races.')).toBeInTheDocument();
  });

  it('removes a race from the list', async () => {
    const requests = stubApi(fakeWatchlistsApi([watchlistFixture()]).handle);
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Remove 2021 Abu Dhabi Grand Prix' }));
    expect(
      await screen.findByText('Removed 2021 Abu Dhabi Grand Prix from Classic title deciders'),
    ).toBeInTheDocument();
    const removed = requests.find((r) => r.method === 'DELETE');
    expect(removed?.operation).toBe('removeWatchlistRace');
    expect(removed?.params).toEqual({ id: '12', race_id: '1055' });
    const races = screen.getByRole('list', { name: 'Races in Classic title deciders' });
    expect(raceNames(races)).toEqual(['2008 Brazilian Grand Prix']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove 2008 Brazilian Grand Prix' }));
  });

  it('edits name, description and visibility in the edit-watchlist modal', async () => {
    const requests = stubApi(fakeWatchlistsApi([watchlistFixture()]).handle);
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit watchlist' });
    const name = await within(dialog).findByLabelText('Name');
    expect(name).toHaveValue('Classic title deciders');
    expect(within(dialog).getByRole('switch', { name: 'Public' })).toBeChecked();
    await userEvent.clear(name);
    await userEvent.type(name, 'Last-race deciders');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Public' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Watchlist updated')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH').map(sent)[0]).toEqual({
      operation: 'updateWatchlist',
      params: { id: '12' },
      body: { name: 'Last-race deciders', description: 'Championships settled at the last race.', is_public: false },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Last-race deciders' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Private')).toBeInTheDocument();
  });

  it('copies the share link, and says when copying fails', async () => {
    stubApi(fakeWatchlistsApi([watchlistFixture()]).handle);
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    renderPage();

    const copy = await screen.findByRole('button', { name: 'Copy share link' });
    await userEvent.click(copy);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/watchlist/b6Jq3x1R9wKp0ZtLmN4sVg`);
    expect(await screen.findByText('Share link copied to clipboard!')).toBeInTheDocument();
    await userEvent.click(copy);
    expect(await screen.findByText('Failed to copy link')).toBeInTheDocument();
  });

  it('deletes a list after confirmation', async () => {
    const requests = stubApi(fakeWatchlistsApi([watchlistFixture()]).handle);
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete list' }));
    const question = screen.getByRole('group', { name: 'Delete Classic title deciders?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete list' }));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Delete Classic title deciders?' })).getByRole('button', {
        name: 'Delete list',
      }),
    );
    expect(await screen.findByText('Deleted Classic title deciders')).toBeInTheDocument();
    const deleted = requests.find((r) => r.method === 'DELETE');
    expect(deleted?.operation).toBe('deleteWatchlist');
    expect(deleted?.params).toEqual({ id: '12' });
    expect(await screen.findByText('No watchlists yet')).toBeInTheDocument();
  });

  it('offers a retry when the lists cannot be loaded', async () => {
    let fail = true;
    stubApi((request) => {
      if (fail) return { status: 500, data: { detail: 'A server error occurred.' } };
      return fakeWatchlistsApi([]).handle(request);
    });
    renderPage();

    expect(await screen.findByText('Your watchlists could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No watchlists yet')).toBeInTheDocument();
  });
});
