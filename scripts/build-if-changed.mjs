#!/usr/bin/env node
/*
 * `npm start` runs this before the server (and `npm run budget`, `lighthouse` and `test:e2e` before
 * theirs): it builds the web app (browser and server bundles) only when what the build reads has changed
 * since the last build, so a restart starts at once. What it reads: the web app's sources, build
 * plugins and configuration, the contract's sources, and the lockfile (the packages' versions). The
 * fingerprint of the last build is kept in apps/web/dist-ssr/.build-fingerprint. `--force` builds anyway.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const inputs = [
  'apps/web/src',
  'apps/web/build',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
];
const outputs = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'];
// Beside the server renderer, which is never served.
const stamp = path.join(web, 'dist-ssr/.build-fingerprint');

/** Every file under `entry`, sorted, tests left out (they are not part of a build). */
function filesOf(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((d) => !/\.test\.tsx?$/.test(d.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((d) => filesOf(path.join(entry, d.name)));
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesOf)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

const current = fingerprint();
const built = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;
const complete = outputs.every((file) => existsSync(path.join(root, file)));
if (!process.argv.includes('--force') && complete && built === current) {
  console.log('web app: up to date (sources unchanged since the last build)');
  process.exit(0);
}
const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(stamp, `${current}\n`);
