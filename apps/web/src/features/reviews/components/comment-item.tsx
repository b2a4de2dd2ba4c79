import type { Comment, Reply } from '@paddock/contract/comments';
import type { Review } from '@paddock/contract/reviews';
import { HeartIcon, ReplyIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { FollowButton } from '@/components/follow-button.tsx';
import { InlineDeleteConfirm } from '@/components/inline-confirm.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useMe } from '@/lib/current-user.ts';
import { useIsSignedIn } from '@/lib/session.ts';
import { formatRelativeTime } from '@/lib/time.ts';
import { cn } from '@/lib/utils.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { useReplies } from '../api/get-replies.ts';
import { useToggleCommentLike } from '../api/toggle-comment-like.ts';
import { CommentComposer } from './comment-composer.tsx';

/** A comment with its replies, like, reply and (for its author) delete. */
export function CommentItem({
  review,
  comment,
  highlightedId,
}: {
  review: Pick<Review, 'id' | 'race'>;
  comment: Comment;
  highlightedId?: number | null;
}) {
  const [replying, setReplying] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const hidden = comment.reply_count - comment.replies.length;
  const all = useReplies(comment.id, { enabled: showAll });
  const replies = showAll && all.data ? all.data.pages.flatMap((page) => page.results) : comment.replies;

  return (
    <li className="grid gap-3">
      <CommentBody
        review={review}
        comment={comment}
        highlighted={highlightedId === comment.id}
        onReply={() => setReplying(true)}
      />
      {(replies.length > 0 || replying || (hidden > 0 && !showAll)) && (
        <div className="ml-5 grid gap-3 border-l pl-4 sm:ml-11">
          {replies.length > 0 && (
            <ul className="grid gap-3" aria-label={`Replies to ${comment.user.name || comment.user.username}`}>
              {replies.map((reply) => (
                <li key={reply.id}>
                  <CommentBody
                    review={review}
                    comment={reply}
                    highlighted={highlightedId === reply.id}
                    onReply={() => setReplying(true)}
                  />
                </li>
              ))}
            </ul>
          )}
          {hidden > 0 && !showAll && (
            <Button type="button" variant="link" size="sm" className="w-fit px-0" onClick={() => setShowAll(true)}>
              Show all {comment.reply_count} replies
            </Button>
          )}
          {showAll && all.hasNextPage && (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="w-fit px-0"
              disabled={all.isFetchingNextPage}
              onClick={() => void all.fetchNextPage()}
            >
              More replies
            </Button>
          )}
          {replying && (
            <CommentComposer
              review={review}
              parentId={comment.id}
              autoFocus
              onPosted={() => setReplying(false)}
              onCancel={() => setReplying(false)}
            />
          )}
        </div>
      )}
    </li>
  );
}

function CommentBody({
  review,
  comment,
  highlighted,
  onReply,
}: {
  review: Pick<Review, 'id' | 'race'>;
  comment: Comment | Reply;
  highlighted: boolean;
  onReply: () => void;
}) {
  const signedIn = useIsSignedIn();
  const me = useMe();
  const like = useToggleCommentLike();
  const remove = useDeleteComment(review);
  const isOwner = me.data?.id === comment.user.id;
  const name = comment.user.name || comment.user.username;

  return (
    <article
      id={`comment-${comment.id}`}
      aria-label={`Comment by ${name}`}
      className={cn(
        '-mx-2 flex scroll-mt-24 gap-3 rounded-lg p-2 transition-colors duration-700',
        highlighted && 'bg-primary/10 ring-2 ring-primary/40 ring-inset',
      )}
    >
      <Link to={paths.userProfile.getHref(comment.user.username)} className="shrink-0" tabIndex={-1} aria-hidden>
        <UserAvatar user={comment.user} className="size-8" />
      </Link>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex items-start justify-between gap-2">
          <p className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 text-sm">
            <Link
              to={paths.userProfile.getHref(comment.user.username)}
              className="py-0.5 font-semibold hover:underline"
            >
              {name}
            </Link>
            <span className="flex min-w-0 items-baseline gap-x-1.5 text-muted-foreground">
              <span className="truncate">@{comment.user.username}</span>
              <span aria-hidden>·</span>
              <time dateTime={comment.created_at} className="shrink-0 text-xs">
                {formatRelativeTime(comment.created_at)}
              </time>
            </span>
          </p>
          <FollowButton user={comment.user} knownStatus={comment.user.follow_status} compact className="h-7" />
        </div>
        <p className="text-sm break-words whitespace-pre-line">{comment.comment}</p>
        <div className="-ml-2 flex flex-wrap items-center gap-1 text-muted-foreground">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-pressed={signedIn ? comment.is_liked_by_user : undefined}
            aria-label={`${comment.is_liked_by_user ? 'Unlike' : 'Like'} comment, ${comment.like_count} ${comment.like_count === 1 ? 'like' : 'likes'}`}
            disabled={like.isPending}
            className={cn('h-7', comment.is_liked_by_user && 'text-primary-text hover:text-primary-text')}
            onClick={() => {
              if (!signedIn) {
                toast.info('Please log in to like comments');
                return;
              }
              like.mutate(comment, { onError: () => toast.error('Failed to update like. Please try again.') });
            }}
          >
            <HeartIcon aria-hidden className={cn(comment.is_liked_by_user && 'fill-current')} />
            <span className="tabular-nums">{comment.like_count}</span>
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-7"
            onClick={() => {
              if (!signedIn) {
                toast.info('Please log in to reply');
                return;
              }
              onReply();
            }}
          >
            <ReplyIcon aria-hidden />
            Reply
          </Button>
          {isOwner && (
            <InlineDeleteConfirm
              question={comment.parent_comment_id === null ? 'Delete this comment?' : 'Delete this reply?'}
              pending={remove.isPending}
              onConfirm={() =>
                remove.mutate(comment, {
                  onSuccess: () => toast.success('Comment deleted successfully!'),
                  onError: () => toast.error('Failed to delete comment. Please try again.'),
                })
              }
            />
          )}
        </div>
      </div>
    </article>
  );
}
