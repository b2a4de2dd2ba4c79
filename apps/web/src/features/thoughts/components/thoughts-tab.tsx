import type { ThoughtStatus } from '@paddock/contract/f1';
import type { Thought } from '@paddock/contract/thoughts';
import { formatDistanceStrict } from 'date-fns';
import { ClockIcon, LockIcon, MessagesSquareIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state.tsx';
import { LoadMoreButton } from '@/components/load-more-button.tsx';
import { LoadErrorState } from '@/components/query-states.tsx';
import { SignInPrompt } from '@/components/sign-in-prompt.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useHighlight } from '@/hooks/use-highlight.ts';
import { useInvalidateAt } from '@/hooks/use-invalidate-at.ts';
import { useNow } from '@/hooks/use-now.ts';
import { useIsSignedIn } from '@/lib/session.ts';
import { useCreateThought } from '../api/create-thought.ts';
import { useThought } from '../api/get-thought.ts';
import { getThoughtStatusQueryOptions, useThoughtStatus } from '../api/get-thought-status.ts';
import { useThoughts } from '../api/get-thoughts.ts';
import { useThoughtStream } from '../hooks/use-thought-stream.ts';
import { LiveIndicator } from './live-indicator.tsx';
import { ThoughtCard, thoughtAnchor } from './thought-card.tsx';
import { ThoughtComposer } from './thought-composer.tsx';

/** Relative times in the list move on this often. */
const CLOCK_TICK_MS = 30_000;

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The race page's Thoughts tab (loaded when first shown): while the race's thoughts are open, signed-in
 * fans post and the list updates live; otherwise it says when they open, or that they have closed.
 * `?thoughtId=` (and `&commentId=`) scroll to, focus and highlight a thought (and one of its comments),
 * fetching the thought by id when it is not on the first page.
 */
export function ThoughtsTab({ race }: { race: { id: number } }) {
  const [searchParams] = useSearchParams();
  const thoughtId = positiveId(searchParams.get('thoughtId'));
  const commentId = thoughtId === null ? null : positiveId(searchParams.get('commentId'));
  const signedIn = useIsSignedIn();
  const now = useNow(CLOCK_TICK_MS);
  const status = useThoughtStatus(race.id);
  const open = status.data?.is_open === true;
  useStatusRefreshWhenDue(race.id, status.data, status.dataUpdatedAt);
  const stream = useThoughtStream(race.id, open);
  const thoughts = useThoughts(race.id);
  const create = useCreateThought(race.id);

  const list = thoughts.data?.pages.flatMap((page) => page.results) ?? [];
  const inList = thoughtId !== null && list.some((thought) => thought.id === thoughtId);
  const linked = useThought(thoughts.isSuccess && !inList ? thoughtId : null);
  const pinned: Thought | null = !inList && linked.data && linked.data.race_id === race.id ? linked.data : null;
  // With a comment in the link, the comment takes the focus and the highlight (its own list does that);
  // on a page rendered on the server both are on the page at once, and only one may take the focus.
  const highlighted = useHighlight(
    thoughtId === null || commentId !== null ? null : thoughtAnchor(thoughtId),
    inList || pinned !== null,
  );

  const card = (thought: Thought) => (
    <ThoughtCard
      thought={thought}
      writable={open}
      now={now}
      target={thought.id === thoughtId}
      highlighted={highlighted && thought.id === thoughtId}
      highlightCommentId={thought.id === thoughtId ? commentId : null}
    />
  );

  return (
    <section aria-labelledby={`race-thoughts-${race.id}`} className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`race-thoughts-${race.id}`} className="text-lg font-semibold">
          Race thoughts
        </h2>
        <LiveIndicator state={stream} />
      </div>

      {status.isSuccess &&
        (open ? (
          signedIn ? (
            <ThoughtComposer onPost={(content) => create.mutateAsync(content)} />
          ) : (
            <SignInPrompt message="Please log in to share your thoughts" />
          )
        ) : (
          <WindowNotice status={status.data} fetchedAt={status.dataUpdatedAt} now={now} />
        ))}
      {status.isError && (
        <p className="text-sm text-muted-foreground">Whether this race’s thoughts are open could not be checked.</p>
      )}

      {pinned && (
        <div className="grid gap-2">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Linked thought</p>
          {card(pinned)}
        </div>
      )}

      {thoughts.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading thoughts">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-28 w-full rounded-xl" />
          ))}
        </div>
      ) : thoughts.isError ? (
        <LoadErrorState heading="p" title="The thoughts could not be loaded" onRetry={() => void thoughts.refetch()} />
      ) : list.length === 0 && !pinned ? (
        <EmptyState
          icon={MessagesSquareIcon}
          title="No thoughts yet"
          description={
            open
              ? 'Be the first to say what you make of the race.'
              : status.data && status.data.opens_in_seconds > 0
                ? 'Fans share their thoughts here from one day before the race.'
                : 'No one shared their thoughts on this race.'
          }
        />
      ) : (
        <ul className="grid grid-cols-1 gap-3" aria-label="Thoughts">
          {list.map((thought) => (
            <li key={thought.id}>{card(thought)}</li>
          ))}
        </ul>
      )}
      <LoadMoreButton query={thoughts} />
    </section>
  );
}

function WindowNotice({ status, fetchedAt, now }: { status: ThoughtStatus; fetchedAt: number; now: number }) {
  const opensAt = fetchedAt + status.opens_in_seconds * 1000;
  const notYet = status.opens_in_seconds > 0;
  const Icon = notYet ? ClockIcon : LockIcon;
  return (
    <p className="flex items-center gap-2 rounded-lg border border-dashed px-3 py-2.5 text-sm text-muted-foreground">
      <Icon aria-hidden className="size-4 shrink-0" />
      {notYet
        ? `Thoughts open ${formatDistanceStrict(Math.max(opensAt, now + 1000), now, { addSuffix: true })}`
        : 'Thoughts on this race are closed.'}
    </p>
  );
}

/** Asks for the status again when the window opens or closes, so the tab changes by itself. */
function useStatusRefreshWhenDue(raceId: number, status: ThoughtStatus | undefined, fetchedAt: number): void {
  const seconds = !status ? null : status.is_open ? status.closes_in_seconds : status.opens_in_seconds || null;
  useInvalidateAt(getThoughtStatusQueryOptions(raceId).queryKey, seconds === null ? null : fetchedAt + seconds * 1000);
}
