import type { Review } from '@paddock/contract/reviews';
import { LogInIcon, MessageCircleIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { saveIntendedDestination } from '@/lib/intended-destination.ts';
import { useIsSignedIn } from '@/lib/session.ts';
import { useComments } from '../api/get-comments.ts';
import { CommentComposer } from './comment-composer.tsx';
import { CommentItem } from './comment-item.tsx';

const HIGHLIGHT_MS = 4000;

/**
 * A review's comments, oldest first, with replies one level deep. `highlightId` (the #comment-{id} of a
 * shared link) is scrolled to and highlighted once it has loaded.
 */
export function CommentSection({
  review,
  highlightId = null,
}: {
  review: Pick<Review, 'id' | 'race' | 'comment_count'>;
  highlightId?: number | null;
}) {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  const comments = useComments(review.id);
  const list = comments.data?.pages.flatMap((page) => page.results) ?? [];
  const [faded, setFaded] = useState<number | null>(null);
  const found =
    highlightId !== null && list.some((c) => c.id === highlightId || c.replies.some((r) => r.id === highlightId));
  const highlighted = found && faded !== highlightId ? highlightId : null;

  useEffect(() => {
    if (!found || highlightId === null) return;
    document.getElementById(`comment-${highlightId}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    const timer = window.setTimeout(() => setFaded(highlightId), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [found, highlightId]);

  return (
    <section aria-labelledby={`comments-${review.id}`} className="grid gap-4">
      <h3 id={`comments-${review.id}`} className="flex items-center gap-2 font-semibold">
        <MessageCircleIcon aria-hidden className="size-4" />
        Comments <span className="text-muted-foreground tabular-nums">({review.comment_count})</span>
      </h3>

      {signedIn ? (
        <CommentComposer review={review} />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed px-3 py-2 text-sm">
          <p className="text-muted-foreground">Please log in to comment</p>
          <Button asChild size="sm" variant="outline">
            <Link
              to={paths.auth.login.getHref()}
              onClick={() => saveIntendedDestination(`${location.pathname}${location.search}${location.hash}`)}
            >
              <LogInIcon aria-hidden />
              Sign In
            </Link>
          </Button>
        </div>
      )}

      {comments.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : comments.isError ? (
        <p className="text-sm text-muted-foreground">Failed to load data. Please try again.</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Comments">
          {list.map((comment) => (
            <CommentItem key={comment.id} review={review} comment={comment} highlightedId={highlighted} />
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          {comments.isFetchingNextPage ? 'Loading more…' : 'More comments'}
        </Button>
      )}
    </section>
  );
}
