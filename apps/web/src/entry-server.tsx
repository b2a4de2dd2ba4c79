import { cookieValue } from '@paddock/contract/cookies';
import { dehydrate, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import type { VNode } from 'preact';
import { renderToString, renderToStringAsync } from 'preact-render-to-string';
import type { ReactNode } from 'react';
import { createStaticHandler, StaticRouter } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, preloadRoutes, routes, type RouteHandle } from './app/router.tsx';
import { setServerTransport } from './lib/api-client.ts';
import { queryDefaults } from './lib/query-client.ts';
import { RenderEnvProvider, TIME_ZONE_COOKIE } from './lib/render-env.tsx';
import { scriptJson, serializePageState } from './lib/query-state.ts';
import { structuredData } from './app/structured-data.ts';
import { SIDEBAR_COOKIE_NAME } from './components/ui/sidebar.tsx';
import { provideFlagUrls } from './components/country-flag.tsx';
import { headHtml, PageHeadContext, type PageHead } from './components/page-title.tsx';
import { flagUrl } from './components/flag-urls.ts';
import { SIGNED_IN_COOKIE } from './lib/session.ts';
import { previewSpoilersShown } from './lib/render-env.tsx';
import { SPOILER_SHIELD_COOKIE } from './lib/spoiler-session.ts';
import { earlyAnswersScript } from './lib/early-answers.ts';
import { homeFeedAsk } from './app/routes/home-early.ts';
import { paths } from './config/paths.ts';
import { routes as apiRoutes } from '@paddock/contract/routes';

/*
 * The server's side of the app (built by `vite build --ssr`, loaded by the API server): a public page
 * rendered as a guest sees it, with the data its queries fetched, so the browser shows the page before its
 * JavaScript runs and hydrates it without fetching again. React Router's static handler matches the request (its
 * redirects, the handles of the routes matched), and the page is drawn as the browser draws it (app.tsx): the same
 * routes under a router of the request's location.
 */

export interface RenderRequest {
  /** The page's URL: origin, path and query. */
  url: string;
  /** The request's Cookie header: only the cookies of renderCookies are read from it. */
  cookie: string;
  /** A per-request CSP nonce for the inline scripts. */
  nonce: string;
  /** The site's PREVIEW_SPOILERS (decision 033): 'off' keeps recent races' spoilers out of the page's head. */
  previewSpoilers?: 'on' | 'off';
  /** The site's time (the server's clock, which CLOCK_START moves): "3h ago" and what is recent are told by it. */
  now?: number;
  signal?: AbortSignal;
}

export type RenderResult =
  | { kind: 'page'; status: number; html: string; state: string; head: string }
  | { kind: 'redirect'; status: number; location: string }
  /** The page is not rendered on the server (a guarded page): the browser renders it. */
  | { kind: 'client' };

/**
 * On the server every enabled query suspends until it has its answer, so one render holds all of a
 * page's data, dependent queries included; one try, since the reader is waiting. A query that failed
 * stops suspending (which would throw its error to the route's boundary), so the page shows its own
 * error state, as the browser does: "not found" for a race that is not there.
 *
 * A page rendered for a signed-in reader asks only what is the same for every reader (`sameForEveryReader`,
 * the next race): the rest is theirs, which the server does not know, so those queries stay pending and the
 * page shows where each part will be, as the browser's first render of it does.
 */
function serverQueryClient({ reader }: { reader: boolean }): QueryClient {
  const client = new QueryClient({ defaultOptions: serverDefaults });
  const defaulted = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options) => {
    const o = defaulted(options);
    if (o.enabled === false) return o;
    if (reader && o.meta?.sameForEveryReader !== true) return { ...o, enabled: false };
    const failed = o.queryHash !== undefined && client.getQueryCache().get(o.queryHash)?.state.status === 'error';
    return failed ? { ...o, retry: false } : { ...o, suspense: true, retry: false };
  }) satisfies QueryClient['defaultQueryOptions'];
  return client;
}

const serverDefaults: DefaultOptions = { queries: { ...queryDefaults.queries, retry: false } };

/** Installs the transport that answers the app's API calls inside the server's process. */
export function configure(transport: typeof fetch): void {
  setServerTransport(transport);
}

// Pages carry their flags in their HTML (the browser loads the map only for flags it draws itself).
provideFlagUrls(flagUrl);

const handler = createStaticHandler(routes);

/**
 * The cookies a render reads: the sidebar's state, the reader's time zone, the signed-in hint and the spoiler
 * shield's hint. The server keeps a rendered page per their values.
 */
export const renderCookies = [SIDEBAR_COOKIE_NAME, TIME_ZONE_COOKIE, SIGNED_IN_COOKIE, SPOILER_SHIELD_COOKIE] as const;

export async function render(request: RenderRequest): Promise<RenderResult> {
  const context = await handler.query(new Request(request.url, { signal: request.signal }));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const audience = renderedFor(
    context.matches.map((m): unknown => m.route.handle),
    request.cookie,
  );
  if (audience === 'browser') return { kind: 'client' };

  const reader = audience === 'reader';
  const queryClient = serverQueryClient({ reader });
  const signedInHint = cookieValue(request.cookie, SIGNED_IN_COOKIE) === '1';
  const url = new URL(request.url);
  const env = {
    reader,
    signedInHint,
    cookie: request.cookie,
    timeZone: readerTimeZone(request.cookie),
    now: request.now ?? Date.now(),
    origin: url.origin,
    previewSpoilers: request.previewSpoilers ?? 'on',
  };
  await preloadRoutes(context.matches);
  const { html, head } = await renderPage(
    <RenderEnvProvider env={env}>
      <AppProvider queryClient={queryClient}>
        <StaticRouter location={`${url.pathname}${url.search}`}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </RenderEnvProvider>,
  );
  const dehydrated = dehydrate(queryClient, {
    // Failed queries too: the page shows their error (a race that is not there), and so must hydration.
    shouldDehydrateQuery: (query) => query.state.status !== 'pending',
  });
  const notFound = dehydrated.queries.some((q) => isNotFound(q.state.error));
  const page = context.matches.at(-1);
  const thing = structuredData(page?.route.path, page?.params ?? {}, queryClient, env.origin, (raceDate) =>
    previewSpoilersShown(env.previewSpoilers, raceDate, env.now),
  );
  const pageHead =
    (head ? headHtml(head) : '') +
    (thing ? `<script type="application/ld+json" nonce="${request.nonce}">${scriptJson(thing)}</script>` : '') +
    // A reader's page asks who they are as it is read, not once its code has come (lib/early-answers.ts).
    (reader
      ? `<script nonce="${request.nonce}">${earlyAnswersScript({
          paths: [apiRoutes.getMe.path],
          ...(page?.route.path === paths.home.path ? { feed: homeFeedAsk } : {}),
        })}</script>`
      : '');
  return {
    kind: 'page',
    status: notFound ? 404 : context.statusCode,
    html,
    state: serializePageState({
      queries: dehydrated,
      timeZone: env.timeZone,
      now: env.now,
      previewSpoilers: env.previewSpoilers,
      ...(reader ? { reader } : {}),
      ...(signedInHint ? { signedInHint } : {}),
    }),
    head: pageHead,
  };
}

/**
 * Whom a page is rendered for, from its routes' handles and two hint cookies written beside the stored
 * session (lib/session.ts, theme-init.js, lib/spoiler-session.ts), never credentials:
 * - 'reader': the reader's own pages (`clientOnly`) and a page whose signed-in version is another page
 *   (`guestVersion`: Home's feeds instead of its welcome), when the `signed_in` cookie says a session is
 *   stored. They are rendered as that reader sees them while their data loads, with none of it.
 * - 'browser': the reader's own pages for a visitor with no session (the browser sends them to sign in),
 *   and pages that can carry a race's spoilers (`spoilers`: the race, a review, a season) when the
 *   `spoiler_shield` cookie also says the reader's shield is on (decision 033): a guest's render would show
 *   them what their shield withholds.
 * - 'guest': every other page, rendered with its data as a guest sees it.
 */
function renderedFor(handles: unknown[], cookie: string): 'guest' | 'reader' | 'browser' {
  const flags = handles.map((h) => (h ?? {}) as RouteHandle);
  const signedIn = cookieValue(cookie, SIGNED_IN_COOKIE) === '1';
  const shielded = signedIn && cookieValue(cookie, SPOILER_SHIELD_COOKIE) === '1';
  if (flags.some((f) => f.spoilers === true) && shielded) return 'browser';
  const readers = flags.some((f) => f.clientOnly === true || f.guestVersion === true);
  if (readers && signedIn) return 'reader';
  return flags.some((f) => f.clientOnly === true) ? 'browser' : 'guest';
}

/** The reader's time zone from the `tz` cookie (build/theme-init.js writes it), if it is one; else UTC. */
function readerTimeZone(cookie: string): string {
  const zone = cookieValue(cookie, TIME_ZONE_COOKIE);
  if (!zone) return 'UTC';
  try {
    const name = decodeURIComponent(zone);
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}

/**
 * The whole page once every suspended part has its data and code, and its head (PageTitle's, the last drawn), in
 * two passes: the first waits for them, the second draws the page in one go with all of them at hand, so the ids
 * `useId` gives are the browser's (Preact counts them in drawing order, and a part drawn again after suspending
 * counted again). Should the second pass meet something still to come, the first's page stands.
 */
async function renderPage(page: ReactNode): Promise<{ html: string; head: PageHead | undefined }> {
  const pass = () => {
    const heads: PageHead[] = [];
    const element = (
      <PageHeadContext value={{ collect: (head) => heads.push(head) }}>{page}</PageHeadContext>
    ) as unknown as VNode;
    return { element, head: () => heads.at(-1) };
  };
  const first = pass();
  const firstHtml = await renderToStringAsync(first.element);
  const second = pass();
  try {
    return { html: renderToString(second.element), head: second.head() };
  } catch {
    return { html: firstHtml, head: first.head() };
  }
}
