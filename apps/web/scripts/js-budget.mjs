#!/usr/bin/env node
/*
 * `npm run budget`: the JavaScript a first visit of each route downloads, from the build's manifest
 * (apps/web/dist/.vite/manifest.json): the entry chunk, the route's layout and page modules, and every
 * chunk they import statically, counted once, gzip level 9. Chunks a page loads later (charts, flags,
 * dialogs, forms) are not part of a first load. Fails when a route is over its budget, or when the
 * router gained a page this table does not list.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const KiB = 1024;

const shell = 'src/app/layouts/app-shell.tsx';
const auth = 'src/app/layouts/auth-layout.tsx';
/**
 * Each route's layout and page modules, and its budget in KiB (gzip). The budgets are the sizes measured
 * when this check was added, with about 2% of room, so no route grows unnoticed; lower them as routes
 * shrink (the goal is 130 KiB for every route).
 */
const ROUTES = {
  '/home': { modules: [shell, 'src/app/routes/home.tsx'], budget: 238 },
  '/login': { modules: [auth, 'src/features/auth/routes/login.tsx'], budget: 205 },
  '/register': { modules: [auth, 'src/features/auth/routes/register.tsx'], budget: 205 },
  '/forgot-password': { modules: [auth, 'src/features/auth/routes/forgot-password.tsx'], budget: 202 },
  '/reset-password/…': { modules: [auth, 'src/features/auth/routes/reset-password.tsx'], budget: 202 },
  '/race/…': { modules: [shell, 'src/app/routes/race.tsx'], budget: 239 },
  '/team/…': { modules: [shell, 'src/features/teams/routes/team.tsx'], budget: 217 },
  '/driver/…': { modules: [shell, 'src/features/drivers/routes/driver.tsx'], budget: 224 },
  '/review/…': { modules: [shell, 'src/features/reviews/routes/review.tsx'], budget: 274 },
  '/watchlist/…': { modules: [shell, 'src/features/watchlists/routes/shared-watchlist.tsx'], budget: 212 },
  '/search': { modules: [shell, 'src/features/search/routes/search.tsx'], budget: 214 },
  '/profile': { modules: [shell, 'src/app/routes/own-profile.tsx'], budget: 279 },
  '/profile/…': { modules: [shell, 'src/app/routes/user-profile.tsx'], budget: 233 },
  '/watchlists': { modules: [shell, 'src/features/watchlists/routes/watchlists.tsx'], budget: 212 },
  '/season-overview': { modules: [shell, 'src/features/seasons/routes/season-overview.tsx'], budget: 225 },
};

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};
function addWithImports(key, into) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest: update ROUTES in ${import.meta.filename}`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) addWithImports(imported, into);
}

const problems = [];
const listed = new Set(Object.values(ROUTES).flatMap((r) => r.modules));
for (const key of Object.keys(manifest)) {
  if (manifest[key].isDynamicEntry && /\/routes\/[^/]+\.tsx$/.test(key) && !listed.has(key)) {
    problems.push(`${key} is a page the table does not list`);
  }
}

console.log('First-load JavaScript per route (gzip):');
for (const [route, { modules, budget }] of Object.entries(ROUTES)) {
  const files = new Set();
  addWithImports('index.html', files);
  for (const key of modules) addWithImports(key, files);
  const total = [...files].reduce((sum, file) => sum + sizeOf(file), 0) / KiB;
  const over = total > budget;
  console.log(`  ${route.padEnd(20)} ${total.toFixed(1).padStart(6)} KiB  (budget ${budget})${over ? '  OVER' : ''}`);
  if (over) problems.push(`${route} loads ${total.toFixed(1)} KiB, over its budget of ${budget} KiB`);
}

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
