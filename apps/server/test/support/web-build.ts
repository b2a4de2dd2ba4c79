import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * The web app's server renderer (entry-server.tsx) built by Vite into a temporary folder beside a minimal
 * built page, as `npm run build` lays them out: for tests of pages rendered on the server (decision 024).
 */

const webRoot = path.resolve(import.meta.dirname, '../../../web');

/** The minimal built page: a description, a title, theme-init, the entry script and one modulepreload. */
export const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="site" />' +
  '<title>Paddock</title><script src="/assets/theme-init-Ab12.js"></script>' +
  '<script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react.js"></head>' +
  '<body><div id="root"><p>brand</p></div></body></html>';

export interface WebBuild {
  /** The folder to give the app as WEB_DIST. */
  dist: string;
  remove(): void;
}

/** Builds the renderer (some tens of seconds): call it from a beforeAll with a long timeout. */
export function buildWebRenderer(): WebBuild {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'paddock-ssr-'));
  mkdirSync(path.join(folder, 'dist'));
  writeFileSync(path.join(folder, 'dist', 'index.html'), SHELL);
  mkdirSync(path.join(folder, 'dist', 'assets'));
  writeFileSync(
    path.join(folder, 'dist', 'assets', 'theme-init-Ab12.js'),
    'document.documentElement.dataset.themed = "1";',
  );
  execFileSync(
    process.execPath,
    [
      path.resolve(webRoot, '../../node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      path.join(folder, 'dist-ssr'),
      '--logLevel',
      'error',
    ],
    // Built as `npm run build` builds it (Vitest sets NODE_ENV=test, which would pick React's dev JSX).
    { cwd: webRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  return { dist: path.join(folder, 'dist'), remove: () => rmSync(folder, { recursive: true, force: true }) };
}
