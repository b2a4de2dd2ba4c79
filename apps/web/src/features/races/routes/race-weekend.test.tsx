import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RaceResults } from '@paddock/contract/f1';
import type { RaceWeekend } from '@paddock/contract/race-weekend';
import { ferrari, leclerc, mclaren, monza2024Results, norris, raceDetailFixture } from '@/test/f1-fixtures.ts';
import { emptyWeekend, monza2024Weekend } from '@/test/race-weekend-fixtures.ts';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { RaceRoute } from './race.tsx';

/*
 * The race page's F1DB weekend (GET /races/{id}/weekend/): the Grid, Practice, Sprint qualifying and Pit stops
 * tabs, each shown only when it has rows, the driver of the day under the classification, and each result's
 * details.
 */

function serve({
  weekend = monza2024Weekend,
  results = monza2024Results,
}: { weekend?: RaceWeekend; results?: RaceResults } = {}) {
  return stubApi(({ operation, params }) => {
    if (params?.id !== '1117') return { status: 404, data: { detail: 'Not found.' } };
    if (operation === 'getRace') return { status: 200, data: raceDetailFixture({ has_sprint: true }) };
    if (operation === 'getRaceResults') return { status: 200, data: results };
    if (operation === 'getRaceWeekend') return { status: 200, data: weekend };
    return { status: 404, data: { detail: 'Not found.' } };
  });
}

function renderRace(at = '/race/1117') {
  return renderRoutes(
    [
      { path: '/race/:raceId', element: <RaceRoute /> },
      { path: '/driver/:driverId', element: <p>Driver page</p> },
    ],
    { at },
  );
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the weekend tabs', () => {
  it('adds the tabs the weekend has rows for, in the page’s order', async () => {
    serve();
    renderRace();
    const list = await screen.findByRole('tablist', { name: 'Race' });
    await within(list).findByRole('tab', { name: 'Grid' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Classification', 'Qualifying', 'Sprint shootout', 'Grid', 'Practice', 'Pit stops']);
  });

  it('shows none of them for a race F1DB has nothing of beyond the classification', async () => {
    const requests = serve({ weekend: emptyWeekend });
    renderRace();
    await screen.findByRole('table', { name: 'Race classification' });
    await vi.waitFor(() => expect(requests.some((r) => r.operation === 'getRaceWeekend')).toBe(true));
    const list = screen.getByRole('tablist', { name: 'Race' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Classification', 'Qualifying']);
    expect(screen.queryByText(/Driver of the day:/)).not.toBeInTheDocument();
  });

  it('shows the starting grid with penalties beside the drivers, and the sprint grid under its own heading', async () => {
    serve();
    const { router } = renderRace();
    await userEvent.click(await screen.findByRole('tab', { name: 'Grid' }));
    expect(router.state.location.search).toBe('?tab=grid');

    const race = await screen.findByRole('table', { name: 'Starting grid' });
    const rows = bodyRows(race);
    expect(rows.map((row) => cellsOf(row)[0])).toEqual(['1', '2', '3', 'PL']);
    expect(cellsOf(rows[0]!)).toEqual(['1', 'Lando NorrisMcLaren', 'McLaren', '4', '1:19.327']);
    expect(within(rows[3]!).getByText('Back of the grid')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Race grid' })).toBeInTheDocument();

    const sprintGrid = within(screen.getByRole('region', { name: 'Sprint grid' })).getByRole('table', {
      name: 'Sprint starting grid',
    });
    expect(within(bodyRows(sprintGrid)[1]!).getByText('3-place grid penalty')).toBeInTheDocument();
  });

  it('opens straight on a weekend tab from the address, once the weekend is in', async () => {
    serve();
    renderRace('/race/1117?tab=pit-stops');
    const table = await screen.findByRole('table', { name: 'Pit stops' });
    expect(bodyRows(table).map(cellsOf)).toEqual([
      ['14', 'Lando NorrisMcLaren', 'McLaren', '1', '22.841'],
      ['15', 'Charles LeclercFerrari', 'Ferrari', '1', '23.004'],
      ['39', 'Lando NorrisMcLaren', 'McLaren', '2', '22.511'],
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Lap', 'Driver', 'Team', 'Stop', 'Pit lane time']);
  });

  it('picks among the practice sessions with a segmented picker', async () => {
    serve();
    renderRace();
    await userEvent.click(await screen.findByRole('tab', { name: 'Practice' }));

    const picker = await screen.findByRole('tablist', { name: 'Session' });
    expect(
      within(picker)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Practice 1', 'Practice 2']);
    const first = screen.getByRole('table', { name: 'Practice 1' });
    expect(cellsOf(bodyRows(first)[1]!)).toEqual(['2', 'Lando NorrisMcLaren', 'McLaren', '1:21.750', '+0.074', '24']);

    await userEvent.click(within(picker).getByRole('tab', { name: 'Practice 2' }));
    const second = screen.getByRole('table', { name: 'Practice 2' });
    expect(cellsOf(bodyRows(second)[0]!)).toEqual(['1', 'Oscar PiastriMcLaren', 'McLaren', '1:21.317', '', '30']);
    expect(screen.queryByRole('table', { name: 'Practice 1' })).not.toBeInTheDocument();
  });

  it('gives sprint qualifying its own tab, named as the season called it', async () => {
    serve();
    renderRace();
    await userEvent.click(await screen.findByRole('tab', { name: 'Sprint shootout' }));
    const table = await screen.findByRole('table', { name: 'Sprint shootout' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Pos', 'Driver', 'Team', 'SQ1', 'SQ2', 'SQ3', 'Laps']);
    expect(cellsOf(bodyRows(table)[1]!)).toEqual([
      '2',
      'Lando NorrisMcLaren',
      'McLaren',
      '1:21.300',
      '1:20.900',
      '–',
      '9',
    ]);
  });
});

describe('the driver of the day', () => {
  it('marks the driver in the classification and says the vote under it, the whole vote in a disclosure', async () => {
    serve();
    renderRace();
    const table = await screen.findByRole('table', { name: 'Race classification' });
    const winnerRow = within(table).getByRole('link', { name: 'Charles Leclerc' }).closest('tr')!;
    expect(within(winnerRow).getByText('Driver of the day')).toBeInTheDocument();
    expect(within(table).getAllByText('Driver of the day')).toHaveLength(1);

    const line = await screen.findByText(/Driver of the day:/);
    expect(line.closest('p')).toHaveTextContent('Driver of the day: Charles Leclerc — 26.4% of the vote');
    const vote = screen.getByRole('table', { name: 'Driver of the day vote', hidden: true });
    expect(vote.closest('details')).not.toHaveAttribute('open');
    await userEvent.click(screen.getByText('The full vote'));
    expect(vote.closest('details')).toHaveAttribute('open');
    expect(bodyRows(vote).map((row) => cellsOf(row)[3])).toEqual(['26.4%', '13.9%', '9.0%']);
  });
});

describe('the details of a result', () => {
  it('opens each row on its engine, tyres, chassis and entrant', async () => {
    serve();
    renderRace();
    const table = await screen.findByRole('table', { name: 'Race classification' });
    const button = within(table).getByRole('button', { name: "Details of Charles Leclerc's car" });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(button.getAttribute('aria-controls')!)!;
    // The details load the first time a row opens.
    const facts = Object.fromEntries(
      (await within(details).findAllByRole('term')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      'Race time': '1:14:40.727',
      Engine: 'FerrariFerrari 066/12 1.6 V6 t h',
      Chassis: 'Ferrari SF-24',
      Tyres: 'Pirelli',
      Entrant: 'Scuderia Ferrari',
    });

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(within(table).queryByRole('term')).not.toBeInTheDocument();
  });

  it('says a time penalty and a shared car', async () => {
    const [first, ...rest] = monza2024Results.classification;
    serve({
      results: {
        ...monza2024Results,
        classification: [{ ...first!, time_penalty: '5.000', shared_car: true }, ...rest],
      },
    });
    renderRace();
    const table = await screen.findByRole('table', { name: 'Race classification' });
    await userEvent.click(within(table).getByRole('button', { name: "Details of Charles Leclerc's car" }));
    expect((await within(table).findByText('Time penalty')).nextElementSibling).toHaveTextContent('+5 s');
    expect(within(table).getByText(/^Shared car:/)).toBeInTheDocument();
  });
});

describe('the fastest laps', () => {
  it('names every driver who shared the fastest lap', async () => {
    serve({
      results: {
        ...monza2024Results,
        fastest_laps: [
          { driver: norris, team: mclaren, number: '4', lap: 53, time: '1:21.432' },
          { driver: leclerc, team: ferrari, number: '16', lap: 40, time: '1:21.432' },
        ],
      },
    });
    renderRace();
    const card = (await screen.findByText('Shared by 2 drivers')).closest('[data-slot="card"]') as HTMLElement;
    expect(within(card).getByText('Fastest lap')).toBeInTheDocument();
    expect(within(card).getByText('1:21.432')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Lando Norris· McLarenLap 53', 'Charles Leclerc· FerrariLap 40']);
  });
});

describe('a shielded race (decision 033)', () => {
  it('keeps its Pit stops tab behind the same notice as the classification, and says no driver of the day', async () => {
    localStorage.setItem('access', 'token');
    serve({
      results: { ...monza2024Results, classification: [], sprint: [], fastest_laps: [], spoilers_hidden: true },
      weekend: { ...monza2024Weekend, pit_stops: [], driver_of_the_day: [], spoilers_hidden: true },
    });
    renderRace();
    await userEvent.click(await screen.findByRole('tab', { name: 'Pit stops' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Pit stops' });
    expect(within(panel).getByRole('note')).toHaveTextContent('Spoilers hidden — mark as watched to reveal');
    expect(screen.queryByRole('table', { name: 'Pit stops' })).not.toBeInTheDocument();
    // The grid is not the race's result: it stays.
    await userEvent.click(screen.getByRole('tab', { name: 'Grid' }));
    expect(await screen.findByRole('table', { name: 'Starting grid' })).toBeInTheDocument();
    expect(screen.queryByText(/Driver of the day/)).not.toBeInTheDocument();
  });
});
