import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { chunkClosure, readManifest, readRoutes } from './route-chunks.mjs';

/** A path in React Router syntax as a regular expression over URL paths (a trailing slash allowed). */
function pathPattern(routePath: string): string {
  const escaped = routePath
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${escaped}/?$`;
}

/**
 * Writes dist/.vite/route-preloads.json: for each page, the chunks of its layout and page modules that
 * the entry does not already load. The server adds them to the HTML of that page as modulepreload
 * links, so they download beside the entry script instead of after it has run.
 */
export function routePreloads(): Plugin {
  let outDir = 'dist';
  return {
    name: 'paddock:route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      handler() {
        const manifest = readManifest(outDir);
        const entry = chunkClosure(manifest, ['index.html']);
        const preloads = readRoutes().map((route) => ({
          pattern: pathPattern(route.path),
          files: [...chunkClosure(manifest, route.modules)].filter((file) => !entry.has(file)),
        }));
        writeFileSync(path.join(outDir, '.vite/route-preloads.json'), JSON.stringify(preloads, null, 2));
      },
    },
  };
}
