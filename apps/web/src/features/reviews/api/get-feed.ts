import { FEED_PAGE_SIZE } from '@paddock/contract/limits';
import type { FeedPage } from '@paddock/contract/reviews';
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

export async function getFeed(
  feed: FeedKind,
  { cursor, seenIds, lastAuthorId }: FeedParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<FeedPage> {
  return api.call(OPERATIONS[feed], {
    query: {
      page_size: FEED_PAGE_SIZE,
      cursor: cursor ?? undefined,
      seen_ids: seenIds.length > 0 ? seenIds.join(',') : undefined,
      last_author_id: lastAuthorId ?? undefined,
    },
    signal,
  });
}

/** A page as cached: the server's page plus the seen-ids snapshot the feed was started with. */
export interface CachedFeedPage extends FeedPage {
  snapshot: { ids: readonly number[]; lastAuthorId: number | null };
}

/** Where the next page starts: the previous page's cursor and last author (spec §7). */
interface FeedPageParam {
  cursor: number | null;
  lastAuthorId: number | null;
}

const FIRST_PAGE: FeedPageParam = { cursor: null, lastAuthorId: null };

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
      // The first page continues from the last author the viewer saw, later pages from the page before.
      const lastAuthorId = pageParam.cursor === null ? snapshot.lastAuthorId : pageParam.lastAuthorId;
      const page = await getFeed(feed, { cursor: pageParam.cursor, seenIds: snapshot.ids, lastAuthorId }, { signal });
      return { ...page, snapshot: { ids: snapshot.ids, lastAuthorId: snapshot.lastAuthorId } };
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last): FeedPageParam | undefined =>
      last.next_cursor === null ? undefined : { cursor: last.next_cursor, lastAuthorId: last.meta.last_author_id },
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
