import { Suspense } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import type { ReviewableRace } from './add-review-form.tsx';

// The form validates with the contract's zod schema; loading it on first open keeps zod out of the app shell.
const AddReviewForm = lazy(() => import('./add-review-form.tsx').then((m) => ({ default: m.AddReviewForm })));

/** Spec §2 Add Race Review dialog, opened from the sidebar, the floating button or a race page (with its race). */
export function AddReviewDialog({
  open,
  onOpenChange,
  race,
  rating,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  race?: ReviewableRace;
  /** A rating already chosen (a star tapped on the race page). */
  rating?: number;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Add Race Review</DialogTitle>
          <DialogDescription>Rate a race you have watched and say what made it.</DialogDescription>
        </DialogHeader>
        {open && (
          <Suspense fallback={<p className="py-8 text-center text-sm text-muted-foreground">Loading…</p>}>
            <AddReviewForm race={race} rating={rating} onDone={() => onOpenChange(false)} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
