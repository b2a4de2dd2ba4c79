import { FEED_PAGE_SIZE, SEEN_IDS_MAX } from '@paddock/contract/limits';
import { routes } from '@paddock/contract/routes';
import { SEEN_MAX_AGE_MS } from '@/features/reviews/utils/seen-ids.ts';
import type { EarlyFeedAsk } from '@/lib/early-answers.ts';
import { STORAGE_KEYS } from '@/lib/storage.ts';

/**
 * What a signed-in reader's Home, rendered on the server without their data, asks for as it is read (decision
 * 024): the feed it will open on, as the feed's first page asks for it (features/reviews/api/get-feed.ts and
 * features/home/hooks/use-home-tab.ts), so the feed's query takes that answer.
 */
export const homeFeedAsk: EarlyFeedAsk = {
  mePath: routes.getMe.path,
  tabKey: STORAGE_KEYS.homeTab,
  feeds: {
    following: { path: routes.followingFeed.path, seenKey: STORAGE_KEYS.seenFollowing },
    forYou: { path: routes.forYouFeed.path, seenKey: STORAGE_KEYS.seenForYou },
  },
  pageSize: FEED_PAGE_SIZE,
  seenMaxAgeMs: SEEN_MAX_AGE_MS,
  seenMax: SEEN_IDS_MAX,
};
