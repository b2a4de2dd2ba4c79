import type { RefCallback } from 'react';
import { useNearScreen } from '@/hooks/use-near-screen.ts';

/** Spec §9: the next page is asked for when the end of the list comes within 200 px. */
export const INFINITE_SCROLL_MARGIN = '200px';

/**
 * A sentinel to put after a list: `onReach` runs whenever it comes within the margin while `enabled`.
 * Returns the ref callback for the sentinel element.
 */
export function useInfiniteScroll(onReach: () => void, enabled: boolean): RefCallback<Element> {
  return useNearScreen(onReach, enabled, INFINITE_SCROLL_MARGIN);
}
