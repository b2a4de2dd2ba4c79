import { useCallback, useEffect, useRef, type RefCallback } from 'react';

/** Spec §9: the next page is asked for when the end of the list comes within 200 px. */
export const INFINITE_SCROLL_MARGIN = '200px';

/**
 * A sentinel to put after a list: `onReach` runs whenever it comes within the margin while `enabled`.
 * Returns the ref callback for the sentinel element, which watches it from the moment it is attached: no
 * state of its own, since a state set as the page commits makes React render the whole list again at once,
 * in a blocking task, right after hydrating it.
 */
export function useInfiniteScroll(onReach: () => void, enabled: boolean): RefCallback<Element> {
  const latest = useRef(onReach);
  useEffect(() => {
    latest.current = onReach;
  });

  return useCallback(
    (element: Element | null) => {
      if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) latest.current();
        },
        { rootMargin: INFINITE_SCROLL_MARGIN },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [enabled],
  );
}
