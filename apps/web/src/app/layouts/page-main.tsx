import { useEffect, useRef, type ReactNode } from 'react';
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
 */
export function PageMain({ className, children }: { className?: string; children: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  const location = useLocation();
  const navigationType = useNavigationType();
  const focus = navigationType !== NavigationType.Pop && asksForFocus(location.state);

  useEffect(() => {
    if (focus) main.current?.focus({ preventScroll: true });
  }, [focus, location.key]);

  return (
    <main ref={main} id="main" tabIndex={-1} className={cn('outline-none', className)}>
      {children}
    </main>
  );
}
