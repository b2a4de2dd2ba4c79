import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { App } from './app/app.tsx';
import { routes } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';
import { parsePageState, QUERY_STATE_ELEMENT_ID } from './lib/query-state.ts';
import { RenderEnvProvider } from './lib/render-env.tsx';
import { dropExpiredSession, isSignedIn } from './lib/session.ts';
import './index.css';

declare global {
  interface Window {
    __staticRouterHydrationData?: HydrationState;
    /** Settles once the page's loader has added the modulepreloads of the route's chunks (server's web-pages.ts). */
    __paddockPreloads?: Promise<void>;
  }
}

/** The code of the routes a page rendered on the server shows, loaded before it is hydrated. */
async function loadMatchedRoutes(): Promise<void> {
  const matched = (matchRoutes(routes, window.location) ?? []).map(({ route }) => route);
  await Promise.all(
    matched.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined } satisfies Partial<RouteObject>);
    }),
  );
}

async function start(): Promise<void> {
  // A page rendered on the server requests this script once it has painted, maybe before its HTML has
  // all been read: the app starts on the whole document.
  if (document.readyState === 'loading') {
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  }
  dropExpiredSession();
  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root element');
  const hydrationData = window.__staticRouterHydrationData;
  const text = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;
  const state = text ? parsePageState(text) : null;
  // A page rendered for a signed-in reader whose session has gone since (its hint cookie outlived it) is not
  // theirs to hydrate: the browser renders the page anew, for a guest.
  if (hydrationData && state && (state.reader !== true || isSignedIn())) {
    // A page rendered on the server: its data is in the page, and React takes over its HTML.
    const { queries, timeZone, now, previewSpoilers, reader, signedInHint } = state;
    // The page's loader adds the route's modulepreloads a few per task; loaded before it has finished, the
    // route's code would have Vite's preload helper add the rest at once, one long task.
    await window.__paddockPreloads;
    await loadMatchedRoutes();
    hydrate(queryClient, queries);
    const router = createBrowserRouter(routes, { hydrationData });
    // Hydrated as a transition: React yields to the browser while it works, so a tap or a scroll on the
    // page already shown is not held up by one long task.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <RenderEnvProvider env={{ timeZone, now, previewSpoilers, reader, signedInHint }}>
            <App router={router} hydrated />
          </RenderEnvProvider>
        </StrictMode>,
      );
    });
    return;
  }
  createRoot(root).render(
    <StrictMode>
      <App router={createBrowserRouter(routes)} hydrated={false} />
    </StrictMode>,
  );
}

void start();
