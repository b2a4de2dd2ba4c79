import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ferrariDetail } from '@/test/f1-fixtures.ts';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { TeamRoute } from './team.tsx';

describe('team page', () => {
  it('shows the team on its colour with principal, country, drivers, figures and seasons', async () => {
    stubApi(({ operation, params }) =>
      operation === 'getTeam' && params?.id === 'ferrari'
        ? { status: 200, data: ferrariDetail }
        : { status: 404, data: { detail: 'Not found.' } },
    );
    renderRoutes([{ path: '/team/:teamId', element: <TeamRoute /> }], { at: '/team/ferrari' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ferrari' })).toBeInTheDocument();
    const stripe = screen.getByTestId('team-hero').querySelector('span[aria-hidden]');
    expect(stripe).toHaveStyle({ backgroundColor: '#E8002D' });
    expect(screen.getByText('Scuderia Ferrari')).toBeInTheDocument();
    expect(screen.getByText('Team principal').nextElementSibling).toHaveTextContent('Frédéric Vasseur');
    expect(screen.getByText('Italy')).toBeInTheDocument();
    expect(screen.getByText("16× constructors' champion")).toBeInTheDocument();
    const drivers = screen.getByRole('region', { name: 'Drivers' });
    expect(
      within(drivers)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/driver/charles-leclerc', '/driver/lewis-hamilton']);
    expect(screen.getByText('Races entered').nextElementSibling).toHaveTextContent('1,135');
    expect(screen.getByText('Points scored').nextElementSibling).toHaveTextContent('11,930.77');
    expect(screen.getByText('Championship points').nextElementSibling).toHaveTextContent('11,780.27');
    expect(screen.getByText(/from 1958, when the constructors' championship began/)).toBeInTheDocument();
    const seasons = within(screen.getByRole('table', { name: 'Season results' }))
      .getAllByRole('row')
      .slice(1);
    expect(seasons.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['2025', '1950']);
    expect(within(seasons[1] as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent('–');
    // 1950: no constructors' championship yet, so no standings points; the dash says why.
    const points1950 = within(seasons[1] as HTMLElement).getAllByRole('cell')[2] as HTMLElement;
    expect(within(points1950).getByTitle("No constructors' championship; 21 points scored")).toBeInTheDocument();
    expect(within(points1950).getByText('—')).toHaveAttribute('aria-hidden');
    expect(within(seasons[0] as HTMLElement).getAllByRole('cell')[2]).toHaveTextContent('398');
  });

  it("says 'Team not found' for an unknown team", async () => {
    stubApi(() => ({ status: 404, data: { detail: 'Not found.' } }));
    renderRoutes([{ path: '/team/:teamId', element: <TeamRoute /> }], { at: '/team/nobody' });

    expect(await screen.findByText('Team not found')).toBeInTheDocument();
  });
});
