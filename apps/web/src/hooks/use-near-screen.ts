import { useCallback, useEffect, useRef, type RefCallback } from 'react';

/**
 * A ref callback that runs `onNear` whenever its element comes within `margin` of the screen while `enabled`.
 * It watches the element from the moment it is attached, with no state of its own: a state set as the page
 * commits makes React render the component again at once, in a blocking task, right after hydrating it.
 */
export function useNearScreen(onNear: () => void, enabled: boolean, margin: string): RefCallback<Element> {
  const latest = useRef(onNear);
  useEffect(() => {
    latest.current = onNear;
  });

  return useCallback(
    (element: Element | null) => {
      if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) latest.current();
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [enabled, margin],
  );
}
