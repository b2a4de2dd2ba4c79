import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SeasonStats } from '@paddock/contract/f1';
import type { SeasonStandings } from '@paddock/contract/standings';
import {
  ferrari,
  leclerc,
  mclaren,
  norris,
  raceFixture,
  season2024Results,
  season2024Stats,
  seasonsFixture,
} from '@/test/f1-fixtures.ts';
import { stubApi, type StubReply } from '@/test/http.ts';
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
    // Under both tables, and as the standings picker's choice.
    expect(screen.getAllByText('Final standings', { selector: 'p' })).toHaveLength(2);
    expect(screen.getByLabelText('Standings')).toHaveDisplayValue('Final standings');
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

const verstappen = { id: 'max-verstappen', full_name: 'Max Verstappen', short_name: 'VER', country_code: 'NL' };
const redBull = { id: 'red-bull', name: 'Red Bull', colour: '#3671C6' };

/** The 2024 standings after a round, as GET /api/f1/standings/ answers them. */
function standingsAfter(round: 1 | 2): SeasonStandings {
  const race = round === 1 ? { id: 1102, name: 'Bahrain Grand Prix' } : { id: 1103, name: 'Saudi Arabian Grand Prix' };
  return {
    season: 2024,
    round,
    race,
    rounds: season2024Stats.points_progression.rounds,
    final: false,
    constructors_championship: true,
    driver_standings:
      round === 1
        ? [
            { position: 1, position_text: '1', driver: verstappen, teams: [redBull], points: 26, wins: 1 },
            { position: 2, position_text: '2', driver: leclerc, teams: [ferrari], points: 15, wins: 0 },
            { position: 3, position_text: '3', driver: norris, teams: [mclaren], points: 12, wins: 0 },
          ]
        : [
            { position: 1, position_text: '1', driver: verstappen, teams: [redBull], points: 51, wins: 2 },
            { position: 2, position_text: '2', driver: norris, teams: [mclaren], points: 22, wins: 0 },
          ],
    constructor_standings: [
      { position: 1, position_text: '1', team: redBull, engine: 'Honda RBPT', name: 'Red Bull', points: 44, wins: 1 },
      { position: 2, position_text: '2', team: ferrari, engine: 'Ferrari', name: 'Ferrari', points: 27, wins: 0 },
      { position: 3, position_text: '3', team: mclaren, engine: 'Mercedes', name: 'McLaren', points: 12, wins: 0 },
    ],
    spoilers_hidden: false,
  };
}

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('standings after a round', () => {
  it('loads the standings after the round picked, keeps the round in the address and goes back to the final ones', async () => {
    let release: (reply: StubReply) => void = () => {};
    const requests = stubApi(({ operation, query }) => {
      if (operation === 'listSeasons') return { status: 200, data: seasonsFixture };
      if (operation === 'seasonStats') return { status: 200, data: season2024Stats };
      if (operation === 'seasonRaceResults') return { status: 200, data: season2024Results };
      if (operation === 'seasonStandings' && query?.round === '1') return { status: 200, data: standingsAfter(1) };
      // Round 2's answer waits until the test lets it through.
      if (operation === 'seasonStandings' && query?.round === '2') return new Promise<StubReply>((r) => (release = r));
      return { status: 404, data: { detail: 'Not found.' } };
    });
    const { router } = renderOverview('/season-overview?season=2024');
    await screen.findByRole('table', { name: "Drivers' standings" });

    const picker = screen.getByLabelText('Standings');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Final standings', 'After round 2 — Saudi Arabian Grand Prix', 'After round 1 — Bahrain Grand Prix']);
    await userEvent.selectOptions(picker, 'After round 1 — Bahrain Grand Prix');

    await waitFor(() => expect(screen.getAllByText('Standings after round 1 of 24')).toHaveLength(2));
    expect(router.state.location.search).toBe('?season=2024&round=1');
    expect(requests.map(({ operation, query }) => ({ operation, query }))).toContainEqual({
      operation: 'seasonStandings',
      query: { season: '2024', round: '1' },
    });
    // The teams and wins up to the round are the answer's.
    expect(cells(screen.getByRole('table', { name: "Drivers' standings" }))).toEqual([
      ['1', 'Max Verstappen', 'Red Bull', '1', '26'],
      ['2', 'Charles Leclerc', 'Ferrari', '0', '15'],
      ['3', 'Lando Norris', 'McLaren', '0', '12'],
    ]);
    expect(cells(screen.getByRole('table', { name: "Constructors' standings" })).map((row) => row[1])).toEqual([
      'Red Bull',
      'Ferrari',
      'McLaren',
    ]);

    // While round 2's standings load, round 1's stay in place.
    await userEvent.selectOptions(screen.getByLabelText('Standings'), 'After round 2 — Saudi Arabian Grand Prix');
    expect(router.state.location.search).toBe('?season=2024&round=2');
    const drivers = screen.getByRole('table', { name: "Drivers' standings" });
    expect(cells(drivers)).toHaveLength(3);
    expect(drivers.closest('[aria-busy="true"]')).not.toBeNull();
    release({ status: 200, data: standingsAfter(2) });
    await waitFor(() =>
      expect(cells(screen.getByRole('table', { name: "Drivers' standings" })).map((row) => row[4])).toEqual([
        '51',
        '22',
      ]),
    );
    expect(screen.getByRole('table', { name: "Drivers' standings" }).closest('[aria-busy]')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Standings'), 'Final standings');
    expect(router.state.location.search).toBe('?season=2024');
    expect(screen.getAllByText('Final standings', { selector: 'p' })).toHaveLength(2);
    expect(cells(screen.getByRole('table', { name: "Drivers' standings" }))[0]).toEqual([
      '1',
      'Max Verstappen',
      'Red Bull',
      '9',
      '437',
    ]);
  });

  it('says when there are no standings after the round asked for', async () => {
    stubApi(({ operation }) => {
      if (operation === 'listSeasons') return { status: 200, data: seasonsFixture };
      if (operation === 'seasonStats') return { status: 200, data: season2024Stats };
      if (operation === 'seasonRaceResults') return { status: 200, data: season2024Results };
      return { status: 404, data: { detail: 'Not found.' } };
    });
    renderOverview('/season-overview?season=2024&round=2');

    expect(await screen.findAllByText('There are no standings after round 2.')).toHaveLength(2);
    expect(screen.getByLabelText('Standings')).toHaveDisplayValue('After round 2 — Saudi Arabian Grand Prix');
  });
});

describe('standings after a round, shielded', () => {
  it('says the standings after a round are hidden when the reader’s shield hides a race they count', async () => {
    stubApi(({ operation }) => {
      if (operation === 'listSeasons') return { status: 200, data: seasonsFixture };
      if (operation === 'seasonStats') return { status: 200, data: season2024Stats };
      if (operation === 'seasonRaceResults') return { status: 200, data: season2024Results };
      if (operation === 'seasonStandings') {
        return {
          status: 200,
          data: { ...standingsAfter(2), driver_standings: [], constructor_standings: [], spoilers_hidden: true },
        };
      }
      return { status: 404, data: { detail: 'Not found.' } };
    });
    renderOverview('/season-overview?season=2024&round=2');

    expect(await screen.findAllByText('Spoilers hidden — mark as watched to reveal')).toHaveLength(2);
    expect(screen.queryByRole('table', { name: "Drivers' standings" })).not.toBeInTheDocument();
  });
});

describe('standings as F1DB has them', () => {
  const schumacher = {
    id: 'michael-schumacher',
    full_name: 'Michael Schumacher',
    short_name: 'MSC',
    country_code: 'DE',
  };
  const cooper = { id: 'cooper', name: 'Cooper', colour: null };

  function serve(stats: SeasonStats) {
    stubApi(({ operation }) => {
      if (operation === 'listSeasons') return { status: 200, data: seasonsFixture };
      if (operation === 'seasonStats') return { status: 200, data: stats };
      if (operation === 'seasonRaceResults') return { status: 200, data: [] };
      return { status: 404, data: { detail: 'Not found.' } };
    });
  }

  it('shows a disqualification from the championship as F1DB writes it, and says what it means', async () => {
    serve({
      ...season2024Stats,
      season: 1997,
      driver_standings: [
        { position: 1, position_text: '1', driver: verstappen, teams: [redBull], points: 81, wins: 7 },
        { position: null, position_text: 'DSQ', driver: schumacher, teams: [ferrari], points: 78, wins: 5 },
      ],
    });
    renderOverview('/season-overview?season=1997');

    const drivers = await screen.findByRole('table', { name: "Drivers' standings" });
    const row = within(drivers).getAllByRole('row')[2] as HTMLElement;
    const place = within(row).getAllByRole('cell')[0] as HTMLElement;
    expect(within(place).getByText('DSQ')).toBeInTheDocument();
    expect(within(place).getByText('Disqualified from the championship')).toHaveClass('sr-only');
    expect(within(place).getByTitle('Disqualified from the championship')).toBeInTheDocument();
    expect(screen.getByText('DSQ: disqualified from the championship.')).toBeInTheDocument();
  });

  it('names a team ranked with two engines by each of them', async () => {
    serve({
      ...season2024Stats,
      season: 1960,
      constructor_standings: [
        { position: 1, position_text: '1', team: cooper, engine: 'Climax', name: 'Cooper-Climax', points: 48, wins: 6 },
        { position: 2, position_text: '2', team: ferrari, engine: 'Ferrari', name: 'Ferrari', points: 26, wins: 1 },
        {
          position: 5,
          position_text: '5',
          team: cooper,
          engine: 'Maserati',
          name: 'Cooper-Maserati',
          points: 3,
          wins: 0,
        },
      ],
    });
    renderOverview('/season-overview?season=1960');

    const constructors = await screen.findByRole('table', { name: "Constructors' standings" });
    expect(cells(constructors).map((row) => row[1])).toEqual(['Cooper-Climax', 'Ferrari', 'Cooper-Maserati']);
    for (const name of ['Cooper-Climax', 'Cooper-Maserati']) {
      expect(within(constructors).getByRole('link', { name })).toHaveAttribute('href', '/team/cooper');
    }
  });

  it('says the constructors’ championship began in 1958 instead of a table before it', async () => {
    serve({ ...season2024Stats, season: 1954, constructor_standings: [], constructors_championship: false });
    renderOverview('/season-overview?season=1954');

    await screen.findByRole('table', { name: "Drivers' standings" });
    expect(screen.queryByRole('table', { name: "Constructors' standings" })).not.toBeInTheDocument();
    expect(screen.getByText('The constructors’ championship began in 1958.')).toBeInTheDocument();
    expect(screen.getByText('Not held before 1958')).toBeInTheDocument();
  });
});
