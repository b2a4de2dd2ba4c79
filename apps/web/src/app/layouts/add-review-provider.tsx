import { createContext, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import { lazy } from '@/lib/lazy.ts';
import type { ReviewableRace } from '@/features/reviews/components/add-review-form.tsx';

// The dialog (and its form) is fetched when it is first opened.
const AddReviewDialog = lazy(() =>
  import('@/features/reviews/components/add-review-dialog.tsx').then((m) => ({ default: m.AddReviewDialog })),
);

/** Opens the dialog, with a race (a race page) and a rating (a star tapped in its header) chosen. */
type OpenAddReview = (race?: ReviewableRace, rating?: number) => void;

const AddReviewContext = createContext<OpenAddReview | null>(null);

/**
 * One Add Race Review dialog for the whole shell: the sidebar action, the home screen's floating
 * button and a race page all open it, the race page with its race chosen.
 */
export function AddReviewProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; used: boolean; race?: ReviewableRace; rating?: number }>({
    open: false,
    used: false,
  });
  const open = useCallback<OpenAddReview>((race, rating) => setState({ open: true, used: true, race, rating }), []);
  return (
    <AddReviewContext value={open}>
      {children}
      {state.used && (
        <Suspense fallback={null}>
          <AddReviewDialog
            open={state.open}
            race={state.race}
            rating={state.rating}
            onOpenChange={(next) => setState((current) => ({ ...current, open: next }))}
          />
        </Suspense>
      )}
    </AddReviewContext>
  );
}

export function useOpenAddReview(): OpenAddReview {
  const open = useContext(AddReviewContext);
  if (!open) throw new Error('useOpenAddReview needs the AddReviewProvider of the app shell');
  return open;
}
