import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { SeasonRaceResult, SeasonStats } from '@paddock/contract/f1';
import { season2024Results, season2024Stats, seasonsFixture } from '@/test/f1-fixtures.ts';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { SeasonOverviewRoute } from './season-overview.tsx';

/* The season overview while the reader's spoiler shield hides one of its races (decision 033). */

const NOTICE = 'Spoilers hidden — mark as watched to reveal';

it('says the standings and the hidden race’s winner are hidden, not that the season has not started', async () => {
  const stats: SeasonStats = {
    ...season2024Stats,
    driver_standings: [],
    constructor_standings: [],
    standings_round: null,
    spoilers_hidden: true,
  };
  const [bahrain, monza] = season2024Results as [SeasonRaceResult, SeasonRaceResult];
  const results: SeasonRaceResult[] = [bahrain, { race: { ...monza.race, spoilers_hidden: true }, podium: [] }];
  stubApi(({ operation }) => {
    if (operation === 'seasonStats') return { status: 200, data: stats };
    if (operation === 'seasonRaceResults') return { status: 200, data: results };
    if (operation === 'listSeasons') return { status: 200, data: seasonsFixture };
    return { status: 404, data: { detail: 'Not found.' } };
  });
  localStorage.setItem('access', 'token');
  renderRoutes([{ path: '/season-overview', element: <SeasonOverviewRoute /> }], {
    at: '/season-overview?season=2024',
  });

  const calendar = await screen.findByRole('list', { name: 'Calendar' });
  expect(within(calendar).getByText('Max Verstappen')).toBeInTheDocument();
  expect(within(calendar).getByText(NOTICE)).toBeInTheDocument();
  expect(within(calendar).queryByText('Charles Leclerc')).not.toBeInTheDocument();
  // The calendar's hidden race and the two standings tables.
  expect(screen.getAllByText(NOTICE)).toHaveLength(3);
  expect(screen.queryByText('No standings yet: the season has not started.')).not.toBeInTheDocument();
});
