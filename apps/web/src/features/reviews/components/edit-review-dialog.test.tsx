import type { Review } from '@paddock/contract/reviews';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubbedRequest, type StubReply } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { checo, reviewFixture } from '@/test/review-fixtures.ts';
import { EditReviewDialog } from './edit-review-dialog.tsx';

/** What a request asked for: its operation, path parameters, query and body. */
const sent = ({ operation, params, query, body }: StubbedRequest) => ({ operation, params, query, body });

function renderEdit(review: Review, reply: StubReply) {
  localStorage.setItem('access', 'token');
  const requests = stubApi(() => reply);
  const onOpenChange = vi.fn();
  renderRoutes([{ path: '/home', element: <EditReviewDialog review={review} open onOpenChange={onOpenChange} /> }], {
    at: '/home',
  });
  return { requests, onOpenChange };
}

const mine = () => reviewFixture({ user: checo, rating: 3, review_text: 'Solid race.' });

afterEach(() => {
  toast.dismiss();
});

describe('Edit Review dialog', () => {
  it('enables Update only once the rating or the text has changed', async () => {
    renderEdit(mine(), { status: 200, data: mine() });
    const update = screen.getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(update).toBeEnabled();
    await userEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(update).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Your review (optional)'), '   ');
    expect(update).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Your review (optional)'), 'Really.');
    expect(update).toBeEnabled();
  });

  it('saves the rating and text and says so', async () => {
    const review = mine();
    const { requests, onOpenChange } = renderEdit(review, { status: 200, data: review });

    await userEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    await userEvent.clear(screen.getByLabelText('Your review (optional)'));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Review updated successfully')).toBeInTheDocument();
    expect(requests.map(sent)[0]).toEqual({
      operation: 'updateReview',
      params: { id: String(review.id) },
      body: { rating: 5, review_text: null },
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it.each<[StubReply, string]>([
    [{ status: 400, data: { detail: 'This review can no longer be edited.' } }, 'This review can no longer be edited.'],
    [{ status: 400, data: { non_field_errors: ['Nothing to change.'] } }, 'Nothing to change.'],
    [{ status: 400, data: { rating: ['Bad rating.'] } }, 'Failed to update review. Please try again.'],
    [
      { status: 403, data: { detail: 'You do not have permission to perform this action.' } },
      'Failed to update review',
    ],
    [{ status: 500, data: {} }, 'Failed to update review'],
  ])('explains a failed update (%o)', async (reply, message) => {
    const { onOpenChange } = renderEdit(mine(), reply);

    await userEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(message, { selector: '[data-sonner-toast] *' })).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
