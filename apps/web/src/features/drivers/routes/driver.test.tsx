import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { leclercDetail } from '@/test/f1-fixtures.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { DriverRoute } from './driver.tsx';

function renderDriver(at = '/driver/charles-leclerc', queryClient?: ReturnType<typeof createQueryClient>) {
  return renderRoutes([{ path: '/driver/:driverId', element: <DriverRoute /> }], { at, queryClient });
}

describe('driver page', () => {
  it('shows the profile, the current team, career figures and the season table', async () => {
    stubApi(({ operation, params }) =>
      operation === 'getDriver' && params?.id === 'charles-leclerc'
        ? { status: 200, data: leclercDetail }
        : { status: 404, data: { detail: 'Not found.' } },
    );
    renderDriver();

    expect(await screen.findByRole('heading', { level: 1, name: 'Charles Leclerc' })).toBeInTheDocument();
    expect(screen.getByLabelText('Car number 16')).toHaveTextContent('16');
    expect(screen.getByText('Monaco')).toBeInTheDocument();
    // The current team in the header comes before the season table's links.
    expect(screen.getAllByRole('link', { name: 'Ferrari' })[0]).toHaveAttribute('href', '/team/ferrari');
    const career = Object.fromEntries(
      within(screen.getByRole('region', { name: 'Career' }))
        .getAllByRole('definition')
        .map((dd): [string, string] => [dd.previousElementSibling?.textContent ?? '', dd.textContent]),
    );
    expect(career).toMatchObject({
      Wins: '9',
      Podiums: '54',
      'Pole positions': '24',
      'Race starts': '182',
      'Points scored': '1,810',
      'Championship points': '1,810',
    });
    expect(screen.getByText(/count only the results that counted/)).toBeInTheDocument();
    const seasons = screen.getByRole('table', { name: 'Season results' });
    const rows = within(seasons).getAllByRole('row').slice(1);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2025', 'Ferrari', 'P5', '242', '24', '0', '7', 'P2']);
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Sauber' })).toHaveAttribute(
      'href',
      '/team/sauber',
    );
  });

  it('shows a dash, with the reason, for a season without a standing', async () => {
    const unplaced = { ...leclercDetail.seasons[1]!, year: 2017, position: null, points: null, points_scored: 2 };
    stubApi(() => ({ status: 200, data: { ...leclercDetail, seasons: [...leclercDetail.seasons, unplaced] } }));
    renderDriver();

    const seasons = await screen.findByRole('table', { name: 'Season results' });
    const row = within(seasons).getAllByRole('row').at(-1) as HTMLElement;
    const points = within(row).getAllByRole('cell')[3] as HTMLElement;
    expect(within(points).getByText('—')).toHaveAttribute('aria-hidden');
    expect(within(points).getByTitle('Not in the standings; 2 points scored')).toHaveTextContent(
      'Not in the standings; 2 points scored',
    );
  });

  it("says 'Driver not found' for an unknown driver", async () => {
    stubApi(() => ({ status: 404, data: { detail: 'Not found.' } }));
    renderDriver('/driver/nobody');

    expect(await screen.findByText('Driver not found')).toBeInTheDocument();
  });

  it('retries a server failure twice, then offers to try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = stubApi(() => ({ status: 503, data: { detail: 'Service unavailable.' } }));
    // The app's own query defaults, which hold the retry policy.
    renderDriver(undefined, createQueryClient());

    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(await screen.findByText('The driver could not be loaded')).toBeInTheDocument();
    expect(requests).toHaveLength(3);
    vi.useRealTimers();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
