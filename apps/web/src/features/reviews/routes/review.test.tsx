import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { commentFixture, replyFixture, reviewFixture } from '@/test/review-fixtures.ts';
import { wholeText } from '@/test/text.ts';
import { ReviewRoute } from './review.tsx';

function renderPage(at: string) {
  return renderRoutes([{ path: '/review/:id', element: <ReviewRoute /> }], { at });
}

describe('shared review page', () => {
  it('shows a guest the review and its comments', async () => {
    const review = reviewFixture({ id: 31, like_count: 3 });
    const requests = stubApi(({ operation, params }) =>
      operation === 'getSharedReview' && params?.token === '31'
        ? { status: 200, data: review }
        : { status: 200, data: { results: [commentFixture({ review_id: 31 })], next_cursor: null } },
    );
    renderPage('/review/31');

    expect(await screen.findByRole('heading', { level: 1, name: 'Italian Grand Prix 2024' })).toBeInTheDocument();
    expect(screen.getByText(wholeText('by Lena Fischer (@lena)'))).toBeInTheDocument();
    expect(screen.getByLabelText('3 likes')).toBeInTheDocument();
    expect(await screen.findByText('That hard-tyre stint was a masterclass.')).toBeInTheDocument();
    expect(screen.getByText('Please log in to comment')).toBeInTheDocument();
    expect(requests.find((r) => r.operation === 'listComments')?.query).toEqual({ review_id: '31' });
  });

  it('says the review is not there for a missing or private review', async () => {
    stubApi(() => ({ status: 404, data: { detail: 'Not found.' } }));
    renderPage('/review/404');

    expect(await screen.findByText('Review not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');
  });

  it('scrolls to and highlights the comment of a #comment-{id} link', async () => {
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    const reply = replyFixture({ id: 77, parent_comment_id: 70, review_id: 31 });
    stubApi(({ operation, params }) =>
      operation === 'getSharedReview' && params?.token === '31'
        ? { status: 200, data: reviewFixture({ id: 31 }) }
        : {
            status: 200,
            data: {
              results: [commentFixture({ id: 70, review_id: 31, replies: [reply], reply_count: 1 })],
              next_cursor: null,
            },
          },
    );
    renderPage('/review/31#comment-77');

    const target = await screen.findByText('And Ferrari called it right for once!');
    const article = target.closest('article')!;
    expect(article).toHaveAttribute('id', 'comment-77');
    await vi.waitFor(() => expect(article.className).toContain('ring-primary'));
    expect(scrollIntoView).toHaveBeenCalled();
    expect(scrollIntoView.mock.contexts[0]).toBe(article);
    expect(document.getElementById('comment-70')?.className).not.toContain('ring-primary');
    scrollIntoView.mockRestore();
  });
});
