import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while a page rendered on the server is being hydrated (and on the server), true from then on:
 * what only the browser knows (the reader's platform, time zone, stored choices) renders after it, so
 * hydration sees the HTML the server wrote.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
