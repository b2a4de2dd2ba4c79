import type { Comment } from '@paddock/contract/comments';
import type { Review } from '@paddock/contract/reviews';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi, type StubbedRequest, type StubReply } from '@/test/http.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { checo, commentFixture, meFixture, replyFixture, reviewFixture, sam } from '@/test/review-fixtures.ts';
import { getFeedQueryOptions } from '../api/get-feed.ts';
import { ReviewDetailDialog } from './review-detail-dialog.tsx';

/** What a request asked for: its operation, path parameters, query and body. */
const sent = ({ operation, params, query, body }: StubbedRequest) => ({ operation, params, query, body });

function renderDetail(
  review: Review,
  comments: Comment[],
  extra?: (request: StubbedRequest) => StubReply | undefined,
  { signedIn = true }: { signedIn?: boolean } = {},
) {
  const queryClient = testQueryClient();
  if (signedIn) {
    localStorage.setItem('access', 'token');
    queryClient.setQueryData(['auth', 'me'], meFixture());
  }
  const requests = stubApi((request) => {
    const answer = extra?.(request);
    if (answer) return answer;
    if (request.operation === 'getReview' && request.params?.id === String(review.id)) {
      return { status: 200, data: review };
    }
    if (request.operation === 'listComments') return { status: 200, data: { results: comments, next_cursor: null } };
    if (request.operation === 'getProfileByUsername') return { status: 200, data: { follow_status: 'none' } };
    return { status: 404, data: { detail: 'Not found.' } };
  });
  renderRoutes(
    [{ path: '/home', element: <ReviewDetailDialog review={review} open onOpenChange={() => undefined} /> }],
    {
      at: '/home',
      queryClient,
    },
  );
  return { requests, queryClient };
}

/** The composer, once its form has loaded (it loads when first drawn). */
function composer(name = 'Write a comment') {
  return screen.findByRole('textbox', { name });
}

afterEach(() => {
  toast.dismiss();
});

describe('review detail dialog', () => {
  it('shows the whole review and its comments with their replies', async () => {
    const review = reviewFixture({ id: 1, review_text: 'z'.repeat(400) });
    const comment = commentFixture({ replies: [replyFixture({ parent_comment_id: 1 })], reply_count: 1 });
    renderDetail(review, [comment]);

    const dialog = await screen.findByRole('dialog', { name: 'Italian Grand Prix 2024' });
    expect(within(dialog).getByText('z'.repeat(400))).toBeInTheDocument();
    expect(await within(dialog).findByText('That hard-tyre stint was a masterclass.')).toBeInTheDocument();
    expect(within(dialog).getByText('And Ferrari called it right for once!')).toBeInTheDocument();
  });

  it('names the race once on screen, and the author only in their row (title and byline for screen readers)', async () => {
    renderDetail(reviewFixture({ id: 1 }), []);

    const dialog = await screen.findByRole('dialog', { name: 'Italian Grand Prix 2024' });
    const shown = (text: string | RegExp) =>
      within(dialog)
        .getAllByText(text)
        .filter((element) => !element.closest('.sr-only'));
    expect(shown('Italian Grand Prix 2024')).toHaveLength(1);
    expect(shown('Italian Grand Prix 2024')[0]?.closest('a')).toHaveAttribute('href', '/race/1117');
    expect(shown(/Review by/)).toHaveLength(0);
    expect(dialog).toHaveAccessibleDescription(/Review by/);
  });

  it('offers to follow comment authors the viewer does not follow, and not on their own comments', async () => {
    const comment = commentFixture({
      user: { ...sam, follow_status: 'following' },
      replies: [replyFixture({ parent_comment_id: 1 }), replyFixture({ parent_comment_id: 1, user: checo })],
      reply_count: 2,
    });
    renderDetail(reviewFixture({ id: 1 }), [comment]);

    const dialog = await screen.findByRole('dialog', { name: 'Italian Grand Prix 2024' });
    expect(await within(dialog).findByRole('button', { name: 'Following @sam' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Follow @marco' })).toBeInTheDocument();
    const own = within(dialog).getByRole('article', { name: `Comment by ${checo.name}` });
    expect(within(own).queryByRole('button', { name: /follow/i })).not.toBeInTheDocument();
  });

  it('posts with Enter, keeps Shift+Enter for a new line, and says so', async () => {
    const review = reviewFixture({ id: 1, comment_count: 0 });
    const { requests, queryClient } = renderDetail(review, [], ({ operation }) =>
      operation === 'createComment' ? { status: 201, data: commentFixture() } : undefined,
    );
    queryClient.setQueryData(getFeedQueryOptions('forYou').queryKey, {
      pages: [
        {
          results: [review],
          next_cursor: null,
          meta: { last_author_id: null },
          part: 'new',
          snapshot: { ids: [], lastAuthorId: null },
        },
      ],
      pageParams: [{ cursor: null, lastAuthorId: null }],
    });
    await screen.findByText('No comments yet.');

    await userEvent.type(await composer(), 'First line{Shift>}{Enter}{/Shift}second line');
    expect(await composer()).toHaveValue('First line\nsecond line');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.type(await composer(), '{Enter}');

    expect(await screen.findByText('Comment posted successfully!')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map(sent)[0]).toEqual({
      operation: 'createComment',
      body: { race_review_id: 1, comment: 'First line\nsecond line', parent_comment_id: null },
    });
    expect(await composer()).toHaveValue('');
    const feed = queryClient.getQueryData(getFeedQueryOptions('forYou').queryKey);
    expect(feed?.pages[0]?.results[0]?.comment_count).toBe(1);
  });

  it("says 'Comment cannot be empty' for a blank comment", async () => {
    const { requests } = renderDetail(reviewFixture({ id: 1 }), []);
    await screen.findByText('No comments yet.');

    await userEvent.type(await composer(), '   {Enter}');

    expect(await screen.findByText('Comment cannot be empty')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it("replies under a comment, and says 'Reply cannot be empty' for a blank reply", async () => {
    const comment = commentFixture({ id: 7 });
    const { requests } = renderDetail(reviewFixture({ id: 1 }), [comment], ({ method }) =>
      method === 'POST' ? { status: 201, data: replyFixture({ parent_comment_id: 7 }) } : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Reply' }));

    await userEvent.type(await composer('Write a reply'), '{Enter}');
    expect(await screen.findByText('Reply cannot be empty')).toBeInTheDocument();
    await userEvent.type(await composer('Write a reply'), 'Agreed!{Enter}');

    expect(await screen.findByText('Comment posted successfully!')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      race_review_id: 1,
      comment: 'Agreed!',
      parent_comment_id: 7,
    });
  });

  it('says when a comment could not be posted', async () => {
    renderDetail(reviewFixture({ id: 1 }), [], ({ method }) =>
      method === 'POST' ? { status: 500, data: {} } : undefined,
    );
    await screen.findByText('No comments yet.');

    await userEvent.type(await composer(), 'Hello{Enter}');

    expect(await screen.findByText('Failed to post comment. Please try again.')).toBeInTheDocument();
    expect(await composer()).toHaveValue('Hello');
  });

  it('deletes an own comment after an inline confirmation', async () => {
    const own = commentFixture({ id: 9, user: checo, comment: 'My take.' });
    const { requests } = renderDetail(reviewFixture({ id: 1 }), [own], ({ method }) =>
      method === 'DELETE' ? { status: 204 } : undefined,
    );
    const mine = await screen.findByRole('article', { name: 'Comment by Checo Fan' });

    await userEvent.click(within(mine).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(within(mine).getByRole('group', { name: 'Delete this comment?' })).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByText('Comment deleted successfully!')).toBeInTheDocument();
    expect(screen.queryByText('My take.')).not.toBeInTheDocument();
    const deleted = requests.find((r) => r.method === 'DELETE');
    expect(deleted?.operation).toBe('deleteComment');
    expect(deleted?.params).toEqual({ id: '9' });
  });

  it('says when a comment could not be deleted', async () => {
    const own = commentFixture({ id: 9, user: checo });
    renderDetail(reviewFixture({ id: 1 }), [own], ({ method }) => (method === 'DELETE' ? { status: 500 } : undefined));
    const mine = await screen.findByRole('article', { name: 'Comment by Checo Fan' });

    await userEvent.click(within(mine).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(within(mine).getByRole('group')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Failed to delete comment. Please try again.')).toBeInTheDocument();
  });

  it('likes a comment, and says when that fails', async () => {
    const comment = commentFixture({ id: 5, like_count: 1 });
    const likes: StubReply[] = [{ status: 200, data: { liked: true, like_count: 2 } }, { status: 500 }];
    renderDetail(reviewFixture({ id: 1 }), [comment], ({ operation }) =>
      operation === 'toggleCommentLike' ? likes.shift() : undefined,
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Like comment, 1 like' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Unlike comment, 2 likes' }));

    expect(await screen.findByText('Failed to update like. Please try again.')).toBeInTheDocument();
  });

  it('updates the like in the open dialog and in the cached feeds', async () => {
    const review = reviewFixture({ id: 1, like_count: 1 });
    const { queryClient } = renderDetail(review, [], ({ operation }) =>
      operation === 'toggleReviewLike' ? { status: 200, data: { liked: true, like_count: 2 } } : undefined,
    );
    queryClient.setQueryData(getFeedQueryOptions('following').queryKey, {
      pages: [
        {
          results: [review],
          next_cursor: null,
          meta: { last_author_id: null },
          part: 'new',
          snapshot: { ids: [], lastAuthorId: null },
        },
      ],
      pageParams: [{ cursor: null, lastAuthorId: null }],
    });
    const dialog = await screen.findByRole('dialog');
    await screen.findByText('No comments yet.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Like review, 1 like' }));

    expect(await within(dialog).findByRole('button', { name: 'Unlike review, 2 likes' })).toBeInTheDocument();
    expect(queryClient.getQueryData(getFeedQueryOptions('following').queryKey)?.pages[0]?.results[0]).toMatchObject({
      like_count: 2,
      is_liked_by_user: true,
    });
  });
});

describe('comments for a guest', () => {
  it('asks to log in to comment, reply or like', async () => {
    renderDetail(reviewFixture({ id: 1 }), [commentFixture()], undefined, { signedIn: false });

    expect(await screen.findByText('Please log in to comment')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('Please log in to reply')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Like comment, 1 like' }));
    expect(await screen.findByText('Please log in to like comments')).toBeInTheDocument();
  });
});
