import { useEffect } from 'react';
import { UNSAFE_createBrowserHistory, unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { queryClient } from '@/lib/query-client.ts';
import { pageAnswers } from '@/lib/query-state.ts';
import { replayEarlyEvents } from '@/lib/early-events.ts';
import { isSignedIn } from '@/lib/session.ts';
import { useHydrated } from '@/hooks/use-hydrated.ts';
import { AppProvider } from './provider.tsx';
import { AppRoutes, historyLoadingPages, routes } from './router.tsx';

/** The browser's history, told to the router once the code of the page a move leads to has come (router.tsx). */
const history = historyLoadingPages(UNSAFE_createBrowserHistory({ v5Compat: true }), routes);

/**
 * The app in the browser: its pages drawn for the browser's location. React Router's declarative router (over the
 * browser's history, as BrowserRouter's, heard through `historyLoadingPages`), not its data router: the app asks for
 * its data with TanStack Query, and a data router's code is 16 KiB (gzip) more of every page's first load (decision
 * 024). The server draws the same tree for the request's location.
 */
export function App({ hydrated }: { hydrated: boolean }) {
  useReaderRefresh(hydrated);
  return (
    <AppProvider>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </AppProvider>
  );
}

/**
 * A page rendered on the server holds what a guest sees. Once it is hydrated and the browser's own values have
 * come (useHydrated: every part hydrated in turns has been, so none is hydrated with answers the server did not
 * draw it with), a signed-in reader's queries among those the page carried are fetched again with their session
 * (the page keeps showing the guest's answers meanwhile, so nothing jumps while they arrive): their own review,
 * like states, the follow button. Not those marked `sameForEveryReader`, whose guest's answer is the reader's.
 * Then what was tapped meanwhile is replayed (lib/early-events.ts), on the page those answers make. A hook, not
 * an element, so the tree hydrated is the tree the server rendered. The document is marked `data-hydrated` once
 * the app answers it: after the replay on a hydrated page, at once on a page the browser rendered itself (one
 * marker for tests and tools).
 */
function useReaderRefresh(hydrated: boolean): void {
  const ready = useHydrated();
  useEffect(() => {
    if (!hydrated) {
      document.documentElement.dataset.hydrated = '';
      return;
    }
    if (!ready) return;
    // In a task of its own: asking the queries again takes a phone 15 ms or so, which would lengthen the task
    // that draws the browser's values. The replay follows it, so it waits for the answers asked for.
    const refresh = window.setTimeout(() => {
      if (isSignedIn()) {
        void queryClient.invalidateQueries({
          predicate: (query) => pageAnswers.has(query.queryHash) && query.meta?.sameForEveryReader !== true,
        });
      }
      replayEarlyEvents();
    }, 0);
    return () => window.clearTimeout(refresh);
  }, [hydrated, ready]);
}
