import { Suspense, useState } from 'react';
import { lazy } from '@/lib/lazy.ts';
import type { WatchlistDialogProps } from './watchlist-dialog-open.tsx';

const WatchlistDialogOpen = lazy(() =>
  import('./watchlist-dialog-open.tsx').then((m) => ({ default: m.WatchlistDialogOpen })),
);

/**
 * Creates a list, or edits `list` (the edit-watchlist modal). The dialog and its form load when it is first
 * opened, outside the page's first load, and stay (so it closes with its animation).
 */
export function WatchlistDialog(props: WatchlistDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense>
      <WatchlistDialogOpen {...props} />
    </Suspense>
  );
}
