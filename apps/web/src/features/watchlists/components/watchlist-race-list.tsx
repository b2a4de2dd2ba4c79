import type { WatchlistEntry } from '@paddock/contract/watchlists';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { paths } from '@/config/paths.ts';
import { useTimeZone } from '@/lib/render-env.tsx';
import { dateFormat, parseDate } from '@/lib/time.ts';

/** "Sun, Dec 12, 2021", in the viewer's time zone (or the one given). */
export function formatRaceDate(iso: string, timeZone?: string): string {
  const date = parseDate(iso);
  return date
    ? dateFormat({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }, timeZone).format(date)
    : '';
}

/** "2021 Abu Dhabi Grand Prix". */
export const raceTitle = (race: { name: string; season: { year: number } }) => `${race.season.year} ${race.name}`;

/** A list's races in its order: number, season and name (a link to the race), circuit and date; `actions` per race. */
export function WatchlistRaceList({
  entries,
  label,
  actions,
}: {
  entries: readonly WatchlistEntry[];
  label: string;
  actions?: (entry: WatchlistEntry, index: number) => ReactNode;
}) {
  const timeZone = useTimeZone();
  return (
    <ol aria-label={label} className="grid gap-2">
      {entries.map((entry, index) => (
        <li
          key={entry.race.id}
          className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-card px-3 py-2.5 shadow-xs"
        >
          <span
            aria-hidden
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold text-muted-foreground tabular-nums"
          >
            {index + 1}
          </span>
          <div className="grid min-w-0 flex-1 basis-48">
            <Link
              to={paths.race.getHref(entry.race.id)}
              className="flex items-center gap-1.5 font-medium underline-offset-4 hover:underline"
            >
              <CountryFlag code={entry.race.country_code} />
              <span className="truncate">{raceTitle(entry.race)}</span>
            </Link>
            <span className="truncate text-sm text-muted-foreground">
              {entry.race.circuit_name} · {formatRaceDate(entry.race.date, timeZone)}
            </span>
          </div>
          {actions && <div className="ml-auto flex items-center gap-1">{actions(entry, index)}</div>}
        </li>
      ))}
    </ol>
  );
}
