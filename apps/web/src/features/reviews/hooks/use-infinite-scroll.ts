import { useEffect, useRef, useState } from 'react';

/** Spec §9: the next page is asked for when the end of the list comes within 200 px. */
export const INFINITE_SCROLL_MARGIN = '200px';

/**
 * A sentinel to put after a list: `onReach` runs whenever it comes within the margin while `enabled`.
 * Returns the ref callback for the sentinel element.
 */
export function useInfiniteScroll(onReach: () => void, enabled: boolean): (element: Element | null) => void {
  const [element, setElement] = useState<Element | null>(null);
  const latest = useRef(onReach);
  useEffect(() => {
    latest.current = onReach;
  });

  useEffect(() => {
    if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: INFINITE_SCROLL_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, enabled]);

  return setElement;
}
