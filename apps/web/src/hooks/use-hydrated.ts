import { createContext, use, useSyncExternalStore } from 'react';

/**
 * Whether the page is past its hydration: false on the server and while a page rendered on the server is
 * hydrated, true from then on, and true from the start in a page the browser renders itself (no provider).
 * RenderEnvProvider (lib/render-env.tsx) provides it, turning it true in a transition once the hydrated page is
 * idle and the code of what it drew lazily has come.
 */
export const HydratedContext = createContext(true);

/**
 * False while a page rendered on the server is being hydrated (and on the server), true from then on:
 * what only the browser knows (the reader's platform, time zone, stored choices) renders after it, so
 * hydration sees the HTML the server wrote. What it changes is drawn in a transition, which React does in
 * slices between the browser's own work, not in one long task.
 */
export function useHydrated(): boolean {
  const hydrated = use(HydratedContext);
  // Read through useSyncExternalStore for its server snapshot: a part of the page React hydrates after the flag
  // has turned (a Suspense boundary, hydrated in a pass of its own) is hydrated with false, as the server drew
  // it, and then drawn again with true; the flag's own turn reaches every other reader in the transition.
  return useSyncExternalStore(
    never,
    () => hydrated,
    () => false,
  );
}

const never = () => () => undefined;

const onServer = typeof window === 'undefined';

/**
 * A browser store's value (a media query, the stored session): `serverValue` on the server and while the page
 * is hydrated, the store's own from then on. Unlike useSyncExternalStore's server snapshot, whose difference
 * from the store React draws again at once in one task that blocks the page, the store's value arrives with
 * useHydrated's transition.
 */
export function useStoreAfterHydration<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  serverValue: T,
): T {
  const hydrated = useHydrated();
  // In the browser the store is read during hydration too, so React finds nothing to draw again at once.
  const value = useSyncExternalStore(subscribe, getSnapshot, onServer ? () => serverValue : getSnapshot);
  return hydrated ? value : serverValue;
}
