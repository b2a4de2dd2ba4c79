import { RotateCwIcon, SearchXIcon, TriangleAlertIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DATABASE_UNAVAILABLE } from '@paddock/contract/limits';
import { useDatabaseTrouble } from '@/lib/service-status.ts';
import { EmptyState, type StateHeading } from './empty-state.tsx';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';
import { Button } from './ui/button.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/** A page whose subject does not exist (an unknown id in the URL); its title is the page's h1 (see LoadErrorState). */
export function NotFoundState({
  title,
  description,
  heading = 'h1',
}: {
  title: string;
  description?: string;
  heading?: StateHeading;
}) {
  return (
    <EmptyState
      icon={SearchXIcon}
      heading={heading}
      title={title}
      description={description ?? 'It may have been removed, or the link is mistyped.'}
    >
      <Button asChild variant="outline">
        <Link to="/home">Go to Home</Link>
      </Button>
    </EmptyState>
  );
}

/**
 * Data that could not be loaded; retrying usually helps. The title is the page's h1 when the failure is
 * the whole page; a section of a page that has its own h1 passes `heading="p"`.
 */
export function LoadErrorState({
  title,
  onRetry,
  heading = 'h1',
}: {
  title: string;
  onRetry: () => void;
  heading?: StateHeading;
}) {
  const databaseTrouble = useDatabaseTrouble();
  return (
    <EmptyState
      icon={TriangleAlertIcon}
      heading={heading}
      title={title}
      description={databaseTrouble ? DATABASE_UNAVAILABLE : 'Please check your connection and try again.'}
    >
      <Button variant="outline" onClick={onRetry}>
        <RotateCwIcon aria-hidden />
        Try again
      </Button>
    </EmptyState>
  );
}

/**
 * What a paged list shows until it has rows: two skeleton rows (of `rowClassName`'s height) while its first
 * page loads, the error with Try again when that failed; null once there is something else to show (its
 * rows, or its empty state).
 */
export function pagedListPlaceholder(
  query: { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> },
  rowCount: number,
  texts: { loading: string; error: string; rowClassName: string },
): ReactNode {
  if (query.isPending) {
    return (
      <div role="status" aria-label={texts.loading} className="grid gap-3">
        <Skeleton className={cn('w-full', texts.rowClassName)} />
        <Skeleton className={cn('w-full', texts.rowClassName)} />
      </div>
    );
  }
  if (query.isError && rowCount === 0) {
    return <LoadErrorState heading="p" title={texts.error} onRetry={() => void query.refetch()} />;
  }
  return null;
}
