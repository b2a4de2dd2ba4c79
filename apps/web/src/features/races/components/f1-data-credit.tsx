import type { F1DataStatus } from '@paddock/contract/f1';
import { useDataStatus } from '../api/get-data-status.ts';
import { useTimeZone } from '@/lib/render-env.tsx';
import { formatShortDate } from '@/lib/time.ts';

const linkClass = 'underline underline-offset-2 hover:text-foreground';

/**
 * The app shell's credit of the Formula 1 data and the circuit outlines, and what its results are (decision 020): when a sync last
 * brought them from Jolpica, else the bundled F1DB data up to its newest race with results.
 */
export function F1DataCredit() {
  const status = useDataStatus();
  return (
    <p className="px-2 text-[11px] leading-snug text-muted-foreground group-data-[collapsible=icon]:hidden">
      Formula 1 data:{' '}
      <a href="https://github.com/f1db/f1db" target="_blank" rel="noreferrer" className={linkClass}>
        F1DB
      </a>{' '}
      (CC BY 4.0). Circuit outlines:{' '}
      <a href="https://github.com/bacinger/f1-circuits" target="_blank" rel="noreferrer" className={linkClass}>
        f1-circuits
      </a>{' '}
      (MIT)
      {status.data && <ResultsFreshness status={status.data} />}
    </p>
  );
}

function ResultsFreshness({ status }: { status: F1DataStatus }) {
  const timeZone = useTimeZone();
  if (status.results_synced_at !== null) {
    return (
      <span className="mt-1 block">
        Results last updated {formatShortDate(status.results_synced_at, timeZone, true)} from{' '}
        <a href="https://github.com/jolpica/jolpica-f1" target="_blank" rel="noreferrer" className={linkClass}>
          Jolpica
        </a>{' '}
        (CC BY-NC-SA 4.0)
      </span>
    );
  }
  if (status.latest_results === null) return null;
  return (
    <span className="mt-1 block">
      Results from the bundled F1DB data, up to {formatShortDate(status.latest_results.date, timeZone)}
    </span>
  );
}
