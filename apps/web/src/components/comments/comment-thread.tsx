import type { AuthorRef } from '@paddock/contract/follows';
import { HeartIcon, ReplyIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { AuthorAvatarLink, AuthorLine } from '@/components/author-line.tsx';
import { AuthorActionsMenu } from '@/components/account-actions-menu.tsx';
import { FollowButton } from '@/components/follow-button.tsx';
import { HiddenByModerators } from '@/components/hidden-by-moderators.tsx';
import { InlineDeleteConfirm } from '@/components/inline-confirm.tsx';
import { Button } from '@/components/ui/button.tsx';
import { displayNameOf, UserParagraph } from '@/components/user-text.tsx';
import { useMe } from '@/lib/current-user.ts';
import { useIsSignedIn } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { CommentComposer } from './comment-composer.tsx';

/** A comment or reply as the review and race-thought threads both carry it. */
export interface ThreadComment {
  id: number;
  comment: string;
  /** Null for a placeholder: a deleted account's comment, or one moderators hid from this reader. */
  user: AuthorRef | null;
  is_deleted: boolean;
  is_hidden: boolean;
  created_at: string;
  updated_at: string;
  like_count: number;
  is_liked_by_user: boolean;
  parent_comment_id: number | null;
}

/** A top-level comment: its first replies inline and how many it has in all. */
export type TopComment<C extends ThreadComment> = C & { replies: readonly C[]; reply_count: number };

/** What a thread does with its comments: the owning feature's requests. */
export interface CommentActions<C extends ThreadComment> {
  /** The element id of a comment, which deep links name (`comment-12`, `thought-comment-12`). */
  anchorId: (commentId: number) => string;
  /** What a report of one of these comments names: a comment on a review, or on a race thought. */
  reportType: 'comment' | 'thought_comment';
  like: (comment: C) => Promise<unknown>;
  remove: (comment: C) => Promise<unknown>;
  reply: (parentId: number, text: string) => Promise<unknown>;
  /** False once the thread no longer takes writes (a race's thoughts closed): likes, replies and deletes are not offered. */
  writable?: boolean;
}

/** Every reply of a comment, asked for when it has more than it carries inline. */
export interface AllReplies<C> {
  shown: boolean;
  show: () => void;
  list: readonly C[] | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/** AllReplies from the paged query of a comment's replies, shown once `show` is called. */
export function allRepliesOf<C>(
  query: {
    data?: { pages: readonly { results: readonly C[] }[] };
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  },
  shown: boolean,
  show: () => void,
): AllReplies<C> {
  return {
    shown,
    show,
    list: query.data?.pages.flatMap((page) => page.results),
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

/** A comment with its replies, like, reply and (for its author) delete. */
export function CommentThreadItem<C extends ThreadComment>({
  comment,
  actions,
  allReplies,
  highlightedId = null,
}: {
  comment: TopComment<C>;
  actions: CommentActions<C>;
  allReplies: AllReplies<C>;
  highlightedId?: number | null;
}) {
  const [replying, setReplying] = useState(false);
  const hidden = comment.reply_count - comment.replies.length;
  const replies = allReplies.shown && allReplies.list ? allReplies.list : comment.replies;

  return (
    <li className="grid grid-cols-1 gap-3">
      <CommentBody
        comment={comment}
        actions={actions}
        highlighted={highlightedId === comment.id}
        onReply={() => setReplying(true)}
      />
      {(replies.length > 0 || replying || (hidden > 0 && !allReplies.shown)) && (
        <div className="ml-5 grid grid-cols-1 gap-3 border-l pl-4 sm:ml-11">
          {replies.length > 0 && (
            <ul
              className="grid grid-cols-1 gap-3"
              aria-label={comment.user ? `Replies to ${displayNameOf(comment.user)}` : 'Replies'}
            >
              {replies.map((reply) => (
                <li key={reply.id}>
                  <CommentBody
                    comment={reply}
                    actions={actions}
                    highlighted={highlightedId === reply.id}
                    onReply={() => setReplying(true)}
                  />
                </li>
              ))}
            </ul>
          )}
          {hidden > 0 && !allReplies.shown && (
            <Button type="button" variant="link" size="sm" className="w-fit px-0" onClick={allReplies.show}>
              Show all {comment.reply_count} replies
            </Button>
          )}
          {allReplies.shown && allReplies.hasMore && (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="w-fit px-0"
              disabled={allReplies.loadingMore}
              onClick={allReplies.loadMore}
            >
              More replies
            </Button>
          )}
          {replying && (
            <CommentComposer
              isReply
              autoFocus
              onSubmit={(text) => actions.reply(comment.id, text)}
              onPosted={() => setReplying(false)}
              onCancel={() => setReplying(false)}
            />
          )}
        </div>
      )}
    </li>
  );
}

/** What a comment without an author shows in its place, above the replies it keeps. */
export function placeholderText(comment: Pick<ThreadComment, 'is_deleted'>): string {
  return comment.is_deleted ? 'Deleted comment' : 'Comment hidden by moderators';
}

function CommentBody<C extends ThreadComment>(props: {
  comment: C;
  actions: CommentActions<C>;
  highlighted: boolean;
  onReply: () => void;
}) {
  const { comment, actions } = props;
  if (comment.user === null) {
    return (
      <article id={actions.anchorId(comment.id)} aria-label={placeholderText(comment)} className="-mx-2 flex gap-3 p-2">
        <span aria-hidden className="size-8 shrink-0 rounded-full border border-dashed" />
        <p className="self-center text-sm text-muted-foreground italic">{placeholderText(comment)}</p>
      </article>
    );
  }
  return <AuthoredCommentBody {...props} comment={comment as C & { user: AuthorRef }} />;
}

function AuthoredCommentBody<C extends ThreadComment>({
  comment,
  actions,
  highlighted,
  onReply,
}: {
  comment: C & { user: AuthorRef };
  actions: CommentActions<C>;
  highlighted: boolean;
  onReply: () => void;
}) {
  const signedIn = useIsSignedIn();
  const me = useMe();
  const [liking, setLiking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const isOwner = me.data?.id === comment.user.id;
  const writable = actions.writable ?? true;
  const likes = `${comment.like_count} ${comment.like_count === 1 ? 'like' : 'likes'}`;

  function like() {
    if (!signedIn) {
      toast.info('Please log in to like comments');
      return;
    }
    setLiking(true);
    actions
      .like(comment)
      .catch(() => toast.error('Failed to update like. Please try again.'))
      .finally(() => setLiking(false));
  }

  function remove() {
    setRemoving(true);
    actions
      .remove(comment)
      .then(
        () => toast.success('Comment deleted successfully!'),
        () => toast.error('Failed to delete comment. Please try again.'),
      )
      .finally(() => setRemoving(false));
  }

  return (
    <article
      id={actions.anchorId(comment.id)}
      aria-label={`Comment by ${displayNameOf(comment.user)}`}
      tabIndex={highlighted ? -1 : undefined}
      className={cn(
        '-mx-2 flex scroll-mt-24 gap-3 rounded-lg p-2 transition-colors duration-700 outline-none',
        highlighted && 'bg-primary/10 ring-2 ring-primary/60 ring-inset',
      )}
    >
      <AuthorAvatarLink user={comment.user} className="size-8" />
      <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
        <div className="flex items-start justify-between gap-2">
          <AuthorLine user={comment.user} createdAt={comment.created_at} updatedAt={comment.updated_at} />
          <div className="flex items-center gap-1">
            <FollowButton user={comment.user} knownStatus={comment.user.follow_status} className="h-7" />
            <AuthorActionsMenu
              user={comment.user}
              report={{ type: actions.reportType, id: comment.id }}
              className="size-7"
            />
          </div>
        </div>
        {comment.is_hidden && <HiddenByModerators />}
        <UserParagraph className="text-sm">{comment.comment}</UserParagraph>
        <div className="-ml-2 flex flex-wrap items-center gap-1 text-muted-foreground">
          {writable ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-pressed={signedIn ? comment.is_liked_by_user : undefined}
              aria-label={`${comment.is_liked_by_user ? 'Unlike' : 'Like'} comment, ${likes}`}
              disabled={liking}
              className={cn('h-7', comment.is_liked_by_user && 'text-primary-text hover:text-primary-text')}
              onClick={like}
            >
              <HeartIcon aria-hidden className={cn(comment.is_liked_by_user && 'fill-current')} />
              <span className="tabular-nums">{comment.like_count}</span>
            </Button>
          ) : (
            <span className="flex h-7 items-center gap-1.5 px-2 text-sm">
              <HeartIcon aria-hidden className="size-4" />
              <span className="tabular-nums">{comment.like_count}</span>
              <span className="sr-only">{comment.like_count === 1 ? 'like' : 'likes'}</span>
            </span>
          )}
          {writable && (
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
          )}
          {isOwner && writable && (
            <InlineDeleteConfirm
              question={comment.parent_comment_id === null ? 'Delete this comment?' : 'Delete this reply?'}
              pending={removing}
              onConfirm={remove}
            />
          )}
        </div>
      </div>
    </article>
  );
}
