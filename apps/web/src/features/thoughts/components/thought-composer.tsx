import { THOUGHT_MAX, THOUGHTS_CLOSED } from '@paddock/contract/limits';
import { SendIcon } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast.ts';
import { FormAlert } from '@/components/form-alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { messagesOf, setServerErrors } from '@/lib/form-errors.ts';
import { useLazyZodResolver } from '@/lib/lazy-zod-resolver.ts';
import { cn } from '@/lib/utils.ts';
import { isThoughtsClosedError } from '../utils/thoughts-closed.ts';

/** How many characters of the limit are used: "12/1000", in the destructive colour near the end. */
export function CharacterCount({ id, length }: { id: string; length: number }) {
  return (
    <p
      id={id}
      className={cn(
        'text-xs text-muted-foreground tabular-nums',
        length > THOUGHT_MAX - 50 && 'font-medium text-destructive',
      )}
    >
      {length}/{THOUGHT_MAX}
      <span className="sr-only"> characters</span>
    </p>
  );
}

/** Ctrl+Enter (⌘+Enter on a Mac) sends a thought; Enter alone is a new line, a thought may run to paragraphs. */
export function isSendShortcut(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing;
}

/**
 * A text of up to 1000 characters for a signed-in fan while the race's thoughts are open. Post is
 * disabled while the text is empty or a post is on its way.
 */
export function ThoughtComposer({ onPost }: { onPost: (content: string) => Promise<unknown> }) {
  const id = useId();
  const form = useForm({
    resolver: useLazyZodResolver(() => import('../thought-schema.ts').then((m) => m.thoughtFormSchema)),
    defaultValues: { content: '' },
  });
  const content = useWatch({ control: form.control, name: 'content' });
  const errors = messagesOf(form.formState.errors.content);
  const formErrors = messagesOf(form.formState.errors.root?.server);
  const pending = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(({ content }) =>
    onPost(content).then(
      () => {
        toast.success('Thought posted!');
        form.reset();
      },
      (error: unknown) => {
        setServerErrors(form.setError, error, ['content']);
        // Closed meanwhile: the composer gives way to the closed notice, so the reason goes in the toast.
        toast.error(isThoughtsClosedError(error) ? THOUGHTS_CLOSED : 'Failed to post thought. Please try again.');
      },
    ),
  );

  return (
    <form
      className="grid gap-2 rounded-xl border bg-card p-3 shadow-xs sm:p-4"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Share a thought"
    >
      <FormAlert messages={formErrors} />
      <Textarea
        aria-label="Your thought"
        placeholder="What do you make of the race?"
        rows={3}
        maxLength={THOUGHT_MAX}
        className="max-h-64 min-h-20"
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={cn(errors.length > 0 && `${id}-error`, `${id}-count`, `${id}-hint`)}
        onKeyDown={(event) => {
          if (!isSendShortcut(event)) return;
          event.preventDefault();
          if (!pending) void onSubmit();
        }}
        {...form.register('content')}
      />
      <FieldError id={`${id}-error`} messages={errors} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          <CharacterCount id={`${id}-count`} length={content.length} />
          <p id={`${id}-hint`} className="hidden text-xs text-muted-foreground sm:block">
            Ctrl+Enter to post
          </p>
        </div>
        <Button type="submit" size="sm" disabled={pending || content.trim() === ''}>
          <SendIcon aria-hidden />
          {pending ? 'Posting…' : 'Post'}
        </Button>
      </div>
    </form>
  );
}
