import { FEED_PAGE_SIZE } from '@paddock/contract/limits';
import type { FeedPage, Review } from '@paddock/contract/reviews';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';
import { takeSeenSnapshot, type FeedKind } from '../utils/seen-ids.ts';

export type { FeedKind } from '../utils/seen-ids.ts';

const OPERATIONS: Record<FeedKind, 'followingFeed' | 'forYouFeed'> = {
  following: 'followingFeed',
  forYou: 'forYouFeed',
};

export interface FeedParams {
  cursor?: number | null;
  seenIds: readonly number[];
  lastAuthorId?: number | null;
}

function feedQuery({ cursor, seenIds, lastAuthorId }: FeedParams) {
  return {
    page_size: FEED_PAGE_SIZE,
    cursor: cursor ?? undefined,
    seen_ids: seenIds.length > 0 ? seenIds.join(',') : undefined,
    last_author_id: lastAuthorId ?? undefined,
  };
}

export async function getFeed(
  feed: FeedKind,
  params: FeedParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<FeedPage> {
  return api.call(OPERATIONS[feed], { query: feedQuery(params), signal });
}

/**
 * The two parts of a feed: first the reviews the viewer has not seen (asked for with the seen ids, which
 * the server leaves out, spec §9), then, once those are all shown, the ones seen before (asked for
 * without them). Seen reviews rank lower; they never vanish from a returning viewer's Home.
 */
export type FeedPart = 'new' | 'earlier';

/** A page as cached: the server's page, the part it belongs to, and the feed's seen-ids snapshot. */
export interface CachedFeedPage extends FeedPage {
  part: FeedPart;
  snapshot: { ids: readonly number[]; lastAuthorId: number | null };
}

/**
 * A feed's reviews as shown: each once (the earlier part repeats the new reviews it ranks among), the
 * new ones first, then the earlier ones.
 */
export function feedParts(pages: readonly CachedFeedPage[]): Record<FeedPart, Review[]> {
  const shown = new Set<number>();
  const parts: Record<FeedPart, Review[]> = { new: [], earlier: [] };
  for (const page of pages) {
    for (const review of page.results) {
      if (shown.has(review.id)) continue;
      shown.add(review.id);
      parts[page.part].push(review);
    }
  }
  return parts;
}

/** Where the next page starts: its part, the previous page's cursor and last author (spec §7). */
interface FeedPageParam {
  part: FeedPart;
  cursor: number | null;
  lastAuthorId: number | null;
}

const FIRST_PAGE: FeedPageParam = { part: 'new', cursor: null, lastAuthorId: null };

/** The page after `last`: more of its part, else the earlier part when anything had been seen, else none. */
function nextPageParam(last: CachedFeedPage): FeedPageParam | undefined {
  if (last.next_cursor !== null) {
    return { part: last.part, cursor: last.next_cursor, lastAuthorId: last.meta.last_author_id };
  }
  if (last.part === 'new' && last.snapshot.ids.length > 0) return { part: 'earlier', cursor: null, lastAuthorId: null };
  return undefined;
}

/** What a page of the feed asks with, from where it starts and the feed's seen-ids snapshot. */
function pageQuery(pageParam: FeedPageParam, snapshot: CachedFeedPage['snapshot']): FeedParams {
  const isNew = pageParam.part === 'new';
  return {
    cursor: pageParam.cursor,
    seenIds: isNew ? snapshot.ids : [],
    // The first page continues from the last author the viewer saw, later pages from the page before.
    lastAuthorId: isNew && pageParam.cursor === null ? snapshot.lastAuthorId : pageParam.lastAuthorId,
  };
}

/** Spec §9: Following fresh 1 min, For You 3 min; both kept 30 min; no refetch on focus. */
const STALE_MS: Record<FeedKind, number> = { following: 60_000, forYou: 3 * 60_000 };

export function getFeedQueryOptions(feed: FeedKind) {
  return infiniteQueryOptions({
    queryKey: ['reviews', 'feed', feed],
    /*
     * The seen ids are a snapshot taken when the feed starts (no cached pages yet) and kept in its first
     * page, so refetches and later pages ask without the same ids; resetting the query takes a new one.
     */
    queryFn: async ({ pageParam, signal, client, queryKey }): Promise<CachedFeedPage> => {
      const started = client.getQueryData<InfiniteData<CachedFeedPage>>(queryKey)?.pages[0];
      const snapshot = started?.snapshot ?? takeSeenSnapshot(feed);
      const page = await getFeed(feed, pageQuery(pageParam, snapshot), { signal });
      return { ...page, part: pageParam.part, snapshot: { ids: snapshot.ids, lastAuthorId: snapshot.lastAuthorId } };
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: STALE_MS[feed],
    gcTime: 30 * 60_000,
    refetchOnWindowFocus: false,
    // Unlike the app default, a stale feed refreshes when the home screen comes back.
    refetchOnMount: true,
    meta: feed === 'following' ? dependsOn('reviews', 'follows') : dependsOn('reviews'),
  });
}

export function useFeed(feed: FeedKind, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getFeedQueryOptions(feed), enabled });
}
