import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { inRecentSpoilerWindow } from '@paddock/contract/spoilers';
import { HydratedContext, useHydrated } from '@/hooks/use-hydrated.ts';
import { whenIdle } from './idle.ts';
import { whenLazyCodeLoaded } from './lazy.ts';
import { siteNow } from './site-clock.ts';

/*
 * What a page rendered on the server was rendered with, where the browser would otherwise read its
 * own: the request's cookies (the sidebar's open state), the reader's time zone (from the `tz` cookie
 * theme-init writes; UTC on a first visit) and the time of the render. The browser hydrates with the
 * same values (carried in the page), then uses its own, so hydration never meets other text.
 */

export interface RenderEnv {
  /** The request's Cookie header; only on the server. */
  cookie?: string;
  timeZone: string;
  now: number;
  /** The site's origin for absolute links (canonical, og:url); only on the server. */
  origin?: string;
  /**
   * The site's PREVIEW_SPOILERS (decision 033): 'off' keeps the spoilers of races within the recent window out
   * of a page's description and JSON-LD. Carried in the page, so hydration writes the same head.
   */
  previewSpoilers?: 'on' | 'off';
  /**
   * Rendered for a signed-in reader (the `signed_in` hint on their Home or their own pages): the page as they
   * see it while their data loads, with none of it, since the server never knows who reads. Carried in the
   * page, so hydration renders signed in too and their data fills the same places.
   */
  reader?: boolean;
  /**
   * The `signed_in` hint the page was rendered with: a guest's page for a reader who is likely signed in, so
   * what their session adds (a Follow button) can have its place from the start (`useLikelySignedIn`).
   */
  signedInHint?: boolean;
}

/** The cookie build/theme-init.js writes with the reader's time zone (an IANA name, URI-encoded). */
export const TIME_ZONE_COOKIE = 'tz';

const RenderEnvContext = createContext<RenderEnv | null>(null);

/**
 * The render's values, for the server's render and the browser's hydration of it; and useHydrated's answer:
 * false until the page is hydrated, then true, once the browser is idle, so what the browser's own values change
 * (the session, the time zone, a phone's layout) is drawn after the page has been taken over, not in the same
 * long task. The wait for the idle moment ends with the provider.
 */
export function RenderEnvProvider({ env, children }: { env: RenderEnv; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(
    () =>
      // Once the parts of the page hydrated after the rest (components/hydrate-later.tsx, and those whose code is
      // loaded lazily) have been: the browser's values drawn into a part not hydrated yet would draw it anew.
      whenIdle(() => {
        void whenLazyCodeLoaded().then(() => setHydrated(true));
      }),
    [],
  );
  return (
    <RenderEnvContext value={env}>
      <HydratedContext value={hydrated}>{children}</HydratedContext>
    </RenderEnvContext>
  );
}

/** The page's cookies: the request's on the server, the document's in the browser. */
export function useCookies(): string {
  const env = useContext(RenderEnvContext);
  return env?.cookie ?? document.cookie;
}

/** Whether the page was rendered for a signed-in reader whose data is still to come (RenderEnv.reader). */
export function useRenderedForReader(): boolean {
  return useContext(RenderEnvContext)?.reader === true;
}

/**
 * Whether the reader is, or is likely to be, signed in: until hydrated, the hint the page was rendered with;
 * then the stored session. For layout only, never for what is shown: a place kept for what a session adds.
 */
export function useLikelySignedIn(signedIn: boolean): boolean {
  const hint = useContext(RenderEnvContext)?.signedInHint === true;
  return useHydrated() ? signedIn : signedIn || hint;
}

/** The site's origin: the server's public URL on the server, the page's in the browser. */
export function useOrigin(): string {
  const env = useContext(RenderEnvContext);
  return env?.origin ?? window.location.origin;
}

/** The time zone to show times in: the render's until hydrated, then the reader's own (undefined). */
export function useTimeZone(): string | undefined {
  const env = useContext(RenderEnvContext);
  return useHydrated() || !env ? undefined : env.timeZone;
}

/**
 * Whether a page's description (what link previews show) may carry the result, ratings and review texts of
 * the race that started at `raceDate`: always, unless the site's PREVIEW_SPOILERS is 'off' and the race is
 * within the recent window (decision 033).
 */
export function usePreviewSpoilers(raceDate: string): boolean {
  const env = useContext(RenderEnvContext);
  return previewSpoilersShown(env?.previewSpoilers, raceDate, useRenderNow());
}

/** The rule of usePreviewSpoilers, for what is written outside React (the JSON-LD of entry-server.tsx). */
export function previewSpoilersShown(setting: 'on' | 'off' | undefined, raceDate: string, now: number): boolean {
  return setting !== 'off' || !inRecentSpoilerWindow(Date.parse(raceDate), now);
}

/** Now, for "3h ago" and ages: the render's time until hydrated, then the site's time (site-clock.ts) when mounted. */
export function useRenderNow(): number {
  const env = useContext(RenderEnvContext);
  const [mountedAt] = useState(siteNow);
  return useHydrated() || !env ? mountedAt : env.now;
}
