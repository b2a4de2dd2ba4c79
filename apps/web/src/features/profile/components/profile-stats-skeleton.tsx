import { Skeleton } from '@/components/ui/skeleton.tsx';

/** The Stats tab while its code (recharts) or its figures load. */
export function ProfileStatsSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading stats">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}
