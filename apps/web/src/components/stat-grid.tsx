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

/** Stands in for a profile's eight career figures while they load. */
export function StatGridSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-16" />
      ))}
    </div>
  );
}
