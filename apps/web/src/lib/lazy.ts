import { lazy as reactLazy } from 'react';

const loading = new Set<Promise<unknown>>();

/**
 * React's `lazy`, with its code's loading known. A page rendered on the server holds what such a component drew,
 * and React hydrates that part of the page once the code has come; the browser's own values (useHydrated) wait for
 * it (`whenLazyCodeLoaded`), so their transition never flows into a part React has not hydrated yet, which it
 * could leave unhydrated (decision 024). Every lazy component of the app is made with this one.
 */
export const lazy: typeof reactLazy = (load) =>
  reactLazy(() => {
    const loaded = load();
    loading.add(loaded);
    loaded.then(
      () => loading.delete(loaded),
      () => loading.delete(loaded),
    );
    return loaded;
  });

/** Settles once no lazy component's code is loading: at once when none is, else once the last has come or failed. */
export async function whenLazyCodeLoaded(): Promise<void> {
  while (loading.size > 0) {
    await Promise.allSettled([...loading]);
    // A part React hydrates once its code has come may hold lazy components of its own.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
