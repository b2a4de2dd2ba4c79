import { useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated.ts';

/** How long a deep link's target stays highlighted. */
export const HIGHLIGHT_MS = 4000;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The target of a deep link (a shared comment, a notification's thought): once `found` (loaded and on
 * the page), the element with id `elementId` is scrolled to the middle of the screen and given focus, so
 * a screen reader reads it next, and it stays highlighted for a few seconds. Returns whether it is
 * highlighted now. The element needs `tabIndex={-1}` to take focus. A page rendered on the server never
 * saw the link's #hash, so the highlight is drawn once the page is hydrated.
 */
export function useHighlight(elementId: string | null, found: boolean): boolean {
  const [faded, setFaded] = useState<string | null>(null);
  const hydrated = useHydrated();

  // Scrolled to and focused once hydrated, with the highlight drawn: the element takes focus only then
  // (its `tabIndex` may follow the highlight).
  useEffect(() => {
    if (!hydrated || !found || elementId === null) return;
    const element = document.getElementById(elementId);
    element?.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    element?.focus({ preventScroll: true });
    const timer = window.setTimeout(() => setFaded(elementId), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [hydrated, found, elementId]);

  return hydrated && found && elementId !== null && faded !== elementId;
}
