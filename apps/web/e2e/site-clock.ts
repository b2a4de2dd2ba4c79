import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';

/*
 * The journeys' browsers keep the server's time. The server's clock starts at CLOCK_START (start-server.ts:
 * inside a race's thoughts window) and runs on from there, whatever the day the suite runs; a browser left on
 * the real day would count down to a race the server says is hours away, or call what the server stamped a
 * moment ago "5h ago".
 */

let offsetMs: Promise<number> | undefined;

/** How far the server's clock is from this machine's, as `/api/health/` tells it (asked once per worker). */
function serverOffset(context: BrowserContext): Promise<number> {
  offsetMs ??= (async () => {
    const asked = Date.now();
    const res = await context.request.get('/api/health/');
    if (!res.ok()) throw new Error(`/api/health/ answered ${res.status()}`);
    const { time } = (await res.json()) as { time: string };
    return Date.parse(time) - (asked + Date.now()) / 2;
  })();
  return offsetMs;
}

/** Sets `context`'s clock to the server's; it runs on at real speed, timers and all. */
export async function keepServerTime(context: BrowserContext): Promise<BrowserContext> {
  await context.clock.setSystemTime(Date.now() + (await serverOffset(context)));
  return context;
}

/** A new browser context (its own storage) on the server's time: how every journey opens one. */
export async function newContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  return keepServerTime(await browser.newContext(options));
}
