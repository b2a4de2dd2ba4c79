import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app/app.tsx';
import { hydrateInTurns } from './components/hydrate-later.tsx';
import { preloadRoutes, routes } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';
import { pageAnswers, parsePageState, QUERY_STATE_ELEMENT_ID } from './lib/query-state.ts';
import { RenderEnvProvider } from './lib/render-env.tsx';
import { dropExpiredSession, isSignedIn } from './lib/session.ts';
import './index.css';

declare global {
  interface Window {
    /** Settles once the page's loader has added the modulepreloads of the route's chunks (server's web-pages.ts). */
    __paddockPreloads?: Promise<void>;
  }
}

/** The code of the routes the page shows, loaded before it is hydrated or rendered: drawn at once, as the server did. */
const loadMatchedRoutes = () => preloadRoutes(matchRoutes(routes, window.location) ?? []);

async function start(): Promise<void> {
  // A page rendered on the server requests this script once it has painted, maybe before its HTML has
  // all been read: the app starts on the whole document.
  if (document.readyState === 'loading') {
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  }
  dropExpiredSession();
  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root element');
  const text = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;
  const state = text ? parsePageState(text) : null;
  // A page rendered for a signed-in reader whose session has gone since (its hint cookie outlived it) is not
  // theirs to hydrate: the browser renders the page anew, for a guest.
  if (state && (state.reader !== true || isSignedIn())) {
    // A page rendered on the server: its data is in the page, and the app takes over its HTML.
    const { queries, timeZone, now, previewSpoilers, reader, signedInHint } = state;
    // The page's loader adds the route's modulepreloads a few per task; loaded before it has finished, the
    // route's code would have Vite's preload helper add the rest at once, one long task.
    await window.__paddockPreloads;
    await loadMatchedRoutes();
    hydrate(queryClient, queries);
    for (const query of queries.queries) pageAnswers.add(query.queryHash);
    hydrateInTurns(() =>
      hydrateRoot(
        root,
        <RenderEnvProvider env={{ timeZone, now, previewSpoilers, reader, signedInHint }}>
          <App hydrated />
        </RenderEnvProvider>,
      ),
    );
    return;
  }
  await loadMatchedRoutes();
  createRoot(root).render(<App hydrated={false} />);
}

void start();
