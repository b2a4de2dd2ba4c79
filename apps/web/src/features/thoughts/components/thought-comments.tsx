import type { AnyThoughtComment, Thought, ThoughtComment } from '@paddock/contract/thoughts';
import { useEffect, useState } from 'react';
import { NewCommentComposer } from '@/components/comments/comment-composer.tsx';
import { CommentList, commentPagesOf } from '@/components/comments/comment-list.tsx';
import { allRepliesOf, CommentThreadItem, type CommentActions } from '@/components/comments/comment-thread.tsx';
import { hasComment } from '@/lib/comment-tree.ts';
import { useCreateThoughtComment } from '../api/create-thought-comment.ts';
import { useDeleteThoughtComment } from '../api/delete-thought-comment.ts';
import { useThoughtComments, useThoughtReplies } from '../api/get-thought-comments.ts';
import { useToggleThoughtCommentLike } from '../api/toggle-thought-comment-like.ts';

/** The element id of a thought comment, which a notification's link names (`commentId`). */
export const thoughtCommentAnchor = (commentId: number) => `thought-comment-${commentId}`;

/**
 * A thought's comments and replies (oldest first), opened under its card. `writable` is false once the
 * race's thoughts have closed: the thread is read-only then. A deep link's `highlightId` is looked for
 * through the following pages until found.
 */
export function ThoughtComments({
  thought,
  writable,
  highlightId = null,
  id,
}: {
  thought: Pick<Thought, 'id' | 'race_id' | 'user'>;
  writable: boolean;
  highlightId?: number | null;
  id: string;
}) {
  const comments = useThoughtComments(thought.id);
  const create = useCreateThoughtComment(thought.race_id, thought.id);
  const pages = commentPagesOf(comments);
  const missing = highlightId !== null && pages.comments !== undefined && !hasComment(pages.comments, highlightId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = comments;

  useEffect(() => {
    if (missing && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [missing, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    // A group, not a region: two open threads under one author's thoughts would be landmarks of the same name.
    <div
      id={id}
      role="group"
      aria-label={`Comments on the thought by ${thought.user.name || thought.user.username}`}
      className="grid gap-3 border-t pt-3"
    >
      {writable && <NewCommentComposer onSubmit={(comment) => create.mutateAsync({ comment })} />}
      <CommentList
        pages={pages}
        anchorId={thoughtCommentAnchor}
        highlightId={highlightId}
        renderItem={(comment, highlightedId) => (
          <ThoughtCommentItem
            raceId={thought.race_id}
            comment={comment}
            writable={writable}
            highlightedId={highlightedId}
          />
        )}
      />
    </div>
  );
}

function ThoughtCommentItem({
  raceId,
  comment,
  writable,
  highlightedId,
}: {
  raceId: number;
  comment: ThoughtComment;
  writable: boolean;
  highlightedId: number | null;
}) {
  const [showAll, setShowAll] = useState(false);
  const all = useThoughtReplies(comment.id, { enabled: showAll });
  const like = useToggleThoughtCommentLike(raceId);
  const remove = useDeleteThoughtComment(raceId);
  const create = useCreateThoughtComment(raceId, comment.thought_id);
  const actions: CommentActions<AnyThoughtComment> = {
    reportType: 'thought_comment',
    anchorId: thoughtCommentAnchor,
    writable,
    like: (target) => like.mutateAsync(target),
    remove: (target) => remove.mutateAsync(target),
    reply: (parentId, text) => create.mutateAsync({ comment: text, parentId }),
  };

  return (
    <CommentThreadItem<AnyThoughtComment>
      comment={comment}
      actions={actions}
      highlightedId={highlightedId}
      allReplies={allRepliesOf(all, showAll, () => setShowAll(true))}
    />
  );
}
