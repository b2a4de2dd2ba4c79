import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { leclerc, monza2024Results, raceDetailFixture } from '@/test/f1-fixtures.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { RaceRoute } from './race.tsx';

beforeAll(() => {
  // A viewer two hours ahead of UTC in September, so "local" and UTC differ.
  process.env.TZ = 'Europe/Rome';
});

function renderRace(at = '/race/1117', queryClient?: ReturnType<typeof createQueryClient>) {
  return renderRoutes(
    [
      { path: '/race/:raceId', element: <RaceRoute /> },
      { path: '/driver/:driverId', element: <p>Driver page</p> },
    ],
    { at, queryClient },
  );
}

function serveMonza() {
  return stubApi(({ operation, params }) => {
    if (operation === 'getRace' && params?.id === '1117') return { status: 200, data: raceDetailFixture() };
    if (operation === 'getRaceResults' && params?.id === '1117') return { status: 200, data: monza2024Results };
    return { status: 404, data: { detail: 'Not found.' } };
  });
}

describe('race page', () => {
  it('shows the header with season, round, circuit, flag and the local and UTC start', async () => {
    serveMonza();
    renderRace();

    expect(await screen.findByRole('heading', { level: 1, name: 'Italian Grand Prix' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2024 season' })).toHaveAttribute('href', '/season-overview?season=2024');
    expect(screen.getByText('Round 16')).toBeInTheDocument();
    expect(screen.getAllByText('Autodromo Nazionale Monza').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Monza, Italy').length).toBeGreaterThan(0);
    const times = Object.fromEntries(
      screen
        .getAllByRole('term')
        .map((dt): [string, string] => [dt.textContent, dt.nextElementSibling?.textContent ?? '']),
    );
    expect(times.Local).toBe('Sunday, September 1, 2024 · 15:00 GMT+2');
    expect(times.UTC).toBe('Sunday, September 1, 2024 · 13:00 UTC');
    // A valid <dl>: each child a <div> holding exactly one <dt> and its <dd>.
    const list = screen.getAllByRole('term')[0]?.closest('dl');
    const groups = Array.from(list?.children ?? []).map((child) =>
      [child.tagName, ...Array.from(child.children, (c) => c.tagName)].join(' '),
    );
    expect(groups).toEqual(['DIV DT DD', 'DIV DT DD', 'DIV DT DD']);
    expect(screen.getByRole('link', { name: 'Previous race' })).toHaveAttribute('href', '/race/1116');
    expect(screen.getByRole('link', { name: 'Next race' })).toHaveAttribute('href', '/race/1118');
  });

  it('lists the classification with team colours, gaps, status and points', async () => {
    serveMonza();
    renderRace();

    const table = await screen.findByRole('table', { name: 'Race classification' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // Pos, driver (the team under it on a phone), team, grid, laps, time or status, interval and race time (wide
    // screens), points, the details button.
    expect(cells(rows[0] as HTMLElement)).toEqual([
      '1',
      'Charles LeclercDOTDDriver of the dayFerrari',
      'Ferrari',
      '4',
      '53',
      '1:14:40.727',
      '–',
      '1:14:40.727',
      '25',
      '',
    ]);
    expect(cells(rows[2] as HTMLElement)).toEqual([
      '3',
      'Lando NorrisMcLaren',
      'McLaren',
      '1',
      '53',
      '+6.153Fastest lap',
      '+3.489',
      '1:14:46.880',
      '16',
      '',
    ]);
    expect(cells(rows[3] as HTMLElement)).toEqual([
      'DNF',
      'Yuki TsunodaRB',
      'RB',
      '16',
      '7',
      'Overheating',
      '–',
      '–',
      '–',
      '',
    ]);
    const ferrariBar = rows[0]?.querySelector('[aria-hidden][style]');
    expect(ferrariBar).toHaveStyle({ backgroundColor: '#E8002D' });
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Charles Leclerc' })).toHaveAttribute(
      'href',
      '/driver/charles-leclerc',
    );
  });

  it('switches to qualifying and keeps the tab in the address', async () => {
    serveMonza();
    const { router } = renderRace();

    await userEvent.click(await screen.findByRole('tab', { name: 'Qualifying' }));

    const table = screen.getByRole('table', { name: 'Qualifying' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Lando Norris');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('1:19.327');
    expect(router.state.location.search).toBe('?tab=qualifying');
  });

  it('shows the fastest lap, the podium and the ratings summary', async () => {
    serveMonza();
    renderRace();

    const podium = await screen.findByRole('region', { name: 'Podium' });
    expect(
      within(podium)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['P1Charles LeclercFerrari', 'P2Oscar PiastriMcLaren', 'P3Lando NorrisMcLaren']);
    expect(await screen.findByText('1:21.432')).toBeInTheDocument();
    expect(screen.getByText('Lap 53')).toBeInTheDocument();
    expect(screen.getByText('Average rating 4.4 out of 5 from 20 reviews')).toBeInTheDocument();
    const distribution = screen.getByRole('list', { name: 'Rating distribution' });
    expect(
      within(distribution)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['5stars:12', '4stars:5', '3stars:2', '2stars:1', '1star:0']);
  });

  it('opens a driver from the classification', async () => {
    serveMonza();
    const { router } = renderRace();

    const table = await screen.findByRole('table', { name: 'Race classification' });
    await userEvent.click(within(table).getByRole('link', { name: 'Oscar Piastri' }));

    expect(await screen.findByText('Driver page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/driver/oscar-piastri');
  });

  it('says when a race has no results yet', async () => {
    stubApi(({ operation, params }) => {
      if (operation === 'getRace' && params?.id === '1171') {
        return {
          status: 200,
          data: raceDetailFixture({
            id: 1171,
            name: 'Qatar Grand Prix',
            is_completed: false,
            has_results: false,
            podium: [],
            winner: null,
          }),
        };
      }
      if (operation === 'getRaceResults') {
        return {
          status: 200,
          data: { race_id: 1171, classification: [], sprint: [], qualifying: [], fastest_laps: [] },
        };
      }
      return { status: 404, data: { detail: 'Not found.' } };
    });
    renderRace('/race/1171');

    expect(await screen.findByText('No results yet')).toBeInTheDocument();
    expect(screen.getByText('The classification appears here after the race.')).toBeInTheDocument();
  });

  it('says the results of a race that has run are pending, not missing', async () => {
    stubApi(({ operation, params }) => {
      if (operation === 'getRace' && params?.id === '1161') {
        return {
          status: 200,
          data: raceDetailFixture({
            id: 1161,
            name: 'Dutch Grand Prix',
            is_completed: true,
            has_results: false,
            podium: [],
            winner: null,
          }),
        };
      }
      if (operation === 'getRaceResults' && params?.id === '1161') {
        return {
          status: 200,
          data: { race_id: 1161, classification: [], sprint: [], qualifying: [], fastest_laps: [] },
        };
      }
      if (operation === 'mostStarredDrivers') return { status: 200, data: { results: [] } };
      return { status: 404, data: { detail: 'Not found.' } };
    });
    renderRace('/race/1161');

    expect(await screen.findByText('Results pending')).toBeInTheDocument();
    expect(
      screen.getByText('The race has run; its classification appears here as soon as the results are in.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No results yet')).not.toBeInTheDocument();
  });

  it("says 'Race not found' for an unknown race", async () => {
    const requests = stubApi(() => ({ status: 404, data: { detail: 'Not found.' } }));
    // The app's own query defaults, which hold the retry policy.
    renderRace('/race/999999', createQueryClient());

    expect(await screen.findByText('Race not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');
    // A 404 is final: no retries.
    expect(requests.filter((r) => r.operation === 'getRace' && r.params?.id === '999999')).toHaveLength(1);
  });
});

describe('starred drivers on the race page', () => {
  function serveStars(initial: { id: number; driver: typeof leclerc }[]) {
    let mine = initial;
    const requests = stubApi(({ operation, params, body }) => {
      if (operation === 'getRace' && params?.id === '1117') return { status: 200, data: raceDetailFixture() };
      if (operation === 'getRaceResults' && params?.id === '1117') return { status: 200, data: monza2024Results };
      if (operation === 'mostStarredDrivers')
        return { status: 200, data: { results: [{ driver: leclerc, star_count: 3 }] } };
      if (operation === 'listStarredDrivers')
        return { status: 200, data: { results: mine.map((s) => ({ ...s, race_id: 1117 })), next_cursor: null } };
      if (operation === 'starDriver') {
        const { driver_id } = body as { driver_id: string };
        const driver = monza2024Results.classification.find((r) => r.driver.id === driver_id)!.driver;
        mine = [{ id: 50 + mine.length, driver }, ...mine];
        return { status: 201, data: mine[0] };
      }
      if (operation === 'unstarDriver') {
        mine = mine.filter((s) => String(s.id) !== params?.id);
        return { status: 204 };
      }
      return { status: 404, data: { detail: 'Not found.' } };
    });
    return requests;
  }

  it("shows the fans' drivers of the day to everyone, and no stars to a guest", async () => {
    serveStars([]);
    renderRace();
    const card = (await screen.findByText('Fans’ drivers of the day')).closest('[data-slot="card"]') as HTMLElement;
    expect(await within(card).findByText('3 stars')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Charles Leclerc' })).toHaveAttribute(
      'href',
      '/driver/charles-leclerc',
    );
    await screen.findByRole('table', { name: 'Race classification' });
    expect(screen.queryByRole('button', { name: /^Star / })).not.toBeInTheDocument();
  });

  it('lets a signed-in fan star up to 3 drivers from the classification, and take a star back', async () => {
    localStorage.setItem('access', 'token');
    const requests = serveStars([]);
    renderRace();
    const table = await screen.findByRole('table', { name: 'Race classification' });
    const starOf = (name: string) => within(table).getByRole('button', { name: `Star ${name}` });
    await within(table).findAllByRole('button', { name: /^Star / });

    const names = monza2024Results.classification.slice(0, 4).map((r) => r.driver.full_name);
    for (const name of names.slice(0, 3)) {
      await userEvent.click(starOf(name));
      await waitFor(() => expect(starOf(name)).toHaveAttribute('aria-pressed', 'true'));
    }
    await waitFor(() => expect(starOf(names[3]!)).toBeDisabled());
    expect(requests.filter((r) => r.method === 'POST').map((r) => (r.body as { race_id: number }).race_id)).toEqual([
      1117, 1117, 1117,
    ]);

    await userEvent.click(starOf(names[0]!));
    await waitFor(() => expect(starOf(names[0]!)).toHaveAttribute('aria-pressed', 'false'));
    expect(starOf(names[3]!)).toBeEnabled();
  });
});
