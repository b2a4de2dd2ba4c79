import type { ClassificationRow, RaceResults } from '@paddock/contract/f1';
import { ChevronDownIcon, StarIcon, TimerIcon } from 'lucide-react';
import { Fragment, Suspense, useId, useState, type ReactNode } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Link } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { TeamColourBar } from '@/components/team-colour.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { paths } from '@/config/paths.ts';
import { formatPoints } from '@/lib/f1-format.ts';
import { cn } from '@/lib/utils.ts';

type Qualifying = RaceResults['qualifying'][number];

/** The driver with flag and team colour; `badges` sit beside the name (driver of the day, a grid penalty). */
export function DriverCell({
  driver,
  team,
  badges,
}: Pick<ClassificationRow, 'driver' | 'team'> & { badges?: ReactNode }) {
  return (
    <div className="flex items-center gap-2.5">
      <TeamColourBar colour={team.colour} className="h-8" />
      <div className="grid min-w-0">
        <span className="flex items-center gap-1.5">
          <CountryFlag code={driver.country_code} />
          <Link
            to={paths.driver.getHref(driver.id)}
            className="inline-flex min-h-6 items-center font-medium hover:underline"
          >
            {driver.full_name}
          </Link>
          {badges}
        </span>
        {/* On a phone the team column is hidden, so the team name sits under the driver. */}
        <Link
          to={paths.team.getHref(team.id)}
          className="inline-flex min-h-6 w-fit min-w-6 items-center text-xs text-muted-foreground hover:underline md:hidden"
        >
          {team.name}
        </Link>
      </div>
    </div>
  );
}

export function TeamCell({ team }: { team: ClassificationRow['team'] }) {
  return (
    <TableCell className="hidden md:table-cell">
      <Link
        to={paths.team.getHref(team.id)}
        className="inline-flex min-h-6 min-w-6 items-center text-muted-foreground hover:text-foreground hover:underline"
      >
        {team.name}
      </Link>
    </TableCell>
  );
}

/** The signed-in user's stars of a completed race, toggled from the classification's last column. */
export interface StarControl {
  starred: ReadonlySet<string>;
  /** False once the user has starred as many drivers as a race allows. */
  canStarMore: boolean;
  pending: boolean;
  onToggle: (driverId: string) => void;
}

function StarCell({ driver, stars }: { driver: ClassificationRow['driver']; stars: StarControl }) {
  const on = stars.starred.has(driver.id);
  return (
    <TableCell className="w-10 px-1 text-center">
      <button
        type="button"
        aria-pressed={on}
        aria-label={`Star ${driver.full_name}`}
        title={on || stars.canStarMore ? undefined : 'You have starred 3 drivers of this race'}
        disabled={stars.pending || (!on && !stars.canStarMore)}
        onClick={() => stars.onToggle(driver.id)}
        className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-40 aria-pressed:text-amber-500"
      >
        <StarIcon aria-hidden className={cn('size-4', on && 'fill-current')} />
      </button>
    </TableCell>
  );
}

// An opened row's details load the first time a row opens, outside the page's first load.
const ResultDetails = lazy(() => import('./result-details.tsx').then((m) => ({ default: m.ResultDetails })));

/** "Driver of the day" beside the name: a short badge that says it in full to a screen reader and on hover. */
function DriverOfTheDayBadge() {
  return (
    <span
      title="Driver of the day"
      className="inline-flex items-center rounded-sm bg-amber-100 px-1 text-[10px] leading-4 font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200"
    >
      <span aria-hidden>DOTD</span>
      <span className="sr-only">Driver of the day</span>
    </span>
  );
}

/**
 * A race or sprint classification with team colours; a row's time is the winner's time or the gap. A wide screen
 * adds the interval and each finisher's race time; each row opens to what F1DB says of its car.
 */
export function ClassificationTable({
  rows,
  caption,
  stars,
}: {
  rows: ClassificationRow[];
  caption: string;
  stars?: StarControl;
}) {
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  const columns = stars ? 11 : 10;
  // The interval and race time get columns only where the table itself has room (a container query: beside
  // the page's sidebar and aside a wide window still leaves it narrow); elsewhere a row's details hold them.
  return (
    <div className="@container">
      <Table aria-label={caption}>
        <TableHeader>
          <TableRow>
            <TableHead className="w-12 text-center">Pos</TableHead>
            <TableHead>Driver</TableHead>
            <TableHead className="hidden md:table-cell">Team</TableHead>
            <TableHead className="hidden text-right sm:table-cell">Grid</TableHead>
            <TableHead className="hidden text-right sm:table-cell">Laps</TableHead>
            <TableHead>Time / Status</TableHead>
            <TableHead className="hidden text-right @3xl:table-cell">Interval</TableHead>
            <TableHead className="hidden text-right @3xl:table-cell">Race time</TableHead>
            <TableHead className="text-right">Pts</TableHead>
            {stars && (
              <TableHead className="w-10 px-1 text-center">
                <span className="sr-only">Your stars</span>
                <StarIcon aria-hidden className="mx-auto size-4" />
              </TableHead>
            )}
            <TableHead className="w-10 px-1">
              <span className="sr-only">Details</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => {
            const classified = row.position_number !== null;
            const expanded = open.has(index);
            const detailsId = `${id}-details-${index}`;
            return (
              <Fragment key={`${row.driver.id}-${row.number ?? ''}-${index}`}>
                <TableRow className={cn(expanded && 'border-b-0')}>
                  <TableCell
                    className={cn(
                      'text-center font-semibold tabular-nums',
                      !classified && 'text-xs text-muted-foreground',
                    )}
                  >
                    {row.position}
                  </TableCell>
                  {/* On a phone a long name may wrap, so the star column stays on screen beside the points. */}
                  <TableCell className="max-md:py-1 max-sm:whitespace-normal">
                    <DriverCell
                      driver={row.driver}
                      team={row.team}
                      badges={row.driver_of_the_day && <DriverOfTheDayBadge />}
                    />
                  </TableCell>
                  <TeamCell team={row.team} />
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">{row.grid ?? '–'}</TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">{row.laps ?? '–'}</TableCell>
                  <TableCell className="tabular-nums">
                    <span className="inline-flex items-center gap-1.5">
                      <span className={cn(!row.time && 'text-muted-foreground')}>{row.time ?? row.status}</span>
                      {row.fastest_lap && (
                        <span
                          title="Fastest lap"
                          className="inline-flex items-center text-fuchsia-600 dark:text-fuchsia-400"
                        >
                          <TimerIcon aria-hidden className="size-3.5" />
                          <span className="sr-only">Fastest lap</span>
                        </span>
                      )}
                    </span>
                  </TableCell>
                  <TableCell className="hidden text-right text-muted-foreground tabular-nums @3xl:table-cell">
                    {row.interval ?? '–'}
                  </TableCell>
                  <TableCell className="hidden text-right text-muted-foreground tabular-nums @3xl:table-cell">
                    {row.elapsed_time ?? '–'}
                  </TableCell>
                  <TableCell className="text-right font-medium tabular-nums">
                    {row.points ? formatPoints(row.points) : <span className="text-muted-foreground">–</span>}
                  </TableCell>
                  {stars && <StarCell driver={row.driver} stars={stars} />}
                  <TableCell className="w-10 px-1 text-center">
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailsId : undefined}
                      aria-label={`Details of ${row.driver.full_name}'s car`}
                      onClick={() => toggle(index)}
                      className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <ChevronDownIcon
                        aria-hidden
                        className={cn('size-4 transition-transform', expanded && 'rotate-180')}
                      />
                    </button>
                  </TableCell>
                </TableRow>
                {expanded && (
                  <TableRow id={detailsId} className="bg-muted/30 hover:bg-muted/30">
                    <TableCell colSpan={columns} className="px-4">
                      <Suspense fallback={<Skeleton className="h-12 w-full" />}>
                        <ResultDetails row={row} />
                      </Suspense>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

export function QualifyingTable({ rows }: { rows: Qualifying[] }) {
  // Qualifying before 1996 (and some since) is one time per driver rather than Q1-Q3.
  const sessions = rows.some((row) => row.q1 !== null || row.q2 !== null || row.q3 !== null);
  return (
    <Table aria-label="Qualifying">
      <TableHeader>
        <TableRow>
          <TableHead className="w-12 text-center">Pos</TableHead>
          <TableHead>Driver</TableHead>
          <TableHead className="hidden md:table-cell">Team</TableHead>
          {sessions ? (
            <>
              <TableHead className="text-right">Q1</TableHead>
              <TableHead className="text-right">Q2</TableHead>
              <TableHead className="text-right">Q3</TableHead>
            </>
          ) : (
            <TableHead className="text-right">Time</TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.driver.id}>
            <TableCell className="text-center font-semibold tabular-nums">{row.position}</TableCell>
            <TableCell className="max-md:py-1">
              <DriverCell driver={row.driver} team={row.team} />
            </TableCell>
            <TeamCell team={row.team} />
            {sessions ? (
              <>
                <TableCell className="text-right tabular-nums">{row.q1 ?? '–'}</TableCell>
                <TableCell className="text-right tabular-nums">{row.q2 ?? '–'}</TableCell>
                <TableCell className="text-right tabular-nums">{row.q3 ?? '–'}</TableCell>
              </>
            ) : (
              <TableCell className="text-right tabular-nums">{row.time ?? '–'}</TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
