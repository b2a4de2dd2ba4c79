import { createElement, lazy as reactLazy, use, type ComponentType, type ReactPromise } from 'react';

/*
 * The app's code loaded on first use: components (`lazy`) and the router's pages and layouts (`lazyComponent`).
 * A page rendered on the server holds what such a component drew, and that part of the page is hydrated once the
 * code has come; the browser's own values (useHydrated) wait for all of it (`whenLazyCodeLoaded`), so they are
 * never drawn into a part not hydrated yet (decision 024).
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

/** `lazy`, with its code's loading known. Every lazy component of the app is made with this one. */
export const lazy: typeof reactLazy = (load) => reactLazy(() => tracked(load()));

/**
 * A route's page or layout whose module loads the first time the route matches (`preload` loads it ahead;
 * `settled` says whether it has come or failed).
 */
export type RouteComponent = ComponentType & { preload: () => PromiseLike<unknown>; settled: () => boolean };

/**
 * A code-split route component. Drawn at once when its module has come (a page rendered on the server and the
 * page the browser hydrates both load a page's modules first: `preloadRoutes`), else it suspends until it has (a
 * link followed to a page not loaded yet keeps the page shown meanwhile: app/router.tsx, `historyLoadingPages`).
 * The loading promise carries its outcome as `use` reads it (`status`, `value`), so once it has settled
 * `use` answers at once instead of suspending again.
 */
export function lazyComponent<M, K extends keyof M>(load: () => Promise<M>, name: K): RouteComponent {
  let loaded: ReactPromise<ComponentType> | undefined;
  const preload = () => (loaded ??= settling(tracked(load()).then((module) => module[name] as ComponentType)));
  function LazyRoute() {
    return createElement(use(preload()));
  }
  const settled = () => loaded !== undefined && loaded.status !== 'pending';
  return Object.assign(LazyRoute, { preload, settled });
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
    // A part hydrated once its code has come may hold lazy components of its own.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

let lastTurn: Promise<void> = Promise.resolve();

/**
 * A turn of hydrating (components/hydrate-later.tsx): settles in a task of its own, after the turn asked for
 * before it, so each part of a page hydrated in turns is hydrated in a task of its own. Counted among what
 * `whenLazyCodeLoaded` waits for: the browser's own values come once every turn is over.
 */
export function hydrationTurn(): ReactPromise<void> {
  const turn = lastTurn.then(() => new Promise<void>((resolve) => window.setTimeout(resolve, 0)));
  lastTurn = turn;
  return settling(tracked(turn));
}
