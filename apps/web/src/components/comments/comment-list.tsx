import { Fragment, type ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { useHighlight } from '@/hooks/use-highlight.ts';
import { hasComment, type CommentNode } from '@/lib/comment-tree.ts';

/** The pages of a comment list as an infinite query has them. */
export interface CommentPages<T> {
  comments: readonly T[] | undefined;
  isPending: boolean;
  isError: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/** CommentPages from the infinite query of a thread's comment pages. */
export function commentPagesOf<T>(query: {
  data?: { pages: readonly { results: readonly T[] }[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}): CommentPages<T> {
  return {
    comments: query.data?.pages.flatMap((page) => page.results),
    isPending: query.isPending,
    isError: query.isError,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

/**
 * A thread's top-level comments, oldest first, with 'More comments'. `highlightId` (a deep link's
 * comment) is scrolled to, focused and highlighted once it has loaded; `renderItem` draws each comment
 * with the id it should highlight.
 */
export function CommentList<T extends CommentNode>({
  pages,
  renderItem,
  anchorId,
  highlightId = null,
  label = 'Comments',
}: {
  pages: CommentPages<T>;
  renderItem: (comment: T, highlightedId: number | null) => ReactNode;
  anchorId: (commentId: number) => string;
  highlightId?: number | null;
  label?: string;
}) {
  const list = pages.comments ?? [];
  const found = highlightId !== null && hasComment(list, highlightId);
  const highlighted = useHighlight(highlightId === null ? null : anchorId(highlightId), found) ? highlightId : null;

  return (
    <>
      {pages.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : pages.isError ? (
        <p className="text-sm text-muted-foreground">Failed to load data. Please try again.</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4" aria-label={label}>
          {list.map((comment) => (
            <Fragment key={comment.id}>{renderItem(comment, highlighted)}</Fragment>
          ))}
        </ul>
      )}
      {pages.hasMore && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={pages.loadingMore}
          onClick={pages.loadMore}
        >
          {pages.loadingMore ? 'Loading more…' : 'More comments'}
        </Button>
      )}
    </>
  );
}
