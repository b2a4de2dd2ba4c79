import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Review } from '@paddock/contract/reviews';
import { stubApi } from '@/test/http.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { meFixture, reviewFixture } from '@/test/review-fixtures.ts';
import { ReviewCard } from './review-card.tsx';

/* A review card whose race the reader's spoiler shield hides (decision 033). */

const NOTICE = 'Spoilers hidden — mark as watched to reveal';

function renderCard(review: Review) {
  localStorage.setItem('access', 'token');
  const queryClient = testQueryClient();
  queryClient.setQueryData(['auth', 'me'], meFixture());
  return renderRoutes([{ path: '/home', element: <ReviewCard review={review} /> }], { at: '/home', queryClient });
}

describe('a shielded review card', () => {
  it('keeps the author, race and date, and says the rating and words are hidden', () => {
    stubApi(() => ({ status: 404, data: { detail: 'Not found.' } }));
    renderCard(reviewFixture({ rating: null, review_text: null, spoilers_hidden: true }));
    const card = screen.getByRole('article', { name: 'Lena Fischer on Italian Grand Prix 2024' });
    expect(within(card).getByRole('link', { name: 'Italian Grand Prix 2024' })).toHaveAttribute('href', '/race/1117');
    expect(within(card).getByRole('note')).toHaveTextContent(NOTICE);
    expect(within(card).queryByText(/Rated \d out of 5/)).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Mark as watched' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reveal' })).toBeInTheDocument();
  });

  it('marks the race watched from the card', async () => {
    const requests = stubApi(({ operation }) =>
      operation === 'markWatched' ? { status: 201, data: { race_id: 1117 } } : { status: 404, data: {} },
    );
    renderCard(reviewFixture({ rating: null, review_text: null, spoilers_hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark as watched' }));
    expect(requests.find((r) => r.operation === 'markWatched')?.body).toEqual({ race_id: 1117 });
  });

  it('says why a race still being run cannot be marked watched', async () => {
    stubApi(({ operation }) =>
      operation === 'markWatched'
        ? { status: 400, data: { race_id: ['Only races that have been completed can be marked as watched.'] } }
        : { status: 404, data: {} },
    );
    renderCard(reviewFixture({ rating: null, review_text: null, spoilers_hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark as watched' }));
    expect(
      await screen.findByText('Only races that have been completed can be marked as watched.'),
    ).toBeInTheDocument();
  });

  it('shows an unshielded review as before, with no notice', () => {
    stubApi(() => ({ status: 404, data: {} }));
    renderCard(reviewFixture({ rating: 4 }));
    const card = screen.getByRole('article');
    expect(within(card).getByText('Rated 4 out of 5')).toBeInTheDocument();
    expect(within(card).queryByText(NOTICE)).not.toBeInTheDocument();
  });
});
