import type { Watchlist } from '@paddock/contract/watchlists';
import { Suspense } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';

// The form validates with the contract's zod schema; it loads on first opening, outside the page's chunk.
const WatchlistForm = lazy(() => import('./watchlist-form.tsx').then((m) => ({ default: m.WatchlistForm })));

export interface WatchlistDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  list?: Watchlist;
  onSaved?: (saved: Watchlist) => void;
}

/** The dialog of watchlist-dialog.tsx, loaded when it is first opened. */
export function WatchlistDialogOpen({ open, onOpenChange, list, onSaved }: WatchlistDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{list ? 'Edit watchlist' : 'New watchlist'}</DialogTitle>
          <DialogDescription>
            {list ? 'Rename it, describe it or change who can see it.' : 'A list of races to watch, in your order.'}
          </DialogDescription>
        </DialogHeader>
        {open && (
          <Suspense fallback={<p className="py-8 text-center text-sm text-muted-foreground">Loading…</p>}>
            <WatchlistForm
              list={list}
              onDone={(saved) => {
                onOpenChange(false);
                onSaved?.(saved);
              }}
            />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
