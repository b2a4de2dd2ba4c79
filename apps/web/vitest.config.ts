import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject, type Plugin } from 'vitest/config';
import { preactAliases, reactPluginOptions } from './build/preact.ts';
import { tailwindMergeConfig } from './build/tailwind-merge-config.ts';

/**
 * The libraries that import React, run through Vite with the app so that their `react` is Preact too
 * (build/preact.ts): a library Node loads itself would import React's own packages.
 */
const withTheApp = [
  /\/node_modules\/preact/,
  /\/node_modules\/react/,
  /\/node_modules\/@radix-ui\//,
  /\/node_modules\/radix-ui\//,
  /\/node_modules\/@tanstack\//,
  /\/node_modules\/@testing-library\//,
  /\/node_modules\/@hookform\//,
  /\/node_modules\/@floating-ui\//,
  /\/node_modules\/sonner\//,
  /\/node_modules\/cmdk\//,
  /\/node_modules\/lucide-react\//,
  /\/node_modules\/recharts\//,
  /\/node_modules\/use-/,
  /\/node_modules\/aria-hidden\//,
];

/**
 * recharts' store reads `use-sync-external-store/with-selector`, a CommonJS module whose `require('react')` no
 * alias reaches: it is served as an ES module importing Preact's React.
 */
function selectorStoreAsModule(): Plugin {
  const id = '\0use-sync-external-store-with-selector';
  return {
    name: 'paddock:use-sync-external-store-with-selector',
    enforce: 'pre',
    resolveId: (source) => (/^use-sync-external-store\/(shim\/)?with-selector(\.js)?$/.test(source) ? id : null),
    load(loaded) {
      if (loaded !== id) return null;
      const entry = createRequire(import.meta.url).resolve('use-sync-external-store/with-selector');
      const source = readFileSync(
        path.join(path.dirname(entry), 'cjs/use-sync-external-store-with-selector.production.js'),
        'utf8',
      );
      return [
        "import * as React from 'react';",
        'const module = { exports: {} }; const exports = module.exports; const require = () => React;',
        source,
        'export const { useSyncExternalStoreWithSelector } = module.exports;',
      ].join('\n');
    },
  };
}

export default defineProject({
  plugins: [selectorStoreAsModule(), react(reactPluginOptions), tailwindMergeConfig()],
  resolve: {
    alias: [...preactAliases, { find: '@', replacement: path.resolve(import.meta.dirname, 'src') }],
    // The libraries' ES modules, as the browser's build takes them (their CommonJS builds require React's).
    mainFields: ['module', 'main'],
    conditions: ['module', 'browser', 'development|production'],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    server: { deps: { inline: withTheApp } },
    // Preact's components and the libraries above are transformed by Vite on their first import in a run.
    testTimeout: 15_000,
    // The files of a worker share one window and the loaded modules instead of building a fresh DOM and
    // importing Preact, the router and the app again for each (about 100 → 42 s here). The setup file puts
    // back what a file may change (stubs, the time zone, the document) when it ends.
    isolate: false,
  },
});
