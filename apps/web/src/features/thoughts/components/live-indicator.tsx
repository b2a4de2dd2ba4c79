import { cn } from '@/lib/utils.ts';
import type { ThoughtStreamState } from '../hooks/use-thought-stream.ts';

const LABELS: Record<Exclude<ThoughtStreamState, 'idle'>, { text: string; detail: string }> = {
  connecting: { text: 'Connecting…', detail: 'Connecting to live updates' },
  open: { text: 'Live', detail: 'New thoughts, comments and likes appear as they happen' },
  reconnecting: { text: 'Reconnecting…', detail: 'Live updates were interrupted; reconnecting' },
  offline: { text: 'Offline', detail: 'You are offline; live updates resume when you are back online' },
  closed: { text: 'Not live', detail: 'Live updates are not available; reload the page to see new thoughts' },
};

/** Whether the Thoughts tab is receiving live updates, in words (a polite status) and a dot. */
export function LiveIndicator({ state }: { state: ThoughtStreamState }) {
  if (state === 'idle') return null;
  const { text, detail } = LABELS[state];
  const live = state === 'open';
  return (
    <p
      role="status"
      title={detail}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium',
        live ? 'border-primary/40 text-primary-text' : 'text-muted-foreground',
      )}
    >
      <span
        aria-hidden
        className={cn(
          'size-2 rounded-full',
          live ? 'animate-pulse bg-primary motion-reduce:animate-none' : 'bg-muted-foreground/60',
        )}
      />
      {text}
      <span className="sr-only">: {detail}</span>
    </p>
  );
}
