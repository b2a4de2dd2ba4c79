import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { cn } from '@/lib/utils.ts';

export interface Stat {
  label: string;
  value: ReactNode;
}

/** A grid of labelled figures (career numbers, race facts) as a description list. */
export function StatGrid({ stats, className }: { stats: Stat[]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-px overflow-hidden rounded-xl border bg-border sm:grid-cols-4', className)}>
      {stats.map((stat) => (
        <div key={stat.label} className="flex flex-col-reverse gap-0.5 bg-card px-4 py-3">
          <dt className="text-xs text-muted-foreground">{stat.label}</dt>
          <dd className="text-xl font-semibold tabular-nums">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The career figures of a driver or a team (nine): three columns, and on a phone the last one spans both. */
export const CAREER_FIGURES = {
  count: 9,
  className: 'sm:grid-cols-3 [&>:last-child]:col-span-2 sm:[&>:last-child]:col-span-1',
};

/** Stands in for the career figures while they load, in their grid, so nothing moves when they arrive. */
export function StatGridSkeleton() {
  return (
    <div className={cn('grid grid-cols-2 gap-3 sm:grid-cols-4', CAREER_FIGURES.className)}>
      {Array.from({ length: CAREER_FIGURES.count }, (_, i) => (
        <Skeleton key={i} className="h-16" />
      ))}
    </div>
  );
}
