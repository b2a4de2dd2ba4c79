import type { ClassificationRow } from '@paddock/contract/f1';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';

/*
 * What a classification row shows when it is opened (race-results-table.tsx): loaded the first time a row opens,
 * outside the race page's first load.
 */

/** F1DB's time penalty in seconds ("5.000") as the page says it: "+5 s". */
function formatTimePenalty(penalty: string): string {
  const seconds = Number(penalty.replace(/^\+/, ''));
  return Number.isFinite(seconds) ? `+${seconds} s` : penalty;
}

/** What F1DB says of the car beyond its place: its maker's engines, tyres, chassis, entrant, penalty, a shared drive. */
export function ResultDetails({ row }: { row: ClassificationRow }) {
  // [term, value, and for the interval and race time, which have columns of their own in a wide table: '@3xl:hidden']
  const facts: [string, ReactNode, string?][] = [];
  if (row.interval) facts.push(['Interval', row.interval, '@3xl:hidden']);
  if (row.elapsed_time) facts.push(['Race time', row.elapsed_time, '@3xl:hidden']);
  if (row.engine || row.engine_models.length > 0) {
    facts.push([
      'Engine',
      <>
        {row.engine}
        {row.engine_models.length > 0 && (
          <span className="block text-muted-foreground">{row.engine_models.join(', ')}</span>
        )}
      </>,
    ]);
  }
  if (row.chassis.length > 0) facts.push(['Chassis', row.chassis.join(', ')]);
  if (row.tyres) facts.push(['Tyres', row.tyres]);
  if (row.entrant) facts.push(['Entrant', row.entrant]);
  if (row.time_penalty) facts.push(['Time penalty', formatTimePenalty(row.time_penalty)]);
  return (
    <div className="grid gap-2 py-1 text-sm whitespace-normal">
      {facts.length > 0 ? (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1.5 sm:grid-cols-2">
          {facts.map(([term, value, className]) => (
            <div key={term} className={cn('grid grid-cols-[7.5rem_minmax(0,1fr)] gap-2', className)}>
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-muted-foreground">F1DB has no more details of this car.</p>
      )}
      {row.shared_car && (
        <p className="text-muted-foreground">
          Shared car: {row.driver.full_name} drove this car with another driver, as teams could in the 1950s; F1DB
          classifies each of its drivers.
        </p>
      )}
    </div>
  );
}
