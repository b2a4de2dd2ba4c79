import { Trash2Icon } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/utils.ts';

/**
 * Spec §2/§4: deleting asks first, in place. The Delete button turns into the question with Delete and
 * Cancel; confirming runs `onConfirm`, which closes the question whatever the outcome.
 */
export function InlineDeleteConfirm({
  question,
  onConfirm,
  pending = false,
  label = 'Delete',
  className,
}: {
  question: string;
  onConfirm: () => void;
  pending?: boolean;
  label?: string;
  className?: string;
}) {
  const [asking, setAsking] = useState(false);
  // Clicks here belong to the confirmation, not to a clickable card around it.
  const keep = (handler: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    handler();
  };

  if (!asking) {
    return (
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={cn('text-muted-foreground hover:text-destructive', className)}
        onClick={keep(() => setAsking(true))}
      >
        <Trash2Icon aria-hidden />
        {label}
      </Button>
    );
  }
  return (
    <div
      role="group"
      aria-label={question}
      className={cn('flex flex-wrap items-center gap-2 rounded-md bg-destructive/10 px-2 py-1 text-sm', className)}
    >
      <span className="font-medium text-destructive">{question}</span>
      <Button
        type="button"
        variant="destructive"
        size="sm"
        disabled={pending}
        onClick={keep(() => {
          setAsking(false);
          onConfirm();
        })}
      >
        {label}
      </Button>
      <Button type="button" variant="outline" size="sm" autoFocus onClick={keep(() => setAsking(false))}>
        Cancel
      </Button>
    </div>
  );
}
