import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { monza2024Results, raceDetailFixture } from '@/test/f1-fixtures.ts';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { marco, reviewFixture, sam } from '@/test/review-fixtures.ts';
import { thoughtFixture } from '@/test/thought-fixtures.ts';
import { AddReviewProvider } from '../layouts/add-review-provider.tsx';
import { RacePageRoute } from './race.tsx';

function renderRace(at: string) {
  return renderRoutes(
    [
      {
        path: '/race/:raceId',
        element: (
          <AddReviewProvider>
            <RacePageRoute />
          </AddReviewProvider>
        ),
      },
    ],
    { at },
  );
}

const first = reviewFixture({ user: sam, review_text: 'Newest take.' });
const second = reviewFixture({ user: marco, review_text: 'Older take.' });

function serve({ signedIn = false } = {}) {
  if (signedIn) localStorage.setItem('access', 'token');
  return stubApi(({ operation, params, query }) => {
    if (operation === 'getRace' && params?.id === '1117') return { status: 200, data: raceDetailFixture() };
    if (operation === 'getRaceResults' && params?.id === '1117') return { status: 200, data: monza2024Results };
    if (operation === 'listReviews') {
      return query?.cursor
        ? { status: 200, data: { results: [second], next_cursor: null } }
        : { status: 200, data: { results: [first], next_cursor: 'abc' } };
    }
    if (operation === 'recommendedRaces') return { status: 200, data: [] };
    return { status: 404, data: { detail: 'Not found.' } };
  });
}

describe('race page Reviews tab', () => {
  it('shows the rating distribution and the race reviews, newest first, with Load more', async () => {
    const requests = serve();
    renderRace('/race/1117');

    await userEvent.click(await screen.findByRole('tab', { name: 'Reviews 20' }));

    const distribution = screen.getByRole('list', { name: 'Rating distribution' });
    expect(within(distribution).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('Average rating 4.4 out of 5 from 20 reviews')).toBeInTheDocument();
    expect(await screen.findByText('Newest take.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older take.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const lists = requests.filter((r) => r.operation === 'listReviews');
    expect(lists.map((r) => r.query)).toEqual([{ race_id: '1117' }, { race_id: '1117', cursor: 'abc' }]);
  });

  it('opens straight on the tab from ?tab=reviews', async () => {
    serve();
    renderRace('/race/1117?tab=reviews');

    expect(await screen.findByText('Newest take.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Reviews/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('lets a signed-in viewer who has not reviewed the race write a review of it', async () => {
    serve({ signedIn: true });
    renderRace('/race/1117?tab=reviews');

    await userEvent.click(await screen.findByRole('button', { name: 'Write a review' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add Race Review' });
    expect(await within(dialog).findByText('Italian Grand Prix 2024')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });

  it('does not offer a guest to write a review', async () => {
    serve();
    renderRace('/race/1117?tab=reviews');

    await screen.findByText('Newest take.');
    expect(screen.queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
  });
});

describe('race page Thoughts tab', () => {
  it('opens straight on the thoughts feature’s tab from ?tab=thoughts', async () => {
    stubApi(({ operation, params }) => {
      const race = params?.id === '1117';
      if (operation === 'getRace' && race) return { status: 200, data: raceDetailFixture() };
      if (operation === 'getRaceResults' && race) return { status: 200, data: monza2024Results };
      if (operation === 'thoughtStatus' && race) {
        return { status: 200, data: { is_open: false, opens_in_seconds: 0, closes_in_seconds: null } };
      }
      if (operation === 'listThoughts' && params?.race_id === '1117') {
        return {
          status: 200,
          data: { results: [thoughtFixture({ user: marco, content: 'Closed take.' })], next_cursor: null },
        };
      }
      return { status: 404, data: { detail: 'Not found.' } };
    });
    renderRace('/race/1117?tab=thoughts');

    expect(await screen.findByText('Closed take.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Thoughts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Thoughts on this race are closed.')).toBeInTheDocument();
  });
});
