import { paths } from '@/config/paths.ts';
import { copyShareLink, openInNewTab, shareLink } from '@/lib/share.ts';

/* A review's share link is {origin}/review/{id} (spec §2). */
export const copyReviewLink = (reviewId: number): Promise<void> => copyShareLink(paths.review.getHref(reviewId));
export const shareReview = (reviewId: number, title: string): Promise<void> =>
  shareLink(paths.review.getHref(reviewId), title);
export const openReviewInNewTab = (reviewId: number): void => openInNewTab(paths.review.getHref(reviewId));
