import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils.ts';
import { Label } from './label.tsx';

export function Field({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="field" className={cn('grid gap-2', className)} {...props} />;
}

export function FieldLabel(props: ComponentProps<typeof Label>) {
  return <Label data-slot="field-label" {...props} />;
}

export function FieldDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p data-slot="field-description" className={cn('text-xs text-muted-foreground', className)} {...props} />;
}

/** The messages under a field; give the input `aria-describedby={id}` and `aria-invalid`. */
export function FieldError({
  id,
  messages,
  className,
}: {
  id: string;
  messages: readonly string[] | undefined;
  className?: string;
}) {
  if (!messages || messages.length === 0) return null;
  return (
    <div id={id} data-slot="field-error" className={cn('grid gap-1 text-sm text-destructive', className)}>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
