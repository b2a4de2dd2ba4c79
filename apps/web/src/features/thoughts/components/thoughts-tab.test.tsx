import type { ThoughtStatus } from '@paddock/contract/f1';
import type { Thought, ThoughtComment } from '@paddock/contract/thoughts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEventStreamFetch, sseEvent } from '@/test/event-stream.ts';
import { operationOf, stubApi, type StubbedRequest } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { checo, lena, marco, meFixture } from '@/test/review-fixtures.ts';
import { openStatus, thoughtCommentFixture, thoughtFixture } from '@/test/thought-fixtures.ts';
import { ThoughtsTab } from './thoughts-tab.tsx';

let stream: ReturnType<typeof fakeEventStreamFetch>;

beforeEach(() => {
  stream = fakeEventStreamFetch();
  vi.stubGlobal('fetch', stream.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderRace(at = '/race/1117?tab=thoughts') {
  return renderRoutes(
    [
      { path: '/race/:raceId', element: <ThoughtsTab race={{ id: 1117 }} /> },
      { path: '/login', element: <p>Login page</p> },
    ],
    { at },
  );
}

interface Server {
  status?: ThoughtStatus;
  thoughts?: Thought[];
  /** A second page of the list, after cursor "p2". */
  older?: Thought[];
  comments?: Record<number, ThoughtComment[]>;
  signedIn?: boolean;
  /** GET /race-thoughts/{id}/ of a thought not in the list. */
  byId?: Record<number, Thought>;
}

function serve({
  status = openStatus,
  thoughts = [],
  older,
  comments = {},
  signedIn = false,
  byId = {},
}: Server = {}): StubbedRequest[] {
  if (signedIn) localStorage.setItem('access', 'token');
  let nextId = 9000;
  const requests = stubApi(({ operation, params, query, body }) => {
    const race = params?.id === '1117';
    if (operation === 'thoughtStatus' && race) return { status: 200, data: status };
    if (operation === 'getMe') return { status: 200, data: meFixture() };
    if (operation === 'listThoughts' && params?.race_id === '1117') {
      return query?.cursor === 'p2'
        ? { status: 200, data: { results: older ?? [], next_cursor: null } }
        : { status: 200, data: { results: thoughts, next_cursor: older ? 'p2' : null } };
    }
    if (operation === 'getThought') {
      const found = byId[Number(params?.id)];
      return found ? { status: 200, data: found } : { status: 404, data: { detail: 'Not found.' } };
    }
    if (operation === 'createThought') {
      const { content } = body as { content: string };
      return { status: 201, data: thoughtFixture({ id: (nextId += 1), content, user: checo, like_count: 0 }) };
    }
    if (operation === 'updateThought') {
      const { content } = body as { content: string };
      const current = thoughts.find((t) => t.id === Number(params?.id))!;
      return { status: 200, data: { ...current, content, updated_at: new Date().toISOString() } };
    }
    if (operation === 'deleteThought') return { status: 204 };
    if (operation === 'toggleThoughtLike') {
      const { thought_id } = body as { thought_id: number };
      const current = thoughts.find((t) => t.id === thought_id)!;
      return { status: 200, data: { liked: true, like_count: current.like_count + 1 } };
    }
    if (operation === 'listThoughtComments') {
      const list = comments[Number(query?.thought_id)] ?? [];
      return { status: 200, data: { results: list, next_cursor: null } };
    }
    if (operation === 'createThoughtComment') {
      const { thought_id, comment } = body as { thought_id: number; comment: string };
      return { status: 201, data: thoughtCommentFixture({ id: (nextId += 1), thought_id, comment, user: checo }) };
    }
    if (operation === 'toggleThoughtCommentLike') return { status: 200, data: { liked: true, like_count: 1 } };
    return { status: 404, data: { detail: 'Not found.' } };
  });
  // The live stream is fetched too: its requests go to the fake event stream, every other one to the stub.
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input instanceof Request ? input.url : input), 'http://paddock.test');
    const { operation } = operationOf(init?.method ?? 'GET', pathname);
    return operation === 'thoughtStream' ? stream.fetch(input, init) : answer(input, init);
  });
  return requests;
}

const thoughtCard = (author: string) => screen.findByRole('article', { name: `Thought by ${author}` });

describe('race page Thoughts tab', () => {
  it('opens on ?tab=thoughts with the race’s thoughts, newest first, and says when it is live', async () => {
    serve({
      thoughts: [
        thoughtFixture({ user: lena, content: 'Newest take.' }),
        thoughtFixture({ user: marco, content: 'Older take.' }),
      ],
    });
    renderRace();

    expect(await screen.findByText('Newest take.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Thoughts' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Thought by Lena Fischer', 'Thought by Marco Rossi']);
    expect(within(list).getAllByRole('link', { name: 'Lena Fischer' })[0]).toHaveAttribute('href', '/profile/lena');

    const connection = await stream.latest();
    expect(operationOf('GET', connection.url)).toEqual({ operation: 'thoughtStream', params: { race_id: '1117' } });
    await waitFor(() => expect(screen.getByText('Live')).toBeInTheDocument());
    expect(screen.getByText('Live').closest('[role="status"]')).toHaveTextContent(
      'Live: New thoughts, comments and likes appear as they happen',
    );
  });

  it('lets a signed-in fan post a thought, with a counter and Post disabled while empty', async () => {
    const requests = serve({ signedIn: true });
    renderRace();

    const box = await screen.findByRole('textbox', { name: 'Your thought' });
    const post = screen.getByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();
    expect(screen.getByText('0/1000')).toBeInTheDocument();
    await userEvent.type(box, '   ');
    expect(post).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, 'Leclerc is flying');
    expect(screen.getByText('17/1000')).toBeInTheDocument();
    await userEvent.click(post);

    expect(await screen.findByText('Thought posted!')).toBeInTheDocument();
    const mine = await thoughtCard('Checo Fan');
    expect(mine).toHaveTextContent('Leclerc is flying');
    expect(box).toHaveValue('');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ race_id: 1117, content: 'Leclerc is flying' });
    expect((await stream.latest()).headers.Authorization).toBe('Bearer token');
  });

  it('shows a guest a sign-in prompt, like counts without a button, and no stream token', async () => {
    serve({ thoughts: [thoughtFixture({ user: lena, like_count: 3 })] });
    renderRace();

    const card = await thoughtCard('Lena Fischer');
    expect(screen.getByText('Please log in to share your thoughts')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your thought' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Like thought/ })).not.toBeInTheDocument();
    expect(within(card).getByText('3')).toBeInTheDocument();
    expect((await stream.latest()).headers.Authorization).toBeUndefined();

    await userEvent.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(localStorage.getItem('intended_destination')).toBe('/race/1117?tab=thoughts');
  });

  it('says when thoughts open, without a composer or a live stream', async () => {
    serve({ signedIn: true, status: { is_open: false, opens_in_seconds: 5 * 3600 + 30, closes_in_seconds: null } });
    renderRace();

    expect(await screen.findByText('Thoughts open in 5 hours')).toBeInTheDocument();
    expect(screen.getByText('No thoughts yet')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your thought' })).not.toBeInTheDocument();
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
    expect(stream.fetch).not.toHaveBeenCalled();
  });

  it('says when thoughts have closed, and offers no likes, comments or edits then', async () => {
    serve({
      signedIn: true,
      status: { is_open: false, opens_in_seconds: 0, closes_in_seconds: null },
      thoughts: [thoughtFixture({ user: checo, comment_count: 1 })],
    });
    renderRace();

    expect(await screen.findByText('Thoughts on this race are closed.')).toBeInTheDocument();
    const card = await thoughtCard('Checo Fan');
    expect(within(card).queryByRole('button', { name: /Like thought/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: '1 comment' }));
    expect(await within(card).findByText('No comments yet.')).toBeInTheDocument();
    expect(within(card).queryByRole('textbox', { name: 'Write a comment' })).not.toBeInTheDocument();
  });

  it('shows other fans’ thoughts, likes and comments live, without a reload', async () => {
    const own = thoughtFixture({ user: checo, content: 'My take.', like_count: 0 });
    serve({ signedIn: true, thoughts: [own] });
    renderRace();
    const mine = await thoughtCard('Checo Fan');
    await userEvent.click(within(mine).getByRole('button', { name: 'Like thought, 0 likes' }));
    await within(mine).findByRole('button', { name: 'Unlike thought, 1 like' });
    const connection = await stream.latest();

    const live = thoughtFixture({ id: 777, user: marco, content: 'Safety car!' });
    connection.send(sseEvent(1, { type: 'thought.created', thought: live }));
    expect(await thoughtCard('Marco Rossi')).toHaveTextContent('Safety car!');
    const list = screen.getByRole('list', { name: 'Thoughts' });
    expect(within(list).getAllByRole('article')[0]).toHaveAttribute('id', 'thought-777');

    connection.send(sseEvent(2, { type: 'thought.liked', thought_id: own.id, like_count: 4 }));
    expect(await within(mine).findByRole('button', { name: 'Unlike thought, 4 likes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    connection.send(
      sseEvent(3, {
        type: 'comment.created',
        thought_id: own.id,
        comment: thoughtCommentFixture({ thought_id: own.id, user: lena }),
        comment_count: 1,
      }),
    );
    expect(await within(mine).findByRole('button', { name: '1 comment' })).toBeInTheDocument();
    connection.send(sseEvent(4, { type: 'thought.updated', thought: { ...live, content: 'VSC, not SC.' } }));
    expect(await screen.findByText('VSC, not SC.')).toBeInTheDocument();
    connection.send(sseEvent(5, { type: 'thought.deleted', thought_id: 777 }));
    await waitFor(() => expect(screen.queryByText('VSC, not SC.')).not.toBeInTheDocument());
  });

  it('opens a thought’s comments, posts one with Enter and likes a comment', async () => {
    const thought = thoughtFixture({ user: lena, comment_count: 1 });
    const existing = thoughtCommentFixture({ thought_id: thought.id, user: marco, comment: 'Box, box.' });
    const requests = serve({ signedIn: true, thoughts: [thought], comments: { [thought.id]: [existing] } });
    renderRace();

    const card = await thoughtCard('Lena Fischer');
    const toggle = within(card).getByRole('button', { name: '1 comment' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const comments = within(card).getByRole('group', { name: 'Comments on the thought by Lena Fischer' });
    expect(await within(comments).findByText('Box, box.')).toBeInTheDocument();

    await userEvent.type(
      await within(comments).findByRole('textbox', { name: 'Write a comment' }),
      'Great call{Enter}',
    );
    expect(await screen.findByText('Comment posted successfully!')).toBeInTheDocument();
    expect(await within(comments).findByText('Great call')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '2 comments' })).toBeInTheDocument();
    expect(requests.find((r) => r.operation === 'createThoughtComment')?.body).toEqual({
      thought_id: thought.id,
      comment: 'Great call',
      parent_comment_id: null,
    });

    const marcos = within(comments).getByRole('article', { name: 'Comment by Marco Rossi' });
    await userEvent.click(within(marcos).getByRole('button', { name: 'Like comment, 0 likes' }));
    expect(await within(marcos).findByRole('button', { name: 'Unlike comment, 1 like' })).toBeInTheDocument();
  });

  it('lets the author edit a thought inline and delete it after an inline confirmation', async () => {
    const own = thoughtFixture({ user: checo, content: 'First draft.' });
    const requests = serve({ signedIn: true, thoughts: [own] });
    renderRace();

    const card = await thoughtCard('Checo Fan');
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const box = within(card).getByRole('textbox', { name: 'Edit your thought' });
    expect(within(card).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, 'Second draft.');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Second draft.')).toBeInTheDocument();
    expect(within(card).getByText('edited')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ content: 'Second draft.' });

    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = within(card).getByRole('group', { name: 'Delete this thought?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Second draft.')).not.toBeInTheDocument());
    expect(await screen.findByText('Thought deleted')).toBeInTheDocument();
    expect(requests.some((r) => r.operation === 'deleteThought' && r.params?.id === String(own.id))).toBe(true);
  });
});

describe('Thoughts tab deep links', () => {
  it('fetches a linked thought that is not on the first page, then scrolls to, focuses and highlights it', async () => {
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    const linked = thoughtFixture({ id: 4242, user: marco, content: 'From yesterday.' });
    const requests = serve({ thoughts: [thoughtFixture({ user: lena })], byId: { 4242: linked } });
    renderRace('/race/1117?tab=thoughts&thoughtId=4242');

    const card = await thoughtCard('Marco Rossi');
    expect(card).toHaveAttribute('id', 'thought-4242');
    expect(screen.getByText('Linked thought')).toBeInTheDocument();
    await waitFor(() => expect(card.className).toContain('ring-primary'));
    expect(scrollIntoView.mock.contexts).toContain(card);
    expect(card).toHaveFocus();
    expect(requests.some((r) => r.operation === 'getThought' && r.params?.id === '4242')).toBe(true);
  });

  it('opens the linked thought’s comments on the linked comment, and highlights it', async () => {
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    const thought = thoughtFixture({ id: 31, user: lena, comment_count: 2 });
    const target = thoughtCommentFixture({ id: 77, thought_id: 31, user: marco, comment: 'This one.' });
    const other = thoughtCommentFixture({ id: 76, thought_id: 31, user: checo, comment: 'Not this.' });
    const requests = serve({ thoughts: [thought], comments: { 31: [other, target] } });
    renderRace('/race/1117?tab=thoughts&thoughtId=31&commentId=77');

    const comment = (await screen.findByText('This one.')).closest('article')!;
    expect(comment).toHaveAttribute('id', 'thought-comment-77');
    await waitFor(() => expect(comment.className).toContain('ring-primary'));
    await waitFor(() => expect(comment).toHaveFocus());
    expect(document.getElementById('thought-comment-76')?.className).not.toContain('ring-primary');
    // One highlight: the comment's, not also the thought's around it.
    expect(document.getElementById('thought-31')?.className).not.toContain('ring-primary');
    // The thought was on the first page: not asked for again.
    expect(requests.some((r) => r.operation === 'getThought' && r.params?.id === '31')).toBe(false);
  });
});
