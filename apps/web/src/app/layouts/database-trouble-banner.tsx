import { DatabaseZapIcon } from 'lucide-react';
import { useDatabaseTrouble } from '@/lib/service-status.ts';

/**
 * Said above every page while the server cannot reach its database (decision 019): the shell and what is
 * already loaded stay usable, and the banner goes as soon as an answer arrives again.
 */
export function DatabaseTroubleBanner() {
  const trouble = useDatabaseTrouble();
  return (
    <div role="status" aria-live="polite">
      {trouble && (
        <div className="flex items-start gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
          <DatabaseZapIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            <span className="font-medium">Paddock is having trouble reaching its database.</span> Pages will load again
            as soon as it is back.
          </p>
        </div>
      )}
    </div>
  );
}
