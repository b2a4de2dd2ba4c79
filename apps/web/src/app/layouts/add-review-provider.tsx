import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { AddReviewDialog } from '@/features/reviews/components/add-review-dialog.tsx';
import type { ReviewableRace } from '@/features/reviews/components/add-review-form.tsx';

type OpenAddReview = (race?: ReviewableRace) => void;

const AddReviewContext = createContext<OpenAddReview | null>(null);

/**
 * One Add Race Review dialog for the whole shell: the sidebar action, the home screen's floating
 * button and a race page all open it, the race page with its race chosen.
 */
export function AddReviewProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; race?: ReviewableRace }>({ open: false });
  const open = useCallback<OpenAddReview>((race) => setState({ open: true, race }), []);
  return (
    <AddReviewContext value={open}>
      {children}
      <AddReviewDialog
        open={state.open}
        race={state.race}
        onOpenChange={(next) => setState((current) => ({ ...current, open: next }))}
      />
    </AddReviewContext>
  );
}

export function useOpenAddReview(): OpenAddReview {
  const open = useContext(AddReviewContext);
  if (!open) throw new Error('useOpenAddReview needs the AddReviewProvider of the app shell');
  return open;
}
