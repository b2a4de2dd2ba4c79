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
 * promise it gives the app (`window.__paddockPreloads`) had settled (-1: never). With `paints` 'told', in a browser
 * that tells its paints: also what it added before the page's first text was drawn (`beforeText`).
 */
async function runLoader(paints?: 'told'): Promise<{ perTask: Added[][]; settledAfter: number; beforeText: Added[] }> {
  const shell = webPages(dist)('/home').renderShell;
  const loader = /<script nonce="[^"]+">([^<]*requestAnimationFrame[^<]*)<\/script>/.exec(shell)?.[1];
  expect(loader).toBeDefined();
  const tasks: (() => void)[] = [];
  const later: (() => void)[] = [];
  const perTask: Added[][] = [];
  let current: Added[] = [];
  const document = {
    createElement: (tag: string): Added => ({ tag }),
    head: { append: (element: Added) => current.push({ ...element }) },
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  const window: { __paddockPreloads?: Promise<void> } = {};
  // A browser that tells its paints: a first frame with the page's boxes only, then its first text.
  const observers: ((names: string[]) => void)[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = ['paint'];
    private connected = true;
    constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }, observer: unknown) => void) {
      observers.push((names) => {
        if (this.connected) callback({ getEntriesByName: (name) => names.filter((n) => n === name) }, this);
      });
    }
    observe() {}
    disconnect() {
      this.connected = false;
    }
  }
  const context = {
    document,
    window,
    requestAnimationFrame: (callback: () => void) => tasks.push(callback),
    // A second's timer (the loader's fallback for a tab that never paints) comes after everything else.
    setTimeout: (callback: () => void, delay = 0) => (delay >= 1000 ? later : tasks).push(callback),
    ...(paints === 'told' ? { PerformanceObserver } : {}),
  };
  runInNewContext(loader!, context);
  let beforeText: Added[] = [];
  if (paints === 'told') {
    for (const observer of observers) observer(['first-paint']);
    // What the loader added before the page's text was drawn: its tasks so far, run.
    while (tasks.length > 0) {
      current = [];
      tasks.shift()!();
      beforeText = beforeText.concat(current);
    }
    for (const observer of observers) observer(['first-contentful-paint']);
  }
  let settled = false;
  void window.__paddockPreloads?.then(() => (settled = true));
  let settledAfter = -1;
  while (tasks.length > 0 || later.length > 0) {
    current = [];
    (tasks.shift() ?? later.shift())!();
    // The promise's reactions run once the task's script has ended, as in a browser.
    await Promise.resolve();
    if (current.length > 0) perTask.push(current);
    if (settled && settledAfter < 0) settledAfter = perTask.length;
  }
  return { perTask, settledAfter, beforeText };
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

  it("waits for the page's first text, not its first frame, where the browser tells its paints", async () => {
    const { perTask, beforeText } = await runLoader('told');
    // A first frame came and went: nothing was asked for before the text.
    expect(beforeText.filter((element) => element.tag === 'script')).toEqual([]);
    const added = perTask.flat();
    expect(added[0]).toMatchObject({ tag: 'script', type: 'module', src: '/assets/index.js' });
    expect(added.filter((element) => element.rel === 'modulepreload')).toHaveLength(CHUNKS.length);
  });

  it('tells the app once the last chunk has its preload, so that the route loads with nothing left to add', async () => {
    const { perTask, settledAfter } = await runLoader();
    // Settled with the third task's links, the last, and not before them.
    expect(perTask).toHaveLength(3);
    expect(settledAfter).toBe(3);
  });
});
