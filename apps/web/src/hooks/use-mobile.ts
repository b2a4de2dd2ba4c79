import { useStoreAfterHydration } from './use-hydrated.ts';

/** Spec §9: below 768 px the sidebar becomes a sheet with its own open state. */
export const MOBILE_BREAKPOINT = 768;
const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  // The server renders the desktop layout (CSS hides its sidebar on a phone); a phone switches after hydration.
  return useStoreAfterHydration(subscribe, () => window.matchMedia(QUERY).matches, false);
}
