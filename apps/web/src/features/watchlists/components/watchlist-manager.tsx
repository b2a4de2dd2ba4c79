import type { Watchlist, WatchlistEntry } from '@paddock/contract/watchlists';
import { ArrowDownIcon, ArrowUpIcon, ExternalLinkIcon, LinkIcon, ListPlusIcon, PencilIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast.ts';
import { EmptyState } from '@/components/empty-state.tsx';
import { InlineDeleteConfirm } from '@/components/inline-confirm.tsx';
import { LoadErrorState } from '@/components/query-states.tsx';
import { UserParagraph, UserText } from '@/components/user-text.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { useDeleteWatchlist } from '../api/delete-watchlist.ts';
import { useWatchlist } from '../api/get-watchlist.ts';
import { useRemoveWatchlistRace } from '../api/remove-watchlist-race.ts';
import { useReorderWatchlist } from '../api/reorder-watchlist.ts';
import { copyWatchlistLink } from '../utils/share-link.ts';
import { RaceAdder } from './race-adder.tsx';
import { WatchlistDialog } from './watchlist-dialog.tsx';
import { raceTitle, WatchlistRaceList } from './watchlist-race-list.tsx';

type Direction = 'up' | 'down';
const MOVES = [
  { direction: 'up', Icon: ArrowUpIcon },
  { direction: 'down', Icon: ArrowDownIcon },
] as const;

/** One of the user's lists, to edit: its details, its races (add, remove, reorder), sharing and deletion. */
export function WatchlistManager({ listId, onDeleted }: { listId: number; onDeleted: () => void }) {
  const query = useWatchlist(listId);
  if (query.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading the watchlist">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadErrorState heading="h2" title="The watchlist could not be loaded" onRetry={() => void query.refetch()} />
    );
  }
  return <ListEditor list={query.data} onDeleted={onDeleted} />;
}

function ListEditor({ list, onDeleted }: { list: Watchlist; onDeleted: () => void }) {
  const [editing, setEditing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // After a move the same button keeps focus (or its twin, at the end of the list), wherever React put the row.
  const focusAfter = useRef<{ raceId: number; direction: Direction } | null>(null);
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const reorder = useReorderWatchlist();
  const remove = useRemoveWatchlistRace();
  const destroy = useDeleteWatchlist();
  const headingId = `watchlist-${list.id}-heading`;

  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    const button = (direction: Direction) =>
      section.current?.querySelector<HTMLButtonElement>(`[data-move="${target.raceId}-${direction}"]`);
    const same = button(target.direction);
    (same && !same.disabled ? same : button(target.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [list.races]);

  function move(index: number, direction: Direction) {
    const ids = list.races.map((entry) => entry.race.id);
    const to = direction === 'up' ? index - 1 : index + 1;
    const [raceId] = ids.splice(index, 1);
    if (raceId === undefined || to < 0 || to > ids.length) return;
    ids.splice(to, 0, raceId);
    focusAfter.current = { raceId, direction };
    reorder.mutate(
      { id: list.id, raceIds: ids },
      { onError: () => toast.error('Failed to reorder races. Please try again.') },
    );
    const entry = list.races[index]!;
    setAnnouncement(`${raceTitle(entry.race)} moved to position ${to + 1} of ${ids.length}.`);
  }

  function removeRace(entry: WatchlistEntry, index: number) {
    const title = raceTitle(entry.race);
    remove.mutate(
      { id: list.id, raceId: entry.race.id },
      {
        onSuccess: () => {
          toast.success(`Removed ${title} from ${list.name}`);
          // Focus moves to the race that took its place, or to the list's name.
          const next = list.races[index + 1] ?? list.races[index - 1];
          const target = next && section.current?.querySelector<HTMLButtonElement>(`[data-remove="${next.race.id}"]`);
          (target ?? heading.current)?.focus();
        },
        onError: () => toast.error(`Failed to remove ${title}. Please try again.`),
      },
    );
  }

  function deleteList() {
    destroy.mutate(list.id, {
      onSuccess: () => {
        toast.success(`Deleted ${list.name}`);
        onDeleted();
      },
      onError: () => toast.error('Failed to delete the watchlist. Please try again.'),
    });
  }

  const count = list.races.length;
  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      className="grid min-w-0 gap-5 rounded-xl border bg-card p-4 shadow-xs sm:p-5"
    >
      <header className="grid gap-3">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2
              id={headingId}
              ref={heading}
              tabIndex={-1}
              className="text-xl font-semibold tracking-tight outline-none"
            >
              <UserText>{list.name}</UserText>
            </h2>
            <Badge variant={list.is_public ? 'default' : 'secondary'}>{list.is_public ? 'Public' : 'Private'}</Badge>
          </div>
          {list.description && (
            <UserParagraph className="text-sm text-muted-foreground">{list.description}</UserParagraph>
          )}
          <p className="text-sm text-muted-foreground">
            {count} {count === 1 ? 'race' : 'races'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
            <PencilIcon aria-hidden />
            Edit
          </Button>
          {list.share_token && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void copyWatchlistLink(list.share_token!)}
              aria-describedby={list.is_public ? undefined : `${headingId}-private`}
            >
              <LinkIcon aria-hidden />
              Copy share link
            </Button>
          )}
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.sharedWatchlist.getHref(list.id)}>
              <ExternalLinkIcon aria-hidden />
              View page
            </Link>
          </Button>
          <InlineDeleteConfirm
            question={`Delete ${list.name}?`}
            label="Delete list"
            pending={destroy.isPending}
            onConfirm={deleteList}
          />
        </div>
        {!list.is_public && (
          <p id={`${headingId}-private`} className="text-xs text-muted-foreground">
            Private: the share link opens this list for you only. Make it public in Edit to share it.
          </p>
        )}
      </header>

      <RaceAdder list={list} />

      {count === 0 ? (
        <EmptyState
          icon={ListPlusIcon}
          title="No races in this list yet"
          description="Search above and add the races you want to watch."
        />
      ) : (
        <WatchlistRaceList
          entries={list.races}
          label={`Races in ${list.name}`}
          actions={(entry, index) => {
            const title = raceTitle(entry.race);
            return (
              <>
                {MOVES.map(({ direction, Icon }) => (
                  <Button
                    key={direction}
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    data-move={`${entry.race.id}-${direction}`}
                    aria-label={`Move ${title} ${direction}`}
                    disabled={direction === 'up' ? index === 0 : index === count - 1}
                    onClick={() => move(index, direction)}
                  >
                    <Icon aria-hidden />
                  </Button>
                ))}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8 text-muted-foreground hover:text-destructive"
                  data-remove={entry.race.id}
                  aria-label={`Remove ${title}`}
                  disabled={remove.isPending && remove.variables.raceId === entry.race.id}
                  onClick={() => removeRace(entry, index)}
                >
                  <XIcon aria-hidden />
                </Button>
              </>
            );
          }}
        />
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <WatchlistDialog open={editing} onOpenChange={setEditing} list={list} />
    </section>
  );
}
