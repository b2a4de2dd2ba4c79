import { useCallback, useEffect, useRef } from 'react';
import { flushSeen, markSeen, type FeedKind } from '../utils/seen-ids.ts';

/** Spec §9: the seen ids are saved every 15 s, and when the page is hidden or left. */
export const SEEN_SAVE_INTERVAL_MS = 15_000;

/** A card counts as seen once half of it has been on screen. */
const SEEN_THRESHOLD = 0.5;

/**
 * Records the reviews a feed has shown. Returns `track(reviewId)`, a ref callback for each card, and
 * `noteLastAuthor` for the author of the newest page (the record's lastAuthorId).
 */
export function useSeenTracker(feed: FeedKind) {
  const observer = useRef<IntersectionObserver | null>(null);
  // Cards attach before the effect below runs, so they are remembered and observed once it does.
  const cards = useRef(new Map<Element, number>());
  const seen = useRef(new Set<number>());

  useEffect(() => {
    const see = (element: Element) => {
      const id = cards.current.get(element);
      if (id === undefined) return;
      seen.current.add(id);
      markSeen(feed, [id]);
      observer.current?.unobserve(element);
    };
    if (typeof IntersectionObserver !== 'undefined') {
      observer.current = new IntersectionObserver(
        (entries) => entries.filter((entry) => entry.isIntersecting).forEach((entry) => see(entry.target)),
        { threshold: SEEN_THRESHOLD },
      );
      for (const [element, id] of cards.current) if (!seen.current.has(id)) observer.current.observe(element);
    }
    const save = () => flushSeen(feed);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save();
    };
    const timer = window.setInterval(save, SEEN_SAVE_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', save);
    return () => {
      observer.current?.disconnect();
      observer.current = null;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [feed]);

  const track = useCallback(
    (reviewId: number) => (element: Element | null) => {
      if (!element) return;
      cards.current.set(element, reviewId);
      if (!seen.current.has(reviewId)) observer.current?.observe(element);
      return () => {
        cards.current.delete(element);
        observer.current?.unobserve(element);
      };
    },
    [],
  );

  const noteLastAuthor = useCallback((authorId: number | null) => markSeen(feed, [], authorId), [feed]);

  return { track, noteLastAuthor };
}
