import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubbedRequest } from '@/test/http.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { checo, meFixture, reviewFixture } from '@/test/review-fixtures.ts';
import type { Review } from '@paddock/contract/reviews';
import { ReviewCard } from './review-card.tsx';

/** What a request asked for: its operation, path parameters, query and body. */
const sent = ({ operation, params, query, body }: StubbedRequest) => ({ operation, params, query, body });

function renderCard(review: Review, { signedIn = false, onOpen }: { signedIn?: boolean; onOpen?: () => void } = {}) {
  const queryClient = testQueryClient();
  if (signedIn) {
    localStorage.setItem('access', 'token');
    queryClient.setQueryData(['auth', 'me'], meFixture());
  }
  return renderRoutes(
    [
      { path: '/home', element: <ReviewCard review={review} onOpen={onOpen} /> },
      { path: '/profile/:username', element: <p>Profile page</p> },
    ],
    { at: '/home', queryClient },
  );
}

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

describe('review card', () => {
  it('shows the author, stars, relative time, race link and circuit', () => {
    stubApi(() => ({ status: 200, data: { follow_status: 'none' } }));
    renderCard(reviewFixture({ rating: 3, created_at: new Date(Date.now() - 5 * 60_000).toISOString() }));

    const card = screen.getByRole('article', { name: 'Lena Fischer on Italian Grand Prix 2024' });
    expect(within(card).getByRole('link', { name: 'Lena Fischer' })).toHaveAttribute('href', '/profile/lena');
    expect(within(card).getByText('@lena')).toBeInTheDocument();
    expect(within(card).getByText('Rated 3 out of 5')).toBeInTheDocument();
    expect(within(card).getByText('5m ago')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Italian Grand Prix 2024' })).toHaveAttribute('href', '/race/1117');
    expect(within(card).getByText('Monza')).toBeInTheDocument();
  });

  it('shows how the viewer follows the author from the review itself, asking the server nothing', async () => {
    const requests = stubApi(() => ({ status: 500 }));
    renderCard(
      reviewFixture({ user: { ...checo, id: 77, username: 'marco', name: 'Marco', follow_status: 'following' } }),
      {
        signedIn: true,
      },
    );
    expect(await screen.findByRole('button', { name: 'Following @marco' })).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it("cuts a long text at 300 characters with 'Click to read more', which a guest follows to the review page", () => {
    const text = `${'a'.repeat(299)}bcdef`;
    const review = reviewFixture({ review_text: text });
    renderCard(review);

    const card = screen.getByRole('article');
    expect(card).toHaveTextContent(`${'a'.repeat(299)}b…`);
    expect(card).not.toHaveTextContent('bcdef');
    expect(within(card).getByRole('link', { name: 'Click to read more' })).toHaveAttribute(
      'href',
      `/review/${review.id}`,
    );
  });

  it('shows the author and the text isolated, so a reversed run in the text stays inside it', () => {
    const text = 'Great race \u202Eevol ot kcilc';
    renderCard(reviewFixture({ review_text: `${text}${'z'.repeat(300)}` }));

    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Lena Fischer' }).firstElementChild?.tagName).toBe('BDI');
    const body = within(card).getByText(
      (_, element) => element?.tagName === 'P' && element.textContent?.startsWith(text) === true,
    );
    expect(body).toHaveAttribute('dir', 'auto');
    // The link after the cut has a direction of its own: the override before it cannot turn it around.
    expect(within(body).getByRole('link', { name: 'Click to read more' })).toHaveAttribute('dir', 'ltr');
  });

  it('shows a text of exactly 300 characters whole', () => {
    renderCard(reviewFixture({ review_text: 'x'.repeat(300) }));

    expect(screen.queryByText('Click to read more')).not.toBeInTheDocument();
  });

  it('shows a guest the like and comment counts without a like button or follow button', () => {
    renderCard(reviewFixture({ like_count: 4, comment_count: 2 }));

    expect(screen.getByLabelText('4 likes')).toBeInTheDocument();
    expect(screen.getByLabelText('2 comments')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Like review/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });

  it('opens the review for a signed-in viewer from the card, the comment count or read more', async () => {
    stubApi(() => ({ status: 200, data: { follow_status: 'none' } }));
    const onOpen = vi.fn();
    renderCard(reviewFixture({ review_text: 'y'.repeat(320) }), { signedIn: true, onOpen });

    await userEvent.click(screen.getByText(/^y+…/));
    await userEvent.click(screen.getByRole('button', { name: '1 comment, open review' }));
    await userEvent.click(screen.getByRole('button', { name: 'Click to read more' }));

    expect(onOpen).toHaveBeenCalledTimes(3);
  });

  it('does not open the review when a link or button inside the card is used', async () => {
    const requests = stubApi(() => ({ status: 200, data: { liked: true, like_count: 3 } }));
    const onOpen = vi.fn();
    const review = reviewFixture();
    renderCard(review, { signedIn: true, onOpen });

    await userEvent.click(screen.getByRole('button', { name: 'Like review, 2 likes' }));
    await userEvent.click(screen.getByRole('link', { name: 'Lena Fischer' }));

    await vi.waitFor(() =>
      expect(requests.map(sent)).toContainEqual({
        operation: 'toggleReviewLike',
        body: { review_id: review.id },
      }),
    );
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('offers the owner Edit, which opens the Edit Review dialog, and Delete', async () => {
    stubApi(() => ({ status: 404 }));
    renderCard(reviewFixture({ user: checo }), { signedIn: true });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));

    expect(await screen.findByRole('dialog', { name: 'Edit Review' })).toBeInTheDocument();
  });

  it("offers no Edit or Delete on someone else's review", () => {
    stubApi(() => ({ status: 200, data: { follow_status: 'none' } }));
    renderCard(reviewFixture(), { signedIn: true });

    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});

describe('share menu', () => {
  async function openMenu() {
    await userEvent.click(screen.getByRole('button', { name: 'Share review' }));
  }

  it('copies {origin}/review/{id} and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    const review = reviewFixture();
    renderCard(review);

    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Copy Link' }));

    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/review/${review.id}`);
    expect(await screen.findByText('Share link copied to clipboard!')).toBeInTheDocument();
  });

  it('says when the link could not be copied', async () => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({
      writeText: () => Promise.reject(new Error('denied')),
    } as unknown as Clipboard);
    renderCard(reviewFixture());

    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Copy Link' }));

    expect(await screen.findByText('Failed to copy link')).toBeInTheDocument();
  });

  it('shares through the system sheet where there is one', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const review = reviewFixture();
    renderCard(review);

    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Share' }));

    expect(share).toHaveBeenCalledWith({
      title: 'Italian Grand Prix 2024',
      url: `${window.location.origin}/review/${review.id}`,
    });
    expect(await screen.findByText('Shared successfully!')).toBeInTheDocument();
    Reflect.deleteProperty(navigator, 'share');
  });

  it("says 'Failed to share' when sharing fails, but nothing when the sheet is closed", async () => {
    const share = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new DOMException('cancelled', 'AbortError'))
      .mockRejectedValueOnce(new Error('boom'));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderCard(reviewFixture());

    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Share' }));
    expect(screen.queryByText('Failed to share')).not.toBeInTheDocument();
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Share' }));

    expect(await screen.findByText('Failed to share')).toBeInTheDocument();
    Reflect.deleteProperty(navigator, 'share');
  });

  it('opens the review in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const review = reviewFixture();
    renderCard(review);

    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Open in New Tab' }));

    expect(open).toHaveBeenCalledWith(`${window.location.origin}/review/${review.id}`, '_blank', 'noopener,noreferrer');
  });

  it("says 'Share URL not available' where the page has no origin", async () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, origin: 'null' });
    renderCard(reviewFixture());

    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Copy Link' }));

    expect(await screen.findByText('Share URL not available')).toBeInTheDocument();
  });
});
