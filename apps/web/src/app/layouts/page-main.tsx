import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { cn } from '@/lib/utils.ts';

/** Navigation state asking the next page to take focus on its main content (see PageMain). */
export const FOCUS_MAIN_STATE = { focusMain: true } as const;

export function asksForFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'focusMain' in state && state.focusMain === true;
}

/**
 * A page's <main>: the target of the skip link and, after a navigation made with FOCUS_MAIN_STATE (a
 * search palette result, whose dialog and opener are gone or beside the point once the page changes),
 * the element that receives focus, so a screen reader goes on reading at the new page's content rather
 * than at the top of the document. Going back or forward (POP) leaves focus alone.
 *
 * A page opened from a link starts at its top, as a page the browser loads does (React Router's declarative router
 * leaves the window where it was). Not a new query string on the same page (a tab, a season), not going back or
 * forward (the browser puts the reader back where they were), not a link to a place on the page (`#comment-…`).
 */
export function PageMain({ className, children }: { className?: string; children: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  const location = useLocation();
  const navigationType = useNavigationType();
  const focus = navigationType !== NavigationType.Pop && asksForFocus(location.state);

  useEffect(() => {
    if (focus) main.current?.focus({ preventScroll: true });
  }, [focus, location.key]);

  const opened = navigationType !== NavigationType.Pop && location.key !== 'default' && location.hash === '';
  useLayoutEffect(() => {
    if (opened) window.scrollTo(0, 0);
    // A new page: its path, not its query string.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  return (
    <main ref={main} id="main" tabIndex={-1} className={cn('outline-none', className)}>
      {children}
    </main>
  );
}
