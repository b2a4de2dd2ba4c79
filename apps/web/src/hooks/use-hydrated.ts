import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const never = () => () => undefined;
const nothing = () => 0;

/**
 * False while a page rendered on the server is being hydrated (and on the server), true from then on:
 * what only the browser knows (the reader's platform, time zone, stored choices) renders after it, so
 * hydration sees the HTML the server wrote. A component the browser renders itself is hydrated at once.
 *
 * The switch is a transition, which React renders in slices between the browser's own work. A store whose
 * server and browser values differ (`useSyncExternalStore` with a server snapshot) would instead make React
 * render every component reading it again in one blocking task right after hydration: on a phone, the
 * page's longest task.
 */
export function useHydrated(): boolean {
  // React asks for the server snapshot exactly when it renders on the server or hydrates, during this very
  // render: that is how a component knows which. The snapshot never changes, so the store itself never makes
  // React render again.
  /* eslint-disable react-hooks/immutability -- the server snapshot is asked for during this render, never after */
  let hydrating = false;
  useSyncExternalStore(never, nothing, () => {
    hydrating = true;
    return 0;
  });
  /* eslint-enable react-hooks/immutability */
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * A browser store's value (`useSyncExternalStore`), with `serverValue` on the server and while the page is
 * being hydrated: the stored value fills in with `useHydrated`'s transition, not in a blocking render of its own.
 */
export function useBrowserStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  serverValue: T,
): T {
  const hydrated = useHydrated();
  // While hydrating, the browser's value stands for the server's, so React finds nothing changed once hydrated.
  const live = useSyncExternalStore(subscribe, getSnapshot, () =>
    typeof document === 'undefined' ? serverValue : getSnapshot(),
  );
  return hydrated ? live : serverValue;
}
