import { GlobeIcon, ListVideoIcon, LockIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { LoadErrorState } from '@/components/query-states.tsx';
import { UserText } from '@/components/user-text.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/utils.ts';
import { useWatchlists } from '../api/get-watchlists.ts';
import { WatchlistDialog } from '../components/watchlist-dialog.tsx';
import { WatchlistManager } from '../components/watchlist-manager.tsx';

/** /watchlists (signed in): the user's lists beside the one chosen (`?list=`, else the newest), to edit. */
export function WatchlistsRoute() {
  const lists = useWatchlists();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const chosen = Number(params.get('list'));
  const selected = lists.data?.find((list) => list.id === chosen) ?? lists.data?.[0];

  const newButton = (
    <Button type="button" onClick={() => setCreating(true)}>
      <PlusIcon aria-hidden />
      New watchlist
    </Button>
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Watchlists" description="Races you want to watch, in your order. Share a list by its link.">
        {lists.isSuccess && lists.data.length > 0 && newButton}
      </PageHeader>

      {lists.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading your watchlists">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : lists.isError ? (
        <LoadErrorState heading="p" title="Your watchlists could not be loaded" onRetry={() => void lists.refetch()} />
      ) : !selected ? (
        <EmptyState
          icon={ListVideoIcon}
          title="No watchlists yet"
          description="Collect races to watch or rewatch: title deciders, wet classics, a season's best."
        >
          {newButton}
        </EmptyState>
      ) : (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <nav aria-label="Your watchlists">
            <ul className="grid gap-1">
              {lists.data.map((list) => {
                const current = list.id === selected.id;
                const Icon = list.is_public ? GlobeIcon : LockIcon;
                return (
                  <li key={list.id}>
                    <Link
                      to={paths.watchlists.getHref(list.id)}
                      replace
                      aria-current={current ? 'page' : undefined}
                      className={cn(
                        'flex items-center gap-2 rounded-md px-3 py-2 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                        current && 'bg-accent font-medium text-accent-foreground',
                      )}
                    >
                      <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                      <span className="sr-only">{list.is_public ? 'Public:' : 'Private:'}</span>
                      <UserText className="min-w-0 flex-1 truncate">{list.name}</UserText>
                      <span className="text-xs text-muted-foreground tabular-nums">{list.race_count}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <WatchlistManager key={selected.id} listId={selected.id} onDeleted={() => setParams({}, { replace: true })} />
        </div>
      )}

      <WatchlistDialog
        open={creating}
        onOpenChange={setCreating}
        onSaved={(list) => setParams({ list: String(list.id) }, { replace: true })}
      />
    </div>
  );
}
