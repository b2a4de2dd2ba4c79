import type { Review } from '@paddock/contract/reviews';
import { CheckCheckIcon, RotateCwIcon } from 'lucide-react';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Button } from '@/components/ui/button.tsx';
import { feedParts, useFeed, type FeedKind, type FeedPart } from '../api/get-feed.ts';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll.ts';
import { useSeenTracker } from '../hooks/use-seen-tracker.ts';
import { cardItemClass, ReviewCard } from './review-card.tsx';
import { HydrateLater } from '@/components/hydrate-later.tsx';

// Comments validate with the contract's zod schema: the dialog loads when a review is first opened.
const ReviewDetailDialog = lazy(() =>
  import('./review-detail-dialog.tsx').then((m) => ({ default: m.ReviewDetailDialog })),
);

/** Spec §2/§8 feed states: 'Loading…' first, and a failure offers to reload the page. */
export function FeedError() {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center"
    >
      <p className="font-medium">Failed to load data. Please try again.</p>
      <Button variant="outline" onClick={() => window.location.reload()}>
        <RotateCwIcon aria-hidden />
        Try Again
      </Button>
    </div>
  );
}

export function FeedLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="py-8 text-center text-sm text-muted-foreground">
      {label}
    </p>
  );
}

/** Between the reviews the viewer has not seen and the ones seen on earlier visits. */
function CaughtUpDivider() {
  return (
    <div className="flex items-center gap-3 pt-2 text-sm text-muted-foreground">
      <span className="h-px flex-1 bg-border" aria-hidden />
      <p className="flex items-center gap-1.5">
        <CheckCheckIcon className="size-4" aria-hidden />
        You&apos;re all caught up — earlier reviews
      </p>
      <span className="h-px flex-1 bg-border" aria-hidden />
    </div>
  );
}

/** A feed's cards, the ones not seen before first, then `children` (what comes after the last card). */
function FeedCards({
  parts,
  track,
  onOpen,
  children,
}: {
  parts: Record<FeedPart, Review[]>;
  track: ReturnType<typeof useSeenTracker>['track'];
  onOpen: (review: Review) => void;
  children: ReactNode;
}) {
  const { new: fresh, earlier } = parts;
  const list = (reviews: Review[], label: string, before: number) => (
    <ul className="grid gap-4" aria-label={label}>
      {reviews.map((review, index) => (
        <li key={review.id} ref={track(review.id)} className={cardItemClass(before + index)}>
          <HydrateLater>
            <ReviewCard review={review} onOpen={onOpen} />
          </HydrateLater>
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {fresh.length > 0 && list(fresh, 'Reviews', 0)}
      {earlier.length > 0 && (
        <>
          <CaughtUpDivider />
          {list(earlier, 'Earlier reviews', fresh.length)}
        </>
      )}
      {/* The end of the feed (and its next page's trigger) follows the last card. */}
      {children}
    </>
  );
}

/**
 * One home feed: infinite scroll (spec §2), seen ids recorded as cards come into view (spec §9), and
 * the detail dialog for signed-in viewers. The reviews not seen yet come first; once they are all
 * shown, the ones seen before follow under a divider, so a returning viewer's feed is never empty while
 * there are reviews. The wrappers give it its texts.
 */
export function ReviewFeed({
  feed,
  header,
  empty,
  end,
}: {
  feed: FeedKind;
  header: ReactNode;
  empty: ReactNode;
  end?: ReactNode;
}) {
  const query = useFeed(feed);
  const { track, noteLastAuthor } = useSeenTracker(feed);
  const [opened, setOpened] = useState<Review | null>(null);
  const pages = query.data?.pages ?? [];
  const parts = feedParts(pages);
  const shown = parts.new.length + parts.earlier.length;
  const lastAuthor = pages.at(-1)?.meta.last_author_id;
  const canLoadMore = query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError;
  const sentinel = useInfiniteScroll(() => void query.fetchNextPage(), canLoadMore);

  // A page may end short, even empty, while more follow (decision 008): an empty start is not the end yet.
  const emptyButMore = shown === 0 && query.hasNextPage;
  useEffect(() => {
    if (emptyButMore && !query.isFetching && !query.isFetchNextPageError) void query.fetchNextPage();
  }, [emptyButMore, query]);

  useEffect(() => {
    // An empty page names no author; the one before it still counts.
    if (lastAuthor !== undefined && lastAuthor !== null) noteLastAuthor(lastAuthor);
  }, [lastAuthor, noteLastAuthor]);

  let body: ReactNode;
  if (query.isPending || (emptyButMore && !query.isError)) {
    body = <FeedLoading />;
  } else if (query.isError && shown === 0) body = <FeedError />;
  else if (shown === 0) body = empty;
  else {
    body = (
      <FeedCards parts={parts} track={track} onOpen={setOpened}>
        <div ref={sentinel} aria-hidden />
        {query.isFetchingNextPage && <FeedLoading label="Loading more…" />}
        {query.isFetchNextPageError && <FeedError />}
        {!query.hasNextPage && end}
      </FeedCards>
    );
  }

  return (
    <section className="grid gap-4">
      {header}
      {body}
      {opened && (
        <Suspense fallback={null}>
          <ReviewDetailDialog
            review={opened}
            open
            onOpenChange={(open) => {
              if (!open) setOpened(null);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
