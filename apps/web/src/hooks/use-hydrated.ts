import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * Whether the page is past its hydration: false on the server and while a page rendered on the server is
 * hydrated, true from then on, and true from the start in a page the browser renders itself (no provider).
 * RenderEnvProvider (lib/render-env.tsx) provides it, turning it true once the hydrated page is idle and the
 * parts hydrated after the rest (their turn to come, their code lazily loaded) have been.
 */
export const HydratedContext = createContext(true);

/**
 * False while a page rendered on the server is being hydrated (and on the server), true from then on:
 * what only the browser knows (the reader's platform, time zone, stored choices) renders after it, so
 * hydration sees the HTML the server wrote.
 */
export function useHydrated(): boolean {
  const hydrated = useContext(HydratedContext);
  // Read through useSyncExternalStore, not as the context's value alone: a part of the page whose hydration is
  // suspended (its code on its way) when the flag turns keeps the server's elements and is hydrated once its
  // code has come; with the context's value returned as it is, Preact drew that part away (use-hydrated.test).
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
 * is hydrated, the store's own from then on (with useHydrated's turn).
 */
export function useStoreAfterHydration<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  serverValue: T,
): T {
  const hydrated = useHydrated();
  const value = useSyncExternalStore(subscribe, getSnapshot, onServer ? () => serverValue : getSnapshot);
  return hydrated ? value : serverValue;
}
