import { COMMENT_MAX } from '@paddock/contract/limits';
import { SendIcon } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast.ts';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { messagesOf } from '@/lib/form-errors.ts';
import { useLazyZodResolver } from '@/lib/lazy-zod-resolver.ts';
import { COMPOSER_HINT, COMPOSER_TEXTAREA_CLASS, composerPlaceholder } from './composer-look.ts';

export interface CommentComposerProps {
  onSubmit: (comment: string) => Promise<unknown>;
  isReply?: boolean;
  autoFocus?: boolean;
  onPosted?: () => void;
  onCancel?: () => void;
}

/**
 * Writes a comment, or a reply with `isReply`, of a review or a race thought: `onSubmit` sends it.
 * Spec §5: Enter posts, Shift+Enter starts a new line; an empty text says 'Comment cannot be empty' /
 * 'Reply cannot be empty'. Spec §8: a failure says 'Failed to post comment. Please try again.'
 */
export function CommentComposerForm({
  onSubmit: send,
  isReply = false,
  autoFocus = false,
  onPosted,
  onCancel,
}: CommentComposerProps) {
  const id = useId();
  const resolver = useLazyZodResolver(() => import('./comment-schema.ts').then((m) => m.commentFormSchema(isReply)));
  const form = useForm({ resolver, defaultValues: { comment: '' } });
  const errors = messagesOf(form.formState.errors.comment);
  const label = isReply ? 'Write a reply' : 'Write a comment';
  const pending = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(({ comment }) =>
    send(comment).then(
      () => {
        toast.success('Comment posted successfully!');
        form.reset();
        onPosted?.();
      },
      () => toast.error('Failed to post comment. Please try again.'),
    ),
  );

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!pending) void onSubmit();
  }

  return (
    <form className="grid grid-cols-1 gap-2" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="flex items-end gap-2">
        <Textarea
          aria-label={label}
          placeholder={composerPlaceholder(isReply)}
          rows={1}
          maxLength={COMMENT_MAX}
          autoFocus={autoFocus}
          className={COMPOSER_TEXTAREA_CLASS}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length > 0 ? `${id}-error` : `${id}-hint`}
          onKeyDown={onKeyDown}
          {...form.register('comment')}
        />
        <Button type="submit" size="icon" aria-label={isReply ? 'Post reply' : 'Post comment'} disabled={pending}>
          <SendIcon aria-hidden />
        </Button>
      </div>
      <FieldError id={`${id}-error`} messages={errors} />
      <div className="flex items-center justify-between gap-2">
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {COMPOSER_HINT}
        </p>
        {onCancel && (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
