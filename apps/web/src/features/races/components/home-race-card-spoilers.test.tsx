import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActiveThoughts } from '@paddock/contract/f1';
import { raceFixture } from '@/test/f1-fixtures.ts';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { HomeRaceCard } from './home-race-card.tsx';

/* Home's race card while the race whose thoughts are open is one the reader's spoiler shield hides (decision 033). */

const NOTICE = 'Spoilers hidden — mark as watched to reveal';

function serve(spoilersHidden: boolean) {
  const start = Date.now() - 2 * 3_600_000;
  const active: ActiveThoughts = {
    race: raceFixture({
      id: 1170,
      name: 'Las Vegas Grand Prix',
      date: new Date(start).toISOString(),
      spoilers_hidden: spoilersHidden,
    }),
    status: { is_open: true, opens_in_seconds: 0, closes_in_seconds: 46 * 3600 },
  };
  stubApi(({ operation }) =>
    operation === 'activeThoughts' ? { status: 200, data: active } : { status: 200, data: [] },
  );
  localStorage.setItem('access', 'token');
  renderRoutes([{ path: '/home', element: <HomeRaceCard /> }], { at: '/home' });
}

describe("home's race card", () => {
  it('says the shielded race’s spoilers are hidden, with the ways to see them', async () => {
    serve(true);
    expect(await screen.findByText('Race Thoughts')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(NOTICE);
    expect(screen.getByRole('button', { name: 'Mark as watched' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reveal' })).toBeInTheDocument();
  });

  it('says nothing of spoilers for a race the shield does not hide', async () => {
    serve(false);
    expect(await screen.findByText('Race Thoughts')).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });
});
