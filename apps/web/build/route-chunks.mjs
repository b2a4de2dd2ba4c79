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
 * The files of these manifest keys and of everything they import statically.
 * @param {Record<string, { file: string, imports?: string[] }>} manifest
 * @param {string[]} keys
 */
export function chunkClosure(manifest, keys) {
  const files = new Set();
  const add = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest: update apps/web/build/routes.json`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const key of keys) add(key);
  return files;
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
