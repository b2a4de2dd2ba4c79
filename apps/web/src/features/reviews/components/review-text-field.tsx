import { REVIEW_TEXT_MAX } from '@paddock/contract/limits';
import { useId, type ComponentProps } from 'react';
import { Field, FieldError, FieldLabel } from '@/components/ui/field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { cn } from '@/lib/utils.ts';

/** The optional review text with its 0/2000 counter (spec §5: at most 2000 characters). */
export function ReviewTextField({
  length,
  errors,
  ...textareaProps
}: ComponentProps<typeof Textarea> & { length: number; errors: readonly string[] }) {
  const id = useId();
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <Field>
      <div className="flex items-center justify-between">
        <FieldLabel htmlFor={id}>Your review (optional)</FieldLabel>
        <span
          id={countId}
          className={cn('text-xs text-muted-foreground tabular-nums', length > REVIEW_TEXT_MAX && 'text-destructive')}
        >
          {length}/{REVIEW_TEXT_MAX}
        </span>
      </div>
      <Textarea
        id={id}
        rows={5}
        className="max-h-64"
        placeholder="What made this race worth watching, or not?"
        aria-describedby={[countId, errors.length ? errorId : null].filter(Boolean).join(' ')}
        aria-invalid={errors.length > 0 || undefined}
        {...textareaProps}
      />
      <FieldError id={errorId} messages={errors} />
    </Field>
  );
}
