import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, settled } from './axe.ts';

/** The two screens every screen is shot on. */
export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/**
 * A device's browser settings besides its size, for steady screenshots: a phone has a finger for a pointer
 * (which is what shows the floating Add review button), and motion is reduced.
 */
export function deviceSettings(device: keyof typeof viewports) {
  return { ...(device === 'mobile' ? { isMobile: true, hasTouch: true } : {}), reducedMotion: 'reduce' as const };
}

/** Where the journeys save their screenshots, for a person to look at (light and dark, desktop and phone). */
const outDir = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/** Nothing on the page is wider than the window (a phone must not scroll sideways). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Brings a section to the top of the page, 16 px below the sticky header (whatever its height). */
export async function scrollToTop(locator: Locator): Promise<void> {
  await locator.evaluate((element) => {
    const sticky = [...document.querySelectorAll('header')].find((h) => getComputedStyle(h).position === 'sticky');
    window.scrollBy(0, element.getBoundingClientRect().top - (sticky?.getBoundingClientRect().bottom ?? 0) - 16);
  });
}

/** Saves a screenshot of the page as it is once settled, and checks it with axe-core. */
export async function shot(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: false });
  await expectNoAxeViolations(page, name);
}
