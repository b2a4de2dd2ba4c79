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

/** Runs the page's loader; returns what each task added to the head, in order. */
function runLoader(): Added[][] {
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
  const context = {
    document,
    window: {},
    requestAnimationFrame: (callback: () => void) => tasks.push(callback),
    setTimeout: (callback: () => void) => tasks.push(callback),
  };
  runInNewContext(loader!, context);
  while (tasks.length > 0) {
    current = [];
    tasks.shift()!();
    if (current.length > 0) perTask.push(current);
  }
  return perTask;
}

describe("the loader of a page's scripts", () => {
  it('asks for the entry first, then every chunk once, in order, a few per task', () => {
    const perTask = runLoader();
    const added = perTask.flat();
    expect(added[0]).toMatchObject({ tag: 'script', type: 'module', src: '/assets/index.js' });
    expect(added.slice(1).map((element) => [element.rel, element.href])).toEqual(
      CHUNKS.map((href) => ['modulepreload', href]),
    );
    // Ten chunks take three tasks, none adding more than four links besides the entry.
    expect(perTask.map((task) => task.filter((element) => element.tag === 'link').length)).toEqual([4, 4, 2]);
  });
});
