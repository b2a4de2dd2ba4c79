import { toast } from '@/lib/toast.ts';

/*
 * Share links of public pages (a review, a watchlist) with spec §8's messages: 'Share URL not available',
 * 'Share link copied to clipboard!', 'Failed to copy link', 'Shared successfully!', 'Failed to share'.
 * Each takes the page's path (from config/paths.ts).
 */

/** {origin}{path}; null where the page has no usable origin. */
export function shareUrl(path: string): string | null {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  if (!origin || origin === 'null') return null;
  return `${origin}${path}`;
}

export async function copyShareLink(path: string): Promise<void> {
  const url = shareUrl(path);
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
export async function shareLink(path: string, title: string): Promise<void> {
  const url = shareUrl(path);
  if (!url) {
    toast.error('Share URL not available');
    return;
  }
  if (typeof navigator.share !== 'function') {
    await copyShareLink(path);
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

export function openInNewTab(path: string): void {
  const url = shareUrl(path);
  if (!url) {
    toast.error('Share URL not available');
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}
