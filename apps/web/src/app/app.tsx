import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { queryClient } from '@/lib/query-client.ts';
import { replayEarlyEvents } from '@/lib/early-events.ts';
import { isSignedIn } from '@/lib/session.ts';
import { useHydrated } from '@/hooks/use-hydrated.ts';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The app in the browser: its pages drawn for the browser's location. React Router's declarative router, not its
 * data router: the app asks for its data with TanStack Query, and a data router's code is 16 KiB (gzip) more of
 * every page's first load (decision 024). The server draws the same tree for the request's location.
 */
export function App({ hydrated }: { hydrated: boolean }) {
  useReaderRefresh(hydrated);
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}

/**
 * A page rendered on the server holds what a guest sees. Once it is hydrated, a signed-in reader's
 * queries are fetched again with their session (the page keeps showing the guest's answers meanwhile,
 * so nothing jumps while they arrive): their own review, like states, the follow button. Not those marked
 * `sameForEveryReader`, whose guest's answer is the reader's. What was tapped before the browser's values
 * have come is replayed then (lib/early-events.ts). A hook, not an element, so the tree hydrated is the tree
 * the server rendered. The document is marked `data-hydrated` once the app answers it: after the replay on
 * a hydrated page, at once on a page the browser rendered itself (one marker for tests and tools).
 */
function useReaderRefresh(hydrated: boolean): void {
  // The browser's own values (the session above all) come after hydrating, in a transition (useHydrated): taps
  // stay held until they have, so a Reply tapped meanwhile opens the reader's composer, not a guest's.
  const ready = useHydrated();
  useEffect(() => {
    if (!hydrated) {
      document.documentElement.dataset.hydrated = '';
      return;
    }
    if (!isSignedIn()) return;
    // In a task of its own: asking every query again takes a phone 15 ms or so, which here would lengthen the
    // task that commits the hydrated page (its effects run in it). It still comes before the browser is idle,
    // and so before the taps held meanwhile are replayed on the page it makes.
    const refresh = window.setTimeout(() => {
      void queryClient.invalidateQueries({ predicate: (query) => query.meta?.sameForEveryReader !== true });
    }, 0);
    return () => window.clearTimeout(refresh);
  }, [hydrated]);
  useEffect(() => {
    if (hydrated && ready) replayEarlyEvents();
  }, [hydrated, ready]);
}
