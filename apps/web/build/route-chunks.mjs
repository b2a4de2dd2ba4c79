/*
 * The chunks each page of the build needs on a first visit, from Vite's manifest and build/routes.json.
 * Shared by the build (route preloads for the server) and scripts/js-budget.mjs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** @typedef {{ path: string, modules: string[], budget: number }} RouteEntry */

/** @returns {RouteEntry[]} */
export function readRoutes() {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, 'routes.json'), 'utf8')).routes;
}

/** @param {string} dist */
export function readManifest(dist) {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
}

/**
 * Every node the roots lead to through `next`, the roots included: a module graph's or a build's chunks.
 * @param {Iterable<string>} roots
 * @param {(node: string) => readonly string[]} next
 */
export function reachable(roots, next) {
  const seen = new Set();
  const queue = [...roots];
  for (let node = queue.pop(); node !== undefined; node = queue.pop()) {
    if (seen.has(node)) continue;
    seen.add(node);
    queue.push(...next(node));
  }
  return seen;
}

/**
 * The files of these manifest keys and of everything they import statically.
 * @param {Record<string, { file: string, imports?: string[] }>} manifest
 * @param {string[]} keys
 */
export function chunkClosure(manifest, keys) {
  const chunk = (key) => {
    const found = manifest[key];
    if (!found) throw new Error(`${key} is not in the build's manifest: update apps/web/build/routes.json`);
    return found;
  };
  return new Set([...reachable(keys, (key) => chunk(key).imports ?? [])].map((key) => chunk(key).file));
}

/**
 * Pages the router loads lazily that routes.json does not list.
 * @param {Record<string, { isDynamicEntry?: boolean }>} manifest
 * @param {RouteEntry[]} routes
 */
export function unlistedPages(manifest, routes) {
  const listed = new Set(routes.flatMap((r) => r.modules));
  return Object.keys(manifest).filter(
    (key) => manifest[key].isDynamicEntry && /\/routes\/[^/]+\.tsx$/.test(key) && !listed.has(key),
  );
}
