import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPages } from '../../src/lib/web-pages.ts';

/*
 * The inline loader of a page rendered on the server (decision 024): it asks for the app's scripts once the
 * page has painted, and adds their modulepreloads a few per task, so that no task of a slow phone is spent
 * adding a page's 20–40 chunks at once. Run here against a stand-in of the browser's document and timers.
 */

const CHUNKS = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);
let dist: string;

beforeAll(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'paddock-loader-'));
  const preloads = CHUNKS.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>P</title><script type="module" crossorigin src="/assets/index.js"></script>${preloads}</head>` +
      '<body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(dist, 'assets'));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

interface Added {
  tag: string;
  rel?: string;
  type?: string;
  href?: string;
  src?: string;
}

/**
 * Runs the page's loader; returns what each task added to the head, in order, and the task after which the
 * promise it gives the app (`window.__paddockPreloads`) had settled (-1: never).
 */
async function runLoader(): Promise<{ perTask: Added[][]; settledAfter: number }> {
  const shell = webPages(dist)('/home').renderShell;
  const loader = /<script nonce="[^"]+">([^<]*requestAnimationFrame[^<]*)<\/script>/.exec(shell)?.[1];
  expect(loader).toBeDefined();
  const tasks: (() => void)[] = [];
  const perTask: Added[][] = [];
  let current: Added[] = [];
  const document = {
    createElement: (tag: string): Added => ({ tag }),
    head: { append: (element: Added) => current.push({ ...element }) },
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  const window: { __paddockPreloads?: Promise<void> } = {};
  const context = {
    document,
    window,
    requestAnimationFrame: (callback: () => void) => tasks.push(callback),
    setTimeout: (callback: () => void) => tasks.push(callback),
  };
  runInNewContext(loader!, context);
  let settled = false;
  void window.__paddockPreloads?.then(() => (settled = true));
  let settledAfter = -1;
  while (tasks.length > 0) {
    current = [];
    tasks.shift()!();
    // The promise's reactions run once the task's script has ended, as in a browser.
    await Promise.resolve();
    if (current.length > 0) perTask.push(current);
    if (settled && settledAfter < 0) settledAfter = perTask.length;
  }
  return { perTask, settledAfter };
}

describe("the loader of a page's scripts", () => {
  it('asks for the entry first, then every chunk once, in order, a few per task', async () => {
    const { perTask } = await runLoader();
    const added = perTask.flat();
    expect(added[0]).toMatchObject({ tag: 'script', type: 'module', src: '/assets/index.js' });
    expect(added.slice(1).map((element) => [element.rel, element.href])).toEqual(
      CHUNKS.map((href) => ['modulepreload', href]),
    );
    // Ten chunks take three tasks, none adding more than four links besides the entry.
    expect(perTask.map((task) => task.filter((element) => element.tag === 'link').length)).toEqual([4, 4, 2]);
  });

  it('tells the app once the last chunk has its preload, so that the route loads with nothing left to add', async () => {
    const { perTask, settledAfter } = await runLoader();
    // Settled with the third task's links, the last, and not before them.
    expect(perTask).toHaveLength(3);
    expect(settledAfter).toBe(3);
  });
});
