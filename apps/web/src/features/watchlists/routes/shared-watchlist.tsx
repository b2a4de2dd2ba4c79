import { ListVideoIcon, PencilIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state.tsx';
import { PageTitle, summary } from '@/components/page-title.tsx';
import { LoadErrorState, NotFoundState } from '@/components/query-states.tsx';
import { displayNameOf, UserName, UserParagraph, UserText } from '@/components/user-text.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths, previewImagePath } from '@/config/paths.ts';
import { isNotFoundError } from '@/lib/query-errors.ts';
import { useWatchlist } from '../api/get-watchlist.ts';
import { WatchlistRaceList } from '../components/watchlist-race-list.tsx';

/**
 * /watchlist/{id or share token} (spec §2), open to guests: a public list, or any list of the viewer's
 * own. A private list of someone else is "not found", as the server answers.
 */
export function SharedWatchlistRoute() {
  const { idOrToken = '' } = useParams();
  const query = useWatchlist(idOrToken);

  if (query.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading the watchlist">
        <Skeleton className="h-8 w-72 max-w-full" />
        <Skeleton className="h-4 w-56" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return isNotFoundError(query.error) ? (
      <NotFoundState
        title="Watchlist not found"
        description="It may have been deleted or made private, or the link is mistyped."
      />
    ) : (
      <LoadErrorState title="The watchlist could not be loaded" onRetry={() => void query.refetch()} />
    );
  }

  const list = query.data;
  const owner = displayNameOf(list.user);
  const count = list.races.length;
  return (
    <article aria-labelledby="watchlist-title" className="grid grid-cols-1 gap-6">
      <PageTitle
        name={`${list.name} by ${owner}`}
        description={summary(
          list.description || `${count === 1 ? '1 race' : `${count} races`} to watch, a list by ${owner} on Paddock.`,
        )}
        image={previewImagePath('watchlist', idOrToken)}
      />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <p className="text-xs font-semibold tracking-[0.2em] text-primary-text uppercase">Watchlist</p>
          <h1 id="watchlist-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            <UserText>{list.name}</UserText>
          </h1>
          {list.description && <UserParagraph className="text-muted-foreground">{list.description}</UserParagraph>}
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              by
              <UserAvatar user={list.user} className="size-5 text-[9px]" />
              <Link
                to={paths.userProfile.getHref(list.user.username)}
                className="font-medium text-foreground underline-offset-4 hover:underline"
              >
                <UserName user={list.user} /> (@{list.user.username})
              </Link>
            </span>
            <span aria-hidden>·</span>
            <span>
              {count} {count === 1 ? 'race' : 'races'}
            </span>
            {list.is_owner && <Badge variant="secondary">{list.is_public ? 'Public' : 'Private'}</Badge>}
          </p>
        </div>
        {list.is_owner && (
          <Button asChild variant="outline">
            <Link to={paths.watchlists.getHref(list.id)}>
              <PencilIcon aria-hidden />
              Edit
            </Link>
          </Button>
        )}
      </header>
      {count === 0 ? (
        <EmptyState icon={ListVideoIcon} title="This list has no races yet" />
      ) : (
        <WatchlistRaceList entries={list.races} label={`Races in ${list.name}`} />
      )}
    </article>
  );
}
