import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RaceDetail, RaceResults } from '@paddock/contract/f1';
import { monza2024Results, raceDetailFixture } from '@/test/f1-fixtures.ts';
import { stubApi, type StubbedRequest } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { RaceRoute } from './race.tsx';

/*
 * The race page for a reader whose spoiler shield hides the race (decision 033): the server withheld its
 * winner, podium, classification and ratings; the page says so plainly, never shows them first, and offers to
 * mark the race watched or reveal it for this browser session.
 */

const NOTICE = 'Spoilers hidden — mark as watched to reveal';

const shieldedRace: RaceDetail = raceDetailFixture({
  spoilers_hidden: true,
  winner: null,
  podium: [],
  average_rating: null,
  rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
});
const shieldedResults: RaceResults = {
  ...monza2024Results,
  classification: [],
  sprint: [],
  fastest_laps: [],
  spoilers_hidden: true,
};

/** Answers as the server does: shielded until the race is watched, or revealed by the request's header. */
function serveShieldedMonza() {
  let watched = false;
  const requests = stubApi((request: StubbedRequest) => {
    const lifted = watched || request.headers.get('x-spoilers-revealed') === '1117';
    if (request.operation === 'getRace') return { status: 200, data: lifted ? raceDetailFixture() : shieldedRace };
    if (request.operation === 'getRaceResults')
      return { status: 200, data: lifted ? monza2024Results : shieldedResults };
    if (request.operation === 'markWatched') {
      watched = true;
      return { status: 201, data: { race_id: 1117 } };
    }
    return { status: 404, data: { detail: 'Not found.' } };
  });
  return requests;
}

function renderRace() {
  localStorage.setItem('access', 'token');
  return renderRoutes([{ path: '/race/:raceId', element: <RaceRoute /> }], { at: '/race/1117' });
}

describe('the race page of a shielded race', () => {
  it('says the spoilers are hidden where the results go, with no winner, podium or classification', async () => {
    serveShieldedMonza();
    renderRace();
    // The results are in: the Classification tab holds the notice, as the ratings card does.
    const classification = await screen.findByRole('tabpanel', { name: 'Classification' });
    expect(within(classification).getByRole('note')).toHaveTextContent(NOTICE);
    expect(screen.getAllByText(NOTICE)).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Podium' })).not.toBeInTheDocument();
    expect(screen.queryByText('Charles Leclerc')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Race classification' })).not.toBeInTheDocument();
    expect(screen.queryByText('Fastest lap')).not.toBeInTheDocument();
    // Qualifying is not the race's result: it stays.
    expect(screen.getByRole('tab', { name: 'Qualifying' })).toBeInTheDocument();
  });

  it('shows the results once the reader marks the race watched', async () => {
    const requests = serveShieldedMonza();
    renderRace();
    const notice = within(await screen.findByRole('tabpanel', { name: 'Classification' })).getByRole('note');
    await userEvent.click(within(notice).getByRole('button', { name: 'Mark as watched' }));
    expect(await screen.findByRole('table', { name: 'Race classification' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Podium' })).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    expect(requests.find((r) => r.operation === 'markWatched')?.body).toEqual({ race_id: 1117 });
  });

  it('reveals the results for this browser session only, through the reveal header', async () => {
    const requests = serveShieldedMonza();
    renderRace();
    const notice = within(await screen.findByRole('tabpanel', { name: 'Classification' })).getByRole('note');
    await userEvent.click(within(notice).getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByRole('table', { name: 'Race classification' })).toBeInTheDocument();
    expect(requests.some((r) => r.operation === 'markWatched')).toBe(false);
    expect(sessionStorage.getItem('spoilers:revealed')).toBe('[1117]');
    const after = requests.filter((r) => r.operation === 'getRaceResults').at(-1);
    expect(after?.headers.get('x-spoilers-revealed')).toBe('1117');
  });
});
