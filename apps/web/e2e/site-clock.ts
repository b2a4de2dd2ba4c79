import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';

/*
 * The journeys' browsers keep the server's time. The server's clock starts at CLOCK_START (start-server.ts:
 * inside a race's thoughts window) and runs on from there, whatever the day the suite runs; a browser left on
 * the real day would count down to a race the server says is hours away, or call what the server stamped a
 * moment ago "5h ago".
 *
 * Only the date a page reads is moved (`Date`), as on a device whose clock is set differently: its timers and
 * `performance.now()` (a page's age, which the app's early answers go by) stay the browser's own. Playwright's
 * clock would move the date too, but replaces the timers and counts a page's age from the context's start.
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

/** In the page, before its own scripts: `Date` reads the real time moved by `shift` ms. */
function moveDate(shift: number): void {
  const RealDate = Date;
  const now = () => RealDate.now() + shift;
  function MovedDate(...args: unknown[]): Date | string {
    if (!new.target) return new RealDate(now()).toString();
    return args.length === 0 ? new RealDate(now()) : new (RealDate as new (...a: unknown[]) => Date)(...args);
  }
  MovedDate.prototype = RealDate.prototype;
  Object.assign(MovedDate, { now, parse: RealDate.parse.bind(RealDate), UTC: RealDate.UTC.bind(RealDate) });
  globalThis.Date = MovedDate as unknown as DateConstructor;
}

/** Sets the date `context`'s pages read to the server's time, running on at real speed. */
export async function keepServerTime(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript(moveDate, await serverOffset(context));
  return context;
}

/** A new browser context (its own storage) on the server's time: how every journey opens one. */
export async function newContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  return keepServerTime(await browser.newContext(options));
}
