import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

/** The two screens every screen is shot on. */
export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/** Where the journeys save their screenshots, for a person to look at (light and dark, desktop and phone). */
const outDir = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/**
 * Waits until every animation on the page that ends has ended (a dialog, a sheet or a toast entering;
 * spinners and skeletons run forever and are left running), at most two seconds: axe would otherwise
 * measure the contrast of text still fading in.
 */
async function settled(page: Page): Promise<void> {
  // Two frames first: an animation started by the last click or render is listed by then.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
}

/** Saves a screenshot of the page as it is once settled, and checks it with axe-core. */
export async function shot(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: false });
  await expectNoAxeViolations(page, name);
}
