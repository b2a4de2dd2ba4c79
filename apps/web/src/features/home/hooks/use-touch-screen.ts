import { useStoreAfterHydration } from '@/hooks/use-hydrated.ts';

/**
 * The spec's unnamed device check for the floating Add review button, decided here as "the main
 * pointer is coarse" (a finger): phones and tablets pass, a narrow desktop window does not, since it
 * has the sidebar's 'Add a race review' within reach of its mouse.
 */
const COARSE_POINTER = '(pointer: coarse)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(COARSE_POINTER);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useTouchScreen(): boolean {
  return useStoreAfterHydration(subscribe, () => window.matchMedia(COARSE_POINTER).matches, false);
}
