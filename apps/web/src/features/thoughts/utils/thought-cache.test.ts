import type { Thought, ThoughtPage } from '@paddock/contract/thoughts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiOutput } from '@/lib/api-client.ts';
import { testQueryClient } from '@/test/render.tsx';
import { thoughtCommentFixture, thoughtFixture, thoughtReplyFixture } from '@/test/thought-fixtures.ts';
import { getThoughtQueryOptions } from '../api/get-thought.ts';
import { getThoughtCommentsQueryOptions, getThoughtRepliesQueryOptions } from '../api/get-thought-comments.ts';
import { getThoughtsQueryOptions } from '../api/get-thoughts.ts';
import { addCachedThought, addOwnComment, applyThoughtEvent, removeOwnComment } from './thought-cache.ts';

const RACE = 1117;

function pages<P>(...list: P[]): InfiniteData<P, string | null> {
  return { pages: list, pageParams: list.map((_, i) => (i === 0 ? null : `c${i}`)) };
}

function withThoughts(queryClient: QueryClient, ...list: ThoughtPage[]) {
  queryClient.setQueryData(getThoughtsQueryOptions(RACE).queryKey, pages(...list));
}

const thoughtsOf = (queryClient: QueryClient) =>
  queryClient.getQueryData(getThoughtsQueryOptions(RACE).queryKey)?.pages.flatMap((p) => p.results) ?? [];
const thoughtIn = (queryClient: QueryClient, id: number) => thoughtsOf(queryClient).find((t) => t.id === id);
const commentsOf = (queryClient: QueryClient, thoughtId: number) =>
  queryClient.getQueryData(getThoughtCommentsQueryOptions(thoughtId).queryKey)?.pages.flatMap((p) => p.results) ?? [];

describe('live thought events in the cache', () => {
  it('thought.created puts a new thought on top, once, even when the own post got there first', () => {
    const queryClient = testQueryClient();
    const older = thoughtFixture({ id: 1 });
    withThoughts(queryClient, { results: [older], next_cursor: 'c1' }, { results: [], next_cursor: null });
    const fresh = thoughtFixture({ id: 2 });

    applyThoughtEvent(queryClient, RACE, { type: 'thought.created', thought: fresh });
    addCachedThought(queryClient, fresh);
    applyThoughtEvent(queryClient, RACE, { type: 'thought.created', thought: fresh });

    expect(thoughtsOf(queryClient).map((t) => t.id)).toEqual([2, 1]);
  });

  it('thought.updated changes the text and keeps the viewer’s own like', () => {
    const queryClient = testQueryClient();
    const mine = thoughtFixture({ id: 3, is_liked_by_user: true, like_count: 4 });
    withThoughts(queryClient, { results: [mine], next_cursor: null });
    queryClient.setQueryData(getThoughtQueryOptions(3).queryKey, mine);

    const broadcast: Thought = { ...mine, content: 'Edited take', is_liked_by_user: false, like_count: 5 };
    applyThoughtEvent(queryClient, RACE, { type: 'thought.updated', thought: broadcast });

    expect(thoughtIn(queryClient, 3)).toMatchObject({ content: 'Edited take', is_liked_by_user: true, like_count: 5 });
    expect(queryClient.getQueryData(getThoughtQueryOptions(3).queryKey)).toMatchObject({
      content: 'Edited take',
      is_liked_by_user: true,
    });
  });

  it('thought.deleted removes it from the list and from a deep link’s copy', () => {
    const queryClient = testQueryClient();
    withThoughts(queryClient, { results: [thoughtFixture({ id: 4 }), thoughtFixture({ id: 5 })], next_cursor: null });
    queryClient.setQueryData(getThoughtQueryOptions(4).queryKey, thoughtFixture({ id: 4 }));

    applyThoughtEvent(queryClient, RACE, { type: 'thought.deleted', thought_id: 4 });

    expect(thoughtsOf(queryClient).map((t) => t.id)).toEqual([5]);
    expect(queryClient.getQueryData(getThoughtQueryOptions(4).queryKey)).toBeNull();
  });

  it('thought.liked sets the count and leaves the viewer’s like alone', () => {
    const queryClient = testQueryClient();
    withThoughts(queryClient, {
      results: [thoughtFixture({ id: 6, is_liked_by_user: true, like_count: 1 })],
      next_cursor: null,
    });

    applyThoughtEvent(queryClient, RACE, { type: 'thought.liked', thought_id: 6, like_count: 9 });

    expect(thoughtIn(queryClient, 6)).toMatchObject({ like_count: 9, is_liked_by_user: true });
  });

  it('comment.created adds a comment to an open thread and sets the thought’s count, once', () => {
    const queryClient = testQueryClient();
    withThoughts(queryClient, { results: [thoughtFixture({ id: 7, comment_count: 1 })], next_cursor: null });
    const first = thoughtCommentFixture({ id: 70, thought_id: 7 });
    queryClient.setQueryData(
      getThoughtCommentsQueryOptions(7).queryKey,
      pages<ApiOutput<'listThoughtComments'>>({ results: [first], next_cursor: null }),
    );
    const second = thoughtCommentFixture({ id: 71, thought_id: 7 });

    const event = { type: 'comment.created', thought_id: 7, comment: second, comment_count: 2 } as const;
    applyThoughtEvent(queryClient, RACE, event);
    applyThoughtEvent(queryClient, RACE, event);

    expect(commentsOf(queryClient, 7).map((c) => c.id)).toEqual([70, 71]);
    expect(thoughtIn(queryClient, 7)?.comment_count).toBe(2);
  });

  it('a reply goes under its comment inline and into its open reply list', () => {
    const queryClient = testQueryClient();
    withThoughts(queryClient, { results: [thoughtFixture({ id: 8, comment_count: 1 })], next_cursor: null });
    queryClient.setQueryData(
      getThoughtCommentsQueryOptions(8).queryKey,
      pages<ApiOutput<'listThoughtComments'>>({
        results: [thoughtCommentFixture({ id: 80, thought_id: 8 })],
        next_cursor: null,
      }),
    );
    queryClient.setQueryData(
      getThoughtRepliesQueryOptions(80).queryKey,
      pages<ApiOutput<'listThoughtComments'>>({ results: [], next_cursor: null }),
    );
    const reply = thoughtReplyFixture({ id: 81, thought_id: 8, parent_comment_id: 80 });

    applyThoughtEvent(queryClient, RACE, { type: 'comment.created', thought_id: 8, comment: reply, comment_count: 2 });

    expect(commentsOf(queryClient, 8)[0]).toMatchObject({ reply_count: 1, replies: [{ id: 81 }] });
    expect(
      queryClient.getQueryData(getThoughtRepliesQueryOptions(80).queryKey)?.pages[0]?.results.map((r) => r.id),
    ).toEqual([81]);
  });

  it('the own comment and its event count it once, whichever comes first', () => {
    const queryClient = testQueryClient();
    withThoughts(queryClient, {
      results: [thoughtFixture({ id: 9, comment_count: 0 }), thoughtFixture({ id: 10, comment_count: 0 })],
      next_cursor: null,
    });
    for (const id of [9, 10]) {
      queryClient.setQueryData(
        getThoughtCommentsQueryOptions(id).queryKey,
        pages<ApiOutput<'listThoughtComments'>>({ results: [], next_cursor: null }),
      );
    }
    const a = thoughtCommentFixture({ id: 90, thought_id: 9 });
    const b = thoughtCommentFixture({ id: 100, thought_id: 10 });

    addOwnComment(queryClient, RACE, a);
    applyThoughtEvent(queryClient, RACE, { type: 'comment.created', thought_id: 9, comment: a, comment_count: 1 });
    applyThoughtEvent(queryClient, RACE, { type: 'comment.created', thought_id: 10, comment: b, comment_count: 1 });
    addOwnComment(queryClient, RACE, b);

    expect(thoughtIn(queryClient, 9)?.comment_count).toBe(1);
    expect(thoughtIn(queryClient, 10)?.comment_count).toBe(1);
    expect(commentsOf(queryClient, 9)).toHaveLength(1);
    expect(commentsOf(queryClient, 10)).toHaveLength(1);
  });

  it('comment.updated changes the text and keeps the viewer’s like and the replies', () => {
    const queryClient = testQueryClient();
    const reply = thoughtReplyFixture({ id: 111, thought_id: 11, parent_comment_id: 110 });
    const comment = thoughtCommentFixture({
      id: 110,
      thought_id: 11,
      is_liked_by_user: true,
      replies: [reply],
      reply_count: 1,
    });
    queryClient.setQueryData(
      getThoughtCommentsQueryOptions(11).queryKey,
      pages<ApiOutput<'listThoughtComments'>>({ results: [comment], next_cursor: null }),
    );

    applyThoughtEvent(queryClient, RACE, {
      type: 'comment.updated',
      thought_id: 11,
      comment: { ...comment, comment: 'Rewritten', is_liked_by_user: false, replies: [], reply_count: 0 },
    });

    expect(commentsOf(queryClient, 11)[0]).toMatchObject({
      comment: 'Rewritten',
      is_liked_by_user: true,
      reply_count: 1,
      replies: [{ id: 111 }],
    });
  });

  it('comment.deleted removes a reply (lowering its parent’s count) and sets the thought’s count', () => {
    const queryClient = testQueryClient();
    withThoughts(queryClient, { results: [thoughtFixture({ id: 12, comment_count: 3 })], next_cursor: null });
    const reply = thoughtReplyFixture({ id: 121, thought_id: 12, parent_comment_id: 120 });
    queryClient.setQueryData(
      getThoughtCommentsQueryOptions(12).queryKey,
      pages<ApiOutput<'listThoughtComments'>>({
        results: [thoughtCommentFixture({ id: 120, thought_id: 12, replies: [reply], reply_count: 2 })],
        next_cursor: null,
      }),
    );

    const event = {
      type: 'comment.deleted',
      thought_id: 12,
      comment_id: 121,
      parent_comment_id: 120,
      comment_count: 2,
    } as const;
    applyThoughtEvent(queryClient, RACE, event);
    removeOwnComment(queryClient, RACE, { ...reply });

    expect(commentsOf(queryClient, 12)[0]).toMatchObject({ replies: [], reply_count: 1 });
    expect(thoughtIn(queryClient, 12)?.comment_count).toBe(2);
  });

  it('comment.liked sets a comment’s count wherever it is, keeping the viewer’s like', () => {
    const queryClient = testQueryClient();
    const reply = thoughtReplyFixture({ id: 131, thought_id: 13, parent_comment_id: 130, is_liked_by_user: true });
    queryClient.setQueryData(
      getThoughtCommentsQueryOptions(13).queryKey,
      pages<ApiOutput<'listThoughtComments'>>({
        results: [thoughtCommentFixture({ id: 130, thought_id: 13, replies: [reply], reply_count: 1 })],
        next_cursor: null,
      }),
    );
    queryClient.setQueryData(
      getThoughtRepliesQueryOptions(130).queryKey,
      pages<ApiOutput<'listThoughtComments'>>({ results: [reply], next_cursor: null }),
    );

    applyThoughtEvent(queryClient, RACE, { type: 'comment.liked', thought_id: 13, comment_id: 131, like_count: 6 });

    expect(commentsOf(queryClient, 13)[0]?.replies[0]).toMatchObject({ like_count: 6, is_liked_by_user: true });
    expect(queryClient.getQueryData(getThoughtRepliesQueryOptions(130).queryKey)?.pages[0]?.results[0]).toMatchObject({
      like_count: 6,
      is_liked_by_user: true,
    });
  });
});
