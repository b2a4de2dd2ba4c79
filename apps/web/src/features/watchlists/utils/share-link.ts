import { paths } from '@/config/paths.ts';
import { copyShareLink } from '@/lib/share.ts';

/** Copies a list's share link, {origin}/watchlist/{share token}. */
export const copyWatchlistLink = (shareToken: string): Promise<void> =>
  copyShareLink(paths.sharedWatchlist.getHref(shareToken));
