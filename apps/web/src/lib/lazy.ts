import { createElement, lazy as reactLazy, use, type ComponentType, type ReactPromise } from 'react';

/*
 * The app's code loaded on first use: components (`lazy`) and the router's pages and layouts (`lazyComponent`).
 * A page rendered on the server holds what such a component drew, and React hydrates that part of the page once
 * the code has come; the browser's own values (useHydrated) wait for all of it (`whenLazyCodeLoaded`), so their
 * transition never flows into a part React has not hydrated yet, which it could leave unhydrated (decision 024).
 */

const loading = new Set<Promise<unknown>>();

/** Counts code among what is on its way until it has come or failed. */
function tracked<T>(loaded: Promise<T>): Promise<T> {
  loading.add(loaded);
  loaded.then(
    () => loading.delete(loaded),
    () => loading.delete(loaded),
  );
  return loaded;
}

/** React's `lazy`, with its code's loading known. Every lazy component of the app is made with this one. */
export const lazy: typeof reactLazy = (load) => reactLazy(() => tracked(load()));

/** A route's page or layout whose module loads the first time the route matches (`preload` loads it ahead). */
export type RouteComponent = ComponentType & { preload: () => PromiseLike<unknown> };

/**
 * A code-split route component. Drawn at once when its module has come (a page rendered on the server and the
 * page the browser hydrates both load a page's modules first: `preloadRoutes`), else it suspends until it has: a
 * link followed to a page not loaded yet keeps the page shown meanwhile (the router's changes are transitions).
 * The loading promise carries its outcome as React's `use` reads it (`status`, `value`), so once it has settled
 * `use` answers at once instead of suspending again.
 */
export function lazyComponent<M, K extends keyof M>(load: () => Promise<M>, name: K): RouteComponent {
  let loaded: ReactPromise<ComponentType> | undefined;
  const preload = () => (loaded ??= settling(tracked(load()).then((module) => module[name] as ComponentType)));
  function LazyRoute() {
    return createElement(use(preload()));
  }
  return Object.assign(LazyRoute, { preload });
}

function settling<T>(promise: Promise<T>): ReactPromise<T> {
  const outcome: ReactPromise<T> = Object.assign(promise, { status: 'pending' as const });
  promise.then(
    (value) => Object.assign(outcome, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(outcome, { status: 'rejected', reason }),
  );
  return outcome;
}

/** Settles once no lazy code is loading: at once when none is, else once the last has come or failed. */
export async function whenLazyCodeLoaded(): Promise<void> {
  while (loading.size > 0) {
    await Promise.allSettled([...loading]);
    // A part React hydrates once its code has come may hold lazy components of its own.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
