import { toast } from 'sonner';
import { paths } from '@/config/paths.ts';

/** The share link of a review: {origin}/review/{id} (spec §2); null where the page has no usable origin. */
export function reviewShareUrl(reviewId: number): string | null {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  if (!origin || origin === 'null') return null;
  return `${origin}${paths.review.getHref(reviewId)}`;
}

export async function copyReviewLink(reviewId: number): Promise<void> {
  const url = reviewShareUrl(reviewId);
  if (!url) {
    toast.error('Share URL not available');
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Share link copied to clipboard!');
  } catch {
    toast.error('Failed to copy link');
  }
}

/** The system share sheet where the browser has one, else the link is copied. */
export async function shareReview(reviewId: number, title: string): Promise<void> {
  const url = reviewShareUrl(reviewId);
  if (!url) {
    toast.error('Share URL not available');
    return;
  }
  if (typeof navigator.share !== 'function') {
    await copyReviewLink(reviewId);
    return;
  }
  try {
    await navigator.share({ title, url });
    toast.success('Shared successfully!');
  } catch (error) {
    // Closing the share sheet is a choice, not a failure.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    toast.error('Failed to share');
  }
}

export function openReviewInNewTab(reviewId: number): void {
  const url = reviewShareUrl(reviewId);
  if (!url) {
    toast.error('Share URL not available');
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}
