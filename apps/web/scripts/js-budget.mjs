#!/usr/bin/env node
/*
 * `npm run budget`: the JavaScript a first visit of each page downloads, from the build's manifest
 * (apps/web/dist/.vite/manifest.json): the entry chunk, the page's layout and page modules, and every
 * chunk they import statically, counted once, gzip level 9. Chunks a page loads later (charts, flags,
 * dialogs, forms) are not part of a first load. Fails when a page is over its budget (build/routes.json:
 * the sizes measured when this check was added, with about 2% of room, lowered as pages shrink; the
 * goal is 130 KiB for every page), or when the router gained a page the table does not list.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chunkClosure, readManifest, readRoutes, unlistedPages } from '../build/route-chunks.mjs';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = readManifest(dist);
const routes = readRoutes();
const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};

const problems = unlistedPages(manifest, routes).map((key) => `${key} is a page build/routes.json does not list`);
console.log('First-load JavaScript per page (gzip):');
for (const route of routes) {
  const files = chunkClosure(manifest, ['index.html', ...route.modules]);
  const total = [...files].reduce((sum, file) => sum + sizeOf(file), 0) / 1024;
  const over = total > route.budget;
  console.log(
    `  ${route.path.padEnd(28)} ${total.toFixed(1).padStart(6)} KiB  (budget ${route.budget})${over ? '  OVER' : ''}`,
  );
  if (over) problems.push(`${route.path} loads ${total.toFixed(1)} KiB, over its budget of ${route.budget} KiB`);
}

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
