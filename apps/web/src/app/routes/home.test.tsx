import type { FeedPage, Review } from '@paddock/contract/reviews';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIntersectionObserver } from '@/test/intersection-observer.ts';
import type { EndpointName } from '@paddock/contract/endpoints';
import { routes } from '@paddock/contract/routes';
import { earlyAnswersScript } from '@/lib/early-answers.ts';
import { STORAGE_KEYS } from '@/lib/storage.ts';
import { stubApi, type StubbedRequest, type StubReply } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { checo, feedPage, marco, meFixture, reviewFixture, sam } from '@/test/review-fixtures.ts';
import { AddReviewProvider } from '../layouts/add-review-provider.tsx';
import { homeFeedAsk } from './home-early.ts';
import { HomeRoute } from './home.tsx';

const FOLLOWING = 'followingFeed';
const FOR_YOU = 'forYouFeed';

function renderHome() {
  return renderRoutes(
    [
      {
        path: '/home',
        element: (
          <AddReviewProvider>
            <HomeRoute />
          </AddReviewProvider>
        ),
      },
    ],
    { at: '/home' },
  );
}

/**
 * A server for the home screen: `feeds` answers each feed request (by operation) in turn, and whatever
 * `extra` does not answer gets the race card's empty answers or a 404.
 */
function serve({
  following_count = 2,
  feeds = {},
  extra,
}: {
  following_count?: number | null;
  feeds?: Partial<Record<EndpointName, (FeedPage | StubReply)[]>>;
  extra?: (request: StubbedRequest) => StubReply | undefined;
}) {
  if (following_count !== null) localStorage.setItem('access', 'token');
  const served: Partial<Record<EndpointName, number>> = {};
  return stubApi((request) => {
    const answer = extra?.(request);
    if (answer) return answer;
    const { operation } = request;
    if (operation === 'getMe') return { status: 200, data: meFixture({ following_count: following_count ?? 0 }) };
    if (operation === 'activeThoughts') return { status: 200, data: null };
    if (operation === 'upcomingRaces') return { status: 200, data: [] };
    const pages = feeds[operation];
    if (pages) {
      const index = served[operation] ?? 0;
      served[operation] = index + 1;
      const page = pages[Math.min(index, pages.length - 1)]!;
      return 'status' in page ? page : { status: 200, data: page };
    }
    return { status: 404, data: { detail: 'Not found.' } };
  });
}

function feedRequests(requests: StubbedRequest[], operation: EndpointName) {
  return requests.filter((r) => r.operation === operation);
}

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

describe('home feeds', () => {
  it('lists the reviews of people the viewer follows, then says they have caught up', async () => {
    const review = reviewFixture({ user: marco });
    const requests = serve({ feeds: { [FOLLOWING]: [feedPage([review])] } });
    renderHome();

    expect(await screen.findByRole('article', { name: /Marco Rossi on Italian Grand Prix 2024/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Latest from People You Follow' })).toBeInTheDocument();
    expect(document.title).toBe('Home · Paddock');
    expect(screen.getByText('You have caught up with everyone you follow!')).toBeInTheDocument();
    expect(screen.getByText('Check out the For You tab to find more people to follow')).toBeInTheDocument();
    // Nothing seen before: one part, one request.
    expect(feedRequests(requests, FOLLOWING).map((r) => r.query)).toEqual([{ page_size: '20' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Go to For You' }));

    expect(screen.getByRole('tab', { name: 'For You' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says so when the people followed have not reviewed anything yet', async () => {
    serve({ feeds: { [FOLLOWING]: [feedPage([])] } });
    renderHome();

    expect(await screen.findByText('No reviews from people you follow yet')).toBeInTheDocument();
    expect(screen.getByText('Follow some users or check the For You tab')).toBeInTheDocument();
  });

  it('shows a returning viewer the new reviews first, then the ones seen before under a divider, each once', async () => {
    const io = fakeIntersectionObserver();
    const fresh = reviewFixture({ user: marco, review_text: 'A new review since the last visit.' });
    const seen = reviewFixture({ user: sam, review_text: 'A review shown on the last visit.' });
    localStorage.setItem('seen:following:v1', JSON.stringify({ ts: Date.now(), ids: [seen.id], lastAuthorId: 13 }));
    const requests = serve({
      extra: ({ operation, query }) => {
        if (operation !== FOLLOWING) return undefined;
        // The server leaves the seen ids out; asked without them, it ranks the seen review among the rest.
        return { status: 200, data: feedPage(query?.seen_ids ? [fresh] : [fresh, seen]) };
      },
    });
    const view = renderHome();

    const newList = await screen.findByRole('list', { name: 'Reviews' });
    expect(within(newList).getByText('A new review since the last visit.')).toBeInTheDocument();
    io.show(view.container.querySelector('ul[aria-label="Reviews"] ~ div[aria-hidden]')!);

    const earlier = await screen.findByRole('list', { name: 'Earlier reviews' });
    expect(within(earlier).getAllByRole('article')).toHaveLength(1);
    expect(within(earlier).getByText('A review shown on the last visit.')).toBeInTheDocument();
    expect(screen.getAllByText('A new review since the last visit.')).toHaveLength(1);
    expect(screen.getByText("You're all caught up — earlier reviews")).toBeInTheDocument();
    expect(screen.getByText('You have caught up with everyone you follow!')).toBeInTheDocument();
    const [first, second] = feedRequests(requests, FOLLOWING);
    expect(first?.query).toEqual({ page_size: '20', seen_ids: String(seen.id), last_author_id: '13' });
    expect(second?.query).toEqual({ page_size: '20' });
  });

  it('shows the reviews seen before, not "No reviews from people you follow yet", when nothing is new', async () => {
    const seen = reviewFixture({ user: marco, review_text: 'Read on an earlier visit.' });
    localStorage.setItem('seen:following:v1', JSON.stringify({ ts: Date.now(), ids: [seen.id], lastAuthorId: 12 }));
    serve({
      extra: ({ operation, query }) =>
        operation === FOLLOWING ? { status: 200, data: feedPage(query?.seen_ids ? [] : [seen]) } : undefined,
    });
    renderHome();

    const earlier = await screen.findByRole('list', { name: 'Earlier reviews' });
    expect(within(earlier).getByText('Read on an earlier visit.')).toBeInTheDocument();
    expect(screen.getByText("You're all caught up — earlier reviews")).toBeInTheDocument();
    expect(screen.queryByText('No reviews from people you follow yet')).not.toBeInTheDocument();
  });

  it('never says "No recommendations available yet" while For You has reviews, seen or not', async () => {
    const seen = reviewFixture({ user: sam, review_text: 'Recommended on an earlier visit.' });
    localStorage.setItem('seen:forYou:v1', JSON.stringify({ ts: Date.now(), ids: [seen.id], lastAuthorId: 13 }));
    serve({
      following_count: null,
      extra: ({ operation, query }) =>
        operation === FOR_YOU ? { status: 200, data: feedPage(query?.seen_ids ? [] : [seen]) } : undefined,
    });
    renderHome();

    expect(await screen.findByText('Recommended on an earlier visit.')).toBeInTheDocument();
    expect(screen.queryByText('No recommendations available yet')).not.toBeInTheDocument();
  });

  it('never asks for the Following feed of someone who follows nobody, and shows For You instead', async () => {
    const requests = serve({ following_count: 0, feeds: { [FOR_YOU]: [feedPage([reviewFixture({ user: sam })])] } });
    renderHome();

    expect(await screen.findByRole('heading', { name: 'For You' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Following' }));
    expect(
      screen.getByText("You don't follow anyone yet, follow some people to see their reviews here!"),
    ).toBeInTheDocument();
    expect(feedRequests(requests, FOLLOWING)).toHaveLength(0);
  });

  describe('a page drawn on the server for a signed-in reader', () => {
    /**
     * The page's inline script, as the browser runs it while reading the page: it asks who the reader is, then
     * for the feed Home will open on.
     */
    const readPage = () => {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call
      new Function(earlyAnswersScript({ paths: [routes.getMe.path], feed: homeFeedAsk }))();
    };
    afterEach(() => {
      delete window.__paddockAnswers;
    });

    it('asks for the Following feed as it is read, and the feed shows that answer without asking again', async () => {
      vi.spyOn(performance, 'now').mockReturnValue(1_000);
      const review = reviewFixture({ user: marco, review_text: 'Asked for before the page was hydrated.' });
      localStorage.setItem('seen:following:v1', JSON.stringify({ ts: Date.now(), ids: [7, 9], lastAuthorId: 12 }));
      const requests = serve({ feeds: { [FOLLOWING]: [feedPage([review])] } });
      readPage();
      await vi.waitFor(() => expect(feedRequests(requests, FOLLOWING)).toHaveLength(1));
      const [asked] = feedRequests(requests, FOLLOWING);
      expect(asked?.query).toEqual({ page_size: '20', seen_ids: '7,9', last_author_id: '12' });

      renderHome();
      expect(await screen.findByText('Asked for before the page was hydrated.')).toBeInTheDocument();
      // Neither who the reader is nor their feed was asked twice.
      expect(feedRequests(requests, FOLLOWING)).toHaveLength(1);
      expect(feedRequests(requests, 'getMe')).toHaveLength(1);
      expect(feedRequests(requests, FOR_YOU)).toHaveLength(0);
    });

    it('asks for For You instead for a reader who follows nobody, or who chose it', async () => {
      vi.spyOn(performance, 'now').mockReturnValue(1_000);
      const requests = serve({ following_count: 0, feeds: { [FOR_YOU]: [feedPage([reviewFixture({ user: sam })])] } });
      readPage();
      await vi.waitFor(() => expect(feedRequests(requests, FOR_YOU)).toHaveLength(1));

      localStorage.setItem(STORAGE_KEYS.homeTab, 'forYou');
      const chosen = serve({ following_count: 3 });
      readPage();
      await vi.waitFor(() => expect(feedRequests(chosen, FOR_YOU)).toHaveLength(1));
      expect(feedRequests(chosen, FOLLOWING)).toHaveLength(0);
      renderHome();
      expect(await screen.findByRole('heading', { name: 'For You' })).toBeInTheDocument();
      expect(feedRequests(chosen, FOR_YOU)).toHaveLength(1);
    });
  });

  it('shows a guest For You with counts but no like button, and no Following feed request', async () => {
    const requests = serve({
      following_count: null,
      feeds: { [FOR_YOU]: [feedPage([reviewFixture({ like_count: 7 })])] },
    });
    renderHome();

    const review = await screen.findByRole('article', { name: /Lena Fischer/ });
    expect(within(review).getByLabelText('7 likes')).toBeInTheDocument();
    expect(within(review).queryByRole('button', { name: /Like review/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    await userEvent.click(review);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(feedRequests(requests, FOLLOWING)).toHaveLength(0);
  });

  it("says 'No recommendations available yet' when For You is empty", async () => {
    serve({ following_count: null, feeds: { [FOR_YOU]: [feedPage([])] } });
    renderHome();

    expect(await screen.findByText('No recommendations available yet')).toBeInTheDocument();
  });

  it("shows 'Loading…' first, and on failure offers Try Again, which reloads the page", async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    serve({ following_count: null, feeds: { [FOR_YOU]: [{ status: 500, data: {} }] } });
    renderHome();

    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load data. Please try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('loads the next page when the end of the list comes within 200 px, with the same seen ids and the last author', async () => {
    const io = fakeIntersectionObserver();
    localStorage.setItem('seen:forYou:v1', JSON.stringify({ ts: Date.now(), ids: [5, 6], lastAuthorId: 13 }));
    const first = reviewFixture({ user: sam });
    const second = reviewFixture({ user: marco });
    const requests = serve({
      following_count: null,
      feeds: {
        [FOR_YOU]: [
          feedPage([first], { next_cursor: 0.75, meta: { last_author_id: 13 } }),
          feedPage([second], { next_cursor: null, meta: { last_author_id: 12 } }),
        ],
      },
    });
    const view = renderHome();

    await screen.findByRole('article', { name: /Sam Okafor/ });
    const sentinel = view.container.querySelector('ul[aria-label="Reviews"] + div')!;
    expect(io.optionsFor(sentinel)).toEqual([{ rootMargin: '200px' }]);
    io.show(sentinel);

    expect(await screen.findByRole('article', { name: /Marco Rossi/ })).toBeInTheDocument();
    const [page1, page2] = feedRequests(requests, FOR_YOU);
    expect(page1?.query).toEqual({ page_size: '20', seen_ids: '5,6', last_author_id: '13' });
    expect(page2?.query).toEqual({ page_size: '20', seen_ids: '5,6', cursor: '0.75', last_author_id: '13' });
  });

  it('goes on to the next page by itself when a page ends empty but more follow', async () => {
    const requests = serve({
      following_count: null,
      feeds: {
        [FOR_YOU]: [
          feedPage([], { next_cursor: 0.5, meta: { last_author_id: 13 } }),
          feedPage([reviewFixture({ user: marco })]),
        ],
      },
    });
    renderHome();

    expect(await screen.findByRole('article', { name: /Marco Rossi/ })).toBeInTheDocument();
    expect(screen.queryByText('No recommendations available yet')).not.toBeInTheDocument();
    expect(feedRequests(requests, FOR_YOU)[1]?.query).toMatchObject({ cursor: '0.5', last_author_id: '13' });
  });

  it("shows 'Loading more…' while the next page is on its way", async () => {
    const io = fakeIntersectionObserver();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const requests = serve({
      following_count: null,
      feeds: { [FOR_YOU]: [feedPage([reviewFixture()], { next_cursor: 3 })] },
    });
    const view = renderHome();
    await screen.findByRole('article', { name: /Lena Fischer/ });
    // The second page waits until the test lets it through.
    stubApi(async (request) => {
      requests.push(request);
      await gate;
      return { status: 200, data: feedPage([]) };
    });

    io.show(view.container.querySelector('ul[aria-label="Reviews"] + div')!);

    expect(await screen.findByText('Loading more…')).toBeInTheDocument();
    release();
    await vi.waitFor(() => expect(screen.queryByText('Loading more…')).not.toBeInTheDocument());
  });

  it('drops a seen-ids record older than 7 days instead of sending it', async () => {
    localStorage.setItem(
      'seen:forYou:v1',
      JSON.stringify({ ts: Date.now() - 8 * 24 * 3_600_000, ids: [5, 6], lastAuthorId: 13 }),
    );
    const requests = serve({ following_count: null, feeds: { [FOR_YOU]: [feedPage([])] } });
    renderHome();

    await screen.findByText('No recommendations available yet');
    expect(feedRequests(requests, FOR_YOU)[0]?.query).toEqual({ page_size: '20' });
    expect(localStorage.getItem('seen:forYou:v1')).toBeNull();
  });

  it('records the reviews shown, and Refresh asks again without them', async () => {
    const io = fakeIntersectionObserver();
    const shown = reviewFixture({ user: sam });
    const requests = serve({
      following_count: null,
      feeds: { [FOR_YOU]: [feedPage([shown], { meta: { last_author_id: sam.id } }), feedPage([])] },
    });
    const view = renderHome();
    const item = (await screen.findByRole('article', { name: /Sam Okafor/ })).closest('li')!;

    io.show(item);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByText('No recommendations available yet')).toBeInTheDocument();
    const [before, after] = feedRequests(requests, FOR_YOU);
    expect(before?.query?.seen_ids).toBeUndefined();
    expect(after?.query).toEqual({ page_size: '20', seen_ids: String(shown.id), last_author_id: String(sam.id) });
    view.unmount();
    expect(JSON.parse(localStorage.getItem('seen:forYou:v1')!)).toMatchObject({
      ids: [shown.id],
      lastAuthorId: sam.id,
    });
  });

  it('saves the seen ids every 15 s rather than at every card', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const io = fakeIntersectionObserver();
    const shown = reviewFixture({ user: sam });
    serve({ following_count: null, feeds: { [FOR_YOU]: [feedPage([shown])] } });
    renderHome();
    const item = (await screen.findByRole('article', { name: /Sam Okafor/ })).closest('li')!;

    io.show(item);
    expect(localStorage.getItem('seen:forYou:v1')).toBeNull();
    await vi.advanceTimersByTimeAsync(15_000);

    expect(JSON.parse(localStorage.getItem('seen:forYou:v1')!)).toMatchObject({ ids: [shown.id] });
    vi.useRealTimers();
  });

  it('saves the seen ids when the page is hidden', async () => {
    const io = fakeIntersectionObserver();
    const shown = reviewFixture({ user: sam });
    serve({ following_count: null, feeds: { [FOR_YOU]: [feedPage([shown])] } });
    renderHome();
    io.show((await screen.findByRole('article', { name: /Sam Okafor/ })).closest('li')!);

    window.dispatchEvent(new Event('pagehide'));

    expect(JSON.parse(localStorage.getItem('seen:forYou:v1')!)).toMatchObject({ ids: [shown.id] });
  });

  it('updates a like in both cached feeds and keeps the count from going below zero', async () => {
    const shared = reviewFixture({ user: marco, like_count: 0, is_liked_by_user: true });
    const likes: StubReply[] = [{ status: 200, data: { liked: false, like_count: 0 } }];
    serve({
      feeds: { [FOLLOWING]: [feedPage([shared])], [FOR_YOU]: [feedPage([shared])] },
      extra: ({ operation }) => (operation === 'toggleReviewLike' ? likes.shift() : undefined),
    });
    const { queryClient } = renderHome();
    await screen.findByRole('article', { name: /Marco Rossi/ });
    await userEvent.click(screen.getByRole('tab', { name: 'For You' }));
    const inForYou = await screen.findByRole('article', { name: /Marco Rossi/ });

    await userEvent.click(within(inForYou).getByRole('button', { name: /Unlike review/ }));

    expect(await within(inForYou).findByRole('button', { name: 'Like review, 0 likes' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const following = queryClient.getQueryData<{ pages: { results: Review[] }[] }>(['reviews', 'feed', 'following']);
    expect(following?.pages[0]?.results[0]).toMatchObject({ is_liked_by_user: false, like_count: 0 });
  });

  it('updates the count in both feeds when a review is liked', async () => {
    const shared = reviewFixture({ user: marco, like_count: 2 });
    serve({
      feeds: { [FOLLOWING]: [feedPage([shared])], [FOR_YOU]: [feedPage([shared])] },
      extra: ({ operation }) =>
        operation === 'toggleReviewLike' ? { status: 200, data: { liked: true, like_count: 3 } } : undefined,
    });
    renderHome();
    await screen.findByRole('tab', { name: 'For You' });
    await userEvent.click(screen.getByRole('tab', { name: 'For You' }));
    await userEvent.click(
      within(await screen.findByRole('article', { name: /Marco Rossi/ })).getByRole('button', {
        name: 'Like review, 2 likes',
      }),
    );
    await screen.findByRole('button', { name: 'Unlike review, 3 likes' });

    await userEvent.click(screen.getByRole('tab', { name: 'Following' }));

    expect(await screen.findByRole('button', { name: 'Unlike review, 3 likes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says nothing when a like fails, and the heart stays as it was', async () => {
    serve({
      following_count: 0,
      feeds: { [FOR_YOU]: [feedPage([reviewFixture({ like_count: 2 })])] },
      extra: ({ operation }) => (operation === 'toggleReviewLike' ? { status: 500, data: {} } : undefined),
    });
    renderHome();

    await userEvent.click(await screen.findByRole('button', { name: 'Like review, 2 likes' }));

    expect(await screen.findByRole('button', { name: 'Like review, 2 likes' })).toBeEnabled();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('opens the detail dialog when a signed-in viewer clicks a review', async () => {
    const review = reviewFixture({ user: marco });
    serve({
      feeds: { [FOLLOWING]: [feedPage([review])] },
      extra: ({ operation, params }) => {
        if (operation === 'getReview' && params?.id === String(review.id)) return { status: 200, data: review };
        if (operation === 'listComments') return { status: 200, data: { results: [], next_cursor: null } };
        return undefined;
      },
    });
    renderHome();

    await userEvent.click(await screen.findByText('Leclerc making a one-stop work at Monza.'));

    const dialog = await screen.findByRole('dialog', { name: 'Italian Grand Prix 2024' });
    expect(await within(dialog).findByRole('textbox', { name: 'Write a comment' })).toBeInTheDocument();
  });

  it('deletes an own review after an inline confirmation and refreshes the feed', async () => {
    const own = reviewFixture({ user: checo });
    const requests = serve({
      following_count: 0,
      feeds: { [FOR_YOU]: [feedPage([own]), feedPage([])] },
      extra: ({ operation }) => (operation === 'deleteReview' ? { status: 204 } : undefined),
    });
    renderHome();
    const mine = await screen.findByRole('article', { name: /Checo Fan/ });

    await userEvent.click(within(mine).getByRole('button', { name: 'Delete' }));
    const question = within(mine).getByRole('group', { name: 'Delete this review?' });
    expect(requests.some((r) => r.operation === 'deleteReview')).toBe(false);
    await userEvent.click(within(question).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('No recommendations available yet')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => [r.operation, r.params])).toEqual([
      ['deleteReview', { id: String(own.id) }],
    ]);
    expect(feedRequests(requests, FOR_YOU).length).toBeGreaterThanOrEqual(2);
  });

  it('lets the owner cancel a delete', async () => {
    const own = reviewFixture({ user: checo });
    const requests = serve({ following_count: 0, feeds: { [FOR_YOU]: [feedPage([own])] } });
    renderHome();
    const mine = await screen.findByRole('article', { name: /Checo Fan/ });

    await userEvent.click(within(mine).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(mine).getByRole('button', { name: 'Cancel' }));

    expect(within(mine).queryByRole('group', { name: 'Delete this review?' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });
});
