import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { raceFixture, season2024Results, season2024Stats, seasonsFixture } from '@/test/f1-fixtures.ts';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { SeasonOverviewRoute } from './season-overview.tsx';

function serveSeasons() {
  return stubApi(({ operation, query }) => {
    if (operation === 'listSeasons') return { status: 200, data: seasonsFixture };
    if (operation === 'seasonStats' && query?.season === '2024') return { status: 200, data: season2024Stats };
    if (operation === 'seasonStats' && query?.season === '2025')
      return { status: 200, data: { ...season2024Stats, season: 2025 } };
    if (operation === 'seasonRaceResults' && query?.season?.startsWith('202'))
      return { status: 200, data: season2024Results };
    return { status: 404, data: { detail: 'Not found.' } };
  });
}

function renderOverview(at: string) {
  return renderRoutes([{ path: '/season-overview', element: <SeasonOverviewRoute /> }], { at });
}

describe('season overview', () => {
  it('opens on the latest season when none is asked for', async () => {
    const requests = serveSeasons();
    renderOverview('/season-overview');

    expect(await screen.findByRole('heading', { name: '2025 Season Overview' })).toBeInTheDocument();
    expect(screen.getByLabelText('Season')).toHaveValue('2025');
    await screen.findByRole('table', { name: "Drivers' standings" });
    expect(requests.map(({ operation, query }) => ({ operation, query }))).toContainEqual({
      operation: 'seasonStats',
      query: { season: '2025' },
    });
  });

  it('shows both standings, the champions and the calendar with winners linking to races', async () => {
    serveSeasons();
    renderOverview('/season-overview?season=2024');

    const drivers = await screen.findByRole('table', { name: "Drivers' standings" });
    const driverRows = within(drivers).getAllByRole('row').slice(1);
    expect(
      driverRows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', 'Max Verstappen', 'Red Bull', '9', '437'],
      ['2', 'Lando Norris', 'McLaren', '4', '374'],
    ]);
    const constructors = screen.getByRole('table', { name: "Constructors' standings" });
    expect(within(constructors).getAllByRole('row')[1]).toHaveTextContent('McLaren');
    expect(within(constructors).getByRole('link', { name: 'McLaren' })).toHaveAttribute('href', '/team/mclaren');

    // 2024's driver title is not in the summary list, so the standings leader is shown; McLaren won the constructors'.
    expect(screen.getByText('Drivers’ champion')).toBeInTheDocument();
    expect(screen.getByText('Constructors’ champion')).toBeInTheDocument();

    const calendar = await screen.findByRole('list', { name: 'Calendar' });
    const races = within(calendar).getAllByRole('listitem');
    expect(races).toHaveLength(2);
    expect(within(races[1] as HTMLElement).getByRole('link', { name: 'Italian Grand Prix' })).toHaveAttribute(
      'href',
      '/race/1117',
    );
    expect(races[1]).toHaveTextContent('Winner:');
    expect(within(races[1] as HTMLElement).getByRole('link', { name: 'Charles Leclerc' })).toHaveAttribute(
      'href',
      '/driver/charles-leclerc',
    );
    expect(screen.getByText('Points progression')).toBeInTheDocument();
  });

  it('says which round a running season stands after, and which races await their results', async () => {
    const running = { ...season2024Stats, season: 2026, total_races: 24, completed_races: 21 };
    const calendar = [
      {
        race: raceFixture({ id: 1160, name: 'Hungarian Grand Prix', round_number: 11 }),
        podium: season2024Results[1]!.podium,
      },
      { race: raceFixture({ id: 1161, name: 'Dutch Grand Prix', round_number: 12, has_results: false }), podium: [] },
      {
        race: raceFixture({
          id: 1173,
          name: 'Abu Dhabi Grand Prix',
          round_number: 24,
          has_results: false,
          is_completed: false,
        }),
        podium: [],
      },
    ];
    stubApi(({ operation, query }) => {
      if (operation === 'listSeasons') return { status: 200, data: seasonsFixture };
      if (operation === 'seasonStats' && query?.season === '2026')
        return { status: 200, data: { ...running, standings_round: 11, results_pending: 10 } };
      if (operation === 'seasonRaceResults' && query?.season === '2026') return { status: 200, data: calendar };
      return { status: 404, data: { detail: 'Not found.' } };
    });
    renderOverview('/season-overview?season=2026');

    await screen.findByRole('table', { name: "Drivers' standings" });
    expect(screen.getAllByText('Standings after round 11 of 24')).toHaveLength(2);
    expect(screen.getByText('10 races with results pending')).toBeInTheDocument();
    // Not yet a champion: the leader, as of round 11.
    expect(screen.getByText('Championship leader')).toBeInTheDocument();
    expect(screen.getAllByText('after round 11 of 24')).toHaveLength(2);

    const races = within(await screen.findByRole('list', { name: 'Calendar' })).getAllByRole('listitem');
    expect(races[0]).toHaveTextContent('Winner:');
    expect(races[1]).toHaveTextContent('Results pending');
    expect(races[2]).toHaveTextContent('Upcoming');
    expect(screen.queryByText('No results yet')).not.toBeInTheDocument();
  });

  it("calls a season's standings final once every race has run and every result is in", async () => {
    serveSeasons();
    renderOverview('/season-overview?season=2024');

    await screen.findByRole('table', { name: "Drivers' standings" });
    expect(screen.getAllByText('Final standings')).toHaveLength(2);
    expect(screen.queryByText(/with results pending/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^after round/)).not.toBeInTheDocument();
  });

  it('switches season from the picker and keeps it in the address', async () => {
    const requests = serveSeasons();
    const { router } = renderOverview('/season-overview?season=2025');
    await screen.findByRole('table', { name: "Drivers' standings" });

    await userEvent.selectOptions(screen.getByLabelText('Season'), '2024');

    expect(await screen.findByRole('heading', { name: '2024 Season Overview' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?season=2024');
    expect(requests.map(({ operation, query }) => ({ operation, query }))).toContainEqual({
      operation: 'seasonStats',
      query: { season: '2024' },
    });
  });

  it("says 'Season not found' for a year without races", async () => {
    serveSeasons();
    renderOverview('/season-overview?season=1900');

    expect(await screen.findByText('Season not found')).toBeInTheDocument();
    expect(screen.getByText('There are no races in 1900.')).toBeInTheDocument();
  });
});
