import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0-2.2 A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Waits until every animation on the page that ends has ended (a dialog, a sheet or a toast entering;
 * spinners and skeletons run forever and are left running), at most two seconds: axe would otherwise
 * measure the contrast of text still fading in.
 */
export async function settled(page: Page): Promise<void> {
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

/**
 * Runs axe-core on the page once settled (an open dialog included) and fails on any violation, listing
 * each rule with the elements it found. Evaluated through the DevTools protocol, so the site's CSP,
 * which allows no inline script, does not need loosening for it.
 */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, TAGS);
  const report = violations
    .map((v) => `${v.id} (${v.help}):\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`)
    .join('\n  ');
  expect(violations, `axe-core violations on ${where}:\n  ${report}`).toEqual([]);
}
