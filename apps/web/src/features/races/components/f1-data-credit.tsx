import type { F1DataStatus } from '@paddock/contract/f1';
import { useDataStatus } from '../api/get-data-status.ts';

const linkClass = 'underline underline-offset-2 hover:text-foreground';

/** "25 Nov 2026, 14:05" (with the time) or "26 Jul 2026", in the viewer's time zone; Intl, no date library. */
function formatDay(iso: string, withTime: boolean): string {
  const time = withTime ? ({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const) : {};
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', ...time }).format(
    new Date(iso),
  );
}

/**
 * The app shell's credit of the Formula 1 data, and what its results are (decision 020): when a sync last
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
      (CC BY 4.0)
      {status.data && <ResultsFreshness status={status.data} />}
    </p>
  );
}

function ResultsFreshness({ status }: { status: F1DataStatus }) {
  if (status.results_synced_at !== null) {
    return (
      <span className="mt-1 block">
        Results last updated {formatDay(status.results_synced_at, true)} from{' '}
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
      Results from the bundled F1DB data, up to {formatDay(status.latest_results.date, false)}
    </span>
  );
}
