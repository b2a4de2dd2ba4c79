import { HiddenByModerators } from '@/components/hidden-by-moderators.tsx';
import { THOUGHT_MAX } from '@paddock/contract/limits';
import type { Thought } from '@paddock/contract/thoughts';
import { HeartIcon, MessageCircleIcon, PencilIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast.ts';
import { AuthorAvatarLink, AuthorLine } from '@/components/author-line.tsx';
import { AuthorActionsMenu } from '@/components/account-actions-menu.tsx';
import { FollowButton } from '@/components/follow-button.tsx';
import { InlineDeleteConfirm } from '@/components/inline-confirm.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { UserParagraph } from '@/components/user-text.tsx';
import { useMe } from '@/lib/current-user.ts';
import { messagesOf } from '@/lib/form-errors.ts';
import { useLazyZodResolver } from '@/lib/lazy-zod-resolver.ts';
import { useIsSignedIn } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { useDeleteThought } from '../api/delete-thought.ts';
import { useToggleThoughtLike } from '../api/toggle-thought-like.ts';
import { useUpdateThought } from '../api/update-thought.ts';
import { CharacterCount, isSendShortcut } from './thought-composer.tsx';
import { ThoughtComments } from './thought-comments.tsx';

export const thoughtAnchor = (thoughtId: number) => `thought-${thoughtId}`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * One race thought: author, time, text, likes, comments (opened under it) and, for its author, inline
 * edit and delete. `writable` is false once the race's thoughts have closed. A deep link's thought is
 * its `target` (and `highlighted` until the highlight fades); with a comment in the link, its comments
 * open on that comment, which is highlighted instead. The server takes no writes (likes, edits, deletes)
 * once the thoughts have closed, so none is offered then.
 */
export function ThoughtCard({
  thought,
  writable,
  now,
  target = false,
  highlighted = false,
  highlightCommentId = null,
}: {
  thought: Thought;
  writable: boolean;
  now: number;
  /** A deep link's thought: it can take focus. */
  target?: boolean;
  highlighted?: boolean;
  highlightCommentId?: number | null;
}) {
  const signedIn = useIsSignedIn();
  const me = useMe();
  const isOwner = me.data?.id === thought.user.id;
  const [commentsOpen, setCommentsOpen] = useState(highlightCommentId !== null);
  const [editing, setEditing] = useState(false);
  const like = useToggleThoughtLike(thought);
  const remove = useDeleteThought(thought);
  const commentsId = `${thoughtAnchor(thought.id)}-comments`;
  const name = thought.user.name || thought.user.username;
  const likes = plural(thought.like_count, 'like', 'likes');

  return (
    <article
      id={thoughtAnchor(thought.id)}
      aria-label={`Thought by ${name}`}
      tabIndex={target ? -1 : undefined}
      className={cn(
        'grid scroll-mt-24 grid-cols-1 gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-colors duration-700 outline-none sm:p-5',
        highlighted && 'bg-primary/10 ring-2 ring-primary/60',
      )}
    >
      <header className="flex items-start gap-3">
        <AuthorAvatarLink user={thought.user} className="size-10" />
        <AuthorLine
          user={thought.user}
          createdAt={thought.created_at}
          updatedAt={thought.updated_at}
          now={now}
          className="flex-1 pt-2"
        />
        <FollowButton user={thought.user} knownStatus={thought.user.follow_status} />
        <AuthorActionsMenu user={thought.user} report={{ type: 'thought', id: thought.id }} className="size-8" />
      </header>

      {thought.is_hidden && <HiddenByModerators />}
      {editing ? (
        <EditThoughtForm thought={thought} onDone={() => setEditing(false)} />
      ) : (
        <UserParagraph className="text-sm leading-relaxed">{thought.content}</UserParagraph>
      )}

      <footer className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        {signedIn && writable ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-pressed={thought.is_liked_by_user}
            aria-label={`${thought.is_liked_by_user ? 'Unlike' : 'Like'} thought, ${likes}`}
            disabled={like.isPending}
            className={cn('-ml-2', thought.is_liked_by_user && 'text-primary-text hover:text-primary-text')}
            onClick={() =>
              like.mutate(undefined, { onError: () => toast.error('Failed to update like. Please try again.') })
            }
          >
            <HeartIcon aria-hidden className={cn(thought.is_liked_by_user && 'fill-current')} />
            <span className="tabular-nums">{thought.like_count}</span>
          </Button>
        ) : (
          <span className="flex h-8 items-center gap-1.5 pr-2">
            <HeartIcon aria-hidden className="size-4" />
            <span className="tabular-nums">{thought.like_count}</span>
            <span className="sr-only">{thought.like_count === 1 ? 'like' : 'likes'}</span>
          </span>
        )}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-expanded={commentsOpen}
          aria-controls={commentsOpen ? commentsId : undefined}
          aria-label={plural(thought.comment_count, 'comment', 'comments')}
          className={cn(commentsOpen && 'text-foreground')}
          onClick={() => setCommentsOpen((open) => !open)}
        >
          <MessageCircleIcon aria-hidden />
          <span className="tabular-nums">{thought.comment_count}</span>
        </Button>
        {isOwner && writable && (
          <div className="ml-auto flex flex-wrap items-center gap-1">
            {!editing && (
              <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(true)}>
                <PencilIcon aria-hidden />
                Edit
              </Button>
            )}
            <InlineDeleteConfirm
              question="Delete this thought?"
              pending={remove.isPending}
              onConfirm={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast.success('Thought deleted'),
                  onError: () => toast.error('Failed to delete thought. Please try again.'),
                })
              }
            />
          </div>
        )}
      </footer>

      {commentsOpen && (
        <ThoughtComments id={commentsId} thought={thought} writable={writable} highlightId={highlightCommentId} />
      )}
    </article>
  );
}

/** The author's inline edit: Save only once the text has changed; Escape or Cancel leaves it as it was. */
function EditThoughtForm({ thought, onDone }: { thought: Thought; onDone: () => void }) {
  const id = useId();
  const update = useUpdateThought(thought);
  const form = useForm({
    resolver: useLazyZodResolver(() => import('../thought-schema.ts').then((m) => m.thoughtFormSchema)),
    defaultValues: { content: thought.content },
  });
  const content = useWatch({ control: form.control, name: 'content' });
  const errors = messagesOf(form.formState.errors.content);
  const pending = form.formState.isSubmitting;
  const unchanged = content.trim() === thought.content.trim();

  const onSubmit = form.handleSubmit(({ content }) =>
    update.mutateAsync(content).then(
      () => {
        toast.success('Thought updated');
        onDone();
      },
      () => toast.error('Failed to update thought. Please try again.'),
    ),
  );

  return (
    <form className="grid gap-2" onSubmit={(event) => void onSubmit(event)} noValidate>
      <Textarea
        aria-label="Edit your thought"
        rows={3}
        maxLength={THOUGHT_MAX}
        autoFocus
        className="max-h-64 min-h-20"
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={cn(errors.length > 0 && `${id}-error`, `${id}-count`)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
          } else if (isSendShortcut(event)) {
            event.preventDefault();
            if (!pending && !unchanged) void onSubmit();
          }
        }}
        {...form.register('content')}
      />
      <FieldError id={`${id}-error`} messages={errors} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CharacterCount id={`${id}-count`} length={content.length} />
        <div className="flex gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={pending || unchanged || content.trim() === ''}>
            {pending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </div>
    </form>
  );
}
