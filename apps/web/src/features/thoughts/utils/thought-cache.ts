import type { AnyThoughtComment, Thought, ThoughtReply, ThoughtStreamEvent } from '@paddock/contract/thoughts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ApiOutput } from '@/lib/api-client.ts';
import { changeCommentInPages, hasComment, type CommentChange } from '@/lib/comment-tree.ts';
import { changeItemInPages } from '@/lib/infinite-pages.ts';
import { getThoughtQueryOptions } from '../api/get-thought.ts';
import {
  getThoughtCommentsQueryOptions,
  getThoughtRepliesQueryOptions,
  THOUGHT_REPLIES_KEY,
} from '../api/get-thought-comments.ts';
import { getThoughtsQueryOptions } from '../api/get-thoughts.ts';

/**
 * Every cached copy of a race's thoughts and their comments, changed in one place: by the viewer's own
 * requests and by the live stream's events, which may arrive before or after the request's answer, or
 * twice after a reconnection. Creations and deletions are applied once per id; counts the stream sends
 * are taken as they are, counts the viewer's own requests change are adjusted only when the stream has
 * not already done so. A broadcast thought or comment always says `is_liked_by_user: false`: the
 * viewer's own flag is kept.
 */

const applied = new WeakMap<QueryClient, Set<string>>();

/** True the first time `key` is seen by this query client. */
function firstTime(queryClient: QueryClient, key: string): boolean {
  let seen = applied.get(queryClient);
  if (!seen) {
    seen = new Set();
    applied.set(queryClient, seen);
  }
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

type ThoughtChange = (thought: Thought) => Thought | null;

/** Changes a thought in its race's list and in its own query (a deep link's); null removes it. */
export function changeCachedThought(
  queryClient: QueryClient,
  raceId: number,
  thoughtId: number,
  change: ThoughtChange,
): void {
  queryClient.setQueryData(getThoughtsQueryOptions(raceId).queryKey, (data) =>
    changeItemInPages(data, thoughtId, change),
  );
  queryClient.setQueryData(getThoughtQueryOptions(thoughtId).queryKey, (thought) =>
    thought ? change(thought) : thought,
  );
}

/** A thought from the server, keeping what the viewer knows of their own like. */
function withViewerLike(incoming: Thought, cached: Thought): Thought {
  return { ...incoming, is_liked_by_user: cached.is_liked_by_user };
}

/** A new thought goes to the top of the list, once, whoever reports it first. */
export function addCachedThought(queryClient: QueryClient, thought: Thought): void {
  queryClient.setQueryData(getThoughtsQueryOptions(thought.race_id).queryKey, (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.results.some((t) => t.id === thought.id))) {
      return changeItemInPages(data, thought.id, (cached) => withViewerLike(thought, cached));
    }
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, results: [thought, ...first.results] }, ...rest] };
  });
}

export function removeCachedThought(queryClient: QueryClient, raceId: number, thoughtId: number): void {
  changeCachedThought(queryClient, raceId, thoughtId, () => null);
  queryClient.setQueryData(getThoughtQueryOptions(thoughtId).queryKey, null);
  queryClient.removeQueries({ queryKey: getThoughtCommentsQueryOptions(thoughtId).queryKey });
}

function setCommentCount(queryClient: QueryClient, raceId: number, thoughtId: number, count: number): void {
  changeCachedThought(queryClient, raceId, thoughtId, (t) => ({ ...t, comment_count: Math.max(0, count) }));
}

function bumpCommentCount(queryClient: QueryClient, raceId: number, thoughtId: number, by: number): void {
  changeCachedThought(queryClient, raceId, thoughtId, (t) => ({
    ...t,
    comment_count: Math.max(0, t.comment_count + by),
  }));
}

const asReply = (comment: AnyThoughtComment): ThoughtReply => ({ ...comment, replies: [], reply_count: 0 });

/** Appends to the last page when it is the end of the list (otherwise the new item arrives with a later page). */
function appendToEnd<P extends { results: unknown[]; next_cursor: string | null }>(
  data: InfiniteData<P> | undefined,
  item: P['results'][number],
): InfiniteData<P> | undefined {
  const last = data?.pages.at(-1);
  if (!data || !last || last.next_cursor !== null) return data;
  return { ...data, pages: [...data.pages.slice(0, -1), { ...last, results: [...last.results, item] }] };
}

/** Puts a new comment or reply into the cached thread (and the parent's reply list), once per id. */
function insertComment(queryClient: QueryClient, comment: AnyThoughtComment): void {
  const parentId = comment.parent_comment_id;
  queryClient.setQueryData(getThoughtCommentsQueryOptions(comment.thought_id).queryKey, (data) => {
    // Already there: the list was fetched after the comment was written.
    if (!data || data.pages.some((page) => hasComment(page.results, comment.id))) return data;
    if (parentId === null) return appendToEnd(data, comment);
    return changeCommentInPages(data, parentId, (parent) => {
      const allInline = parent.replies.length >= parent.reply_count;
      return {
        ...parent,
        replies: allInline ? [...parent.replies, asReply(comment)] : parent.replies,
        reply_count: parent.reply_count + 1,
      };
    });
  });
  if (parentId !== null) {
    queryClient.setQueryData(getThoughtRepliesQueryOptions(parentId).queryKey, (data) =>
      data?.pages.some((page) => hasComment(page.results, comment.id)) ? data : appendToEnd(data, asReply(comment)),
    );
  }
}

/** Takes a comment or reply out of the cached thread; a reply not shown inline still lowers its parent's count. */
function deleteComment(queryClient: QueryClient, thoughtId: number, commentId: number, parentId: number | null): void {
  queryClient.setQueryData(getThoughtCommentsQueryOptions(thoughtId).queryKey, (data) => {
    if (!data) return data;
    if (parentId === null) return changeCommentInPages(data, commentId, () => null);
    return changeCommentInPages(data, parentId, (parent) => {
      const replies = parent.replies.filter((reply) => reply.id !== commentId);
      return { ...parent, replies, reply_count: Math.max(0, parent.reply_count - 1) };
    });
  });
  if (parentId !== null) {
    queryClient.setQueryData(getThoughtRepliesQueryOptions(parentId).queryKey, (data) =>
      changeCommentInPages(data, commentId, () => null),
    );
  }
  queryClient.removeQueries({ queryKey: getThoughtRepliesQueryOptions(commentId).queryKey });
}

/** Changes a comment wherever it is cached: the thread, its inline replies, every reply list. */
function changeCachedComment(
  queryClient: QueryClient,
  thoughtId: number,
  commentId: number,
  change: CommentChange,
): void {
  queryClient.setQueryData(getThoughtCommentsQueryOptions(thoughtId).queryKey, (data) =>
    changeCommentInPages(data, commentId, change),
  );
  queryClient.setQueriesData<InfiniteData<ApiOutput<'listThoughtComments'>>>(
    { queryKey: THOUGHT_REPLIES_KEY },
    (data) => changeCommentInPages(data, commentId, change),
  );
}

/** The viewer posted a comment: into the thread and the thought's count, unless the stream was first. */
export function addOwnComment(queryClient: QueryClient, raceId: number, comment: AnyThoughtComment): void {
  if (!firstTime(queryClient, `comment+${comment.id}`)) return;
  insertComment(queryClient, comment);
  bumpCommentCount(queryClient, raceId, comment.thought_id, 1);
}

/** The viewer deleted a comment (with its replies, for a top-level one). */
export function removeOwnComment(
  queryClient: QueryClient,
  raceId: number,
  comment: Pick<AnyThoughtComment, 'id' | 'thought_id' | 'parent_comment_id' | 'reply_count'>,
): void {
  if (!firstTime(queryClient, `comment-${comment.id}`)) return;
  deleteComment(queryClient, comment.thought_id, comment.id, comment.parent_comment_id);
  const removed = 1 + (comment.parent_comment_id === null ? comment.reply_count : 0);
  bumpCommentCount(queryClient, raceId, comment.thought_id, -removed);
}

export function setOwnThoughtLike(
  queryClient: QueryClient,
  thought: Pick<Thought, 'id' | 'race_id'>,
  result: { liked: boolean; like_count: number },
): void {
  changeCachedThought(queryClient, thought.race_id, thought.id, (t) => ({
    ...t,
    is_liked_by_user: result.liked,
    like_count: result.like_count,
  }));
}

export function setOwnCommentLike(
  queryClient: QueryClient,
  comment: Pick<AnyThoughtComment, 'id' | 'thought_id'>,
  result: { liked: boolean; like_count: number },
): void {
  changeCachedComment(queryClient, comment.thought_id, comment.id, (c) => ({
    ...c,
    is_liked_by_user: result.liked,
    like_count: result.like_count,
  }));
}

/** Applies one event of a race's live stream to the cache. */
export function applyThoughtEvent(queryClient: QueryClient, raceId: number, event: ThoughtStreamEvent): void {
  switch (event.type) {
    case 'thought.created':
      addCachedThought(queryClient, event.thought);
      return;
    case 'thought.updated':
      changeCachedThought(queryClient, raceId, event.thought.id, (cached) => withViewerLike(event.thought, cached));
      return;
    case 'thought.deleted':
      removeCachedThought(queryClient, raceId, event.thought_id);
      return;
    case 'thought.liked':
      changeCachedThought(queryClient, raceId, event.thought_id, (t) => ({ ...t, like_count: event.like_count }));
      return;
    case 'comment.created':
      if (firstTime(queryClient, `comment+${event.comment.id}`)) insertComment(queryClient, event.comment);
      setCommentCount(queryClient, raceId, event.thought_id, event.comment_count);
      return;
    case 'comment.updated': {
      const { comment, updated_at } = event.comment;
      changeCachedComment(queryClient, event.thought_id, event.comment.id, (c) => ({ ...c, comment, updated_at }));
      return;
    }
    case 'comment.deleted':
      if (firstTime(queryClient, `comment-${event.comment_id}`)) {
        deleteComment(queryClient, event.thought_id, event.comment_id, event.parent_comment_id);
      }
      setCommentCount(queryClient, raceId, event.thought_id, event.comment_count);
      return;
    case 'comment.liked':
      changeCachedComment(queryClient, event.thought_id, event.comment_id, (c) => ({
        ...c,
        like_count: event.like_count,
      }));
      return;
  }
}
