import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/http.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { checo, meFixture, reviewFixture } from '@/test/review-fixtures.ts';
import { AddReviewProvider } from '../layouts/add-review-provider.tsx';
import { OwnProfilePageRoute } from './own-profile.tsx';

function renderOwn(reviews: ReturnType<typeof reviewFixture>[]) {
  localStorage.setItem('access', 'token');
  const queryClient = testQueryClient();
  queryClient.setQueryData(['auth', 'me'], meFixture());
  const requests = stubApi(({ operation }) =>
    operation === 'listReviews'
      ? { status: 200, data: { results: reviews, next_cursor: null } }
      : { status: 200, data: [] },
  );
  renderRoutes(
    [
      {
        path: '/profile',
        element: (
          <AddReviewProvider>
            <OwnProfilePageRoute />
          </AddReviewProvider>
        ),
      },
    ],
    { at: '/profile', queryClient },
  );
  return requests;
}

describe('own profile reviews', () => {
  it('lists the viewer’s reviews with Edit and Delete', async () => {
    const requests = renderOwn([reviewFixture({ user: checo, review_text: 'Mine.' })]);

    const mine = await screen.findByRole('article', { name: /Checo Fan on Italian Grand Prix 2024/ });
    expect(within(mine).getByText('Mine.')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(requests.find((r) => r.operation === 'listReviews')?.query).toEqual({ user_id: '4' });
  });

  it('offers to write the first review', async () => {
    renderOwn([]);

    await userEvent.click(await screen.findByRole('button', { name: 'Add a race review' }));

    expect(await screen.findByRole('dialog', { name: 'Add Race Review' })).toBeInTheDocument();
  });
});
