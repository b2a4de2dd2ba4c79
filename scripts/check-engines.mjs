#!/usr/bin/env node
/*
 * Part of `npm run lint`: every installed package must run on the oldest Node.js the project promises
 * (`engines.node` of the root package.json, also stated in the README), so `npm install` on that
 * version prints no EBADENGINE warning and nothing breaks at run time. Reads the engines each package
 * declares, as recorded in package-lock.json.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const promised = JSON.parse(read('package.json')).engines?.node;
const minimum = promised && semver.minVersion(promised);
if (!minimum) {
  console.error('package.json must state the oldest supported Node.js in engines.node');
  process.exit(1);
}

const problems = [];
const readmeVersion = `${minimum.major}.${minimum.minor}+`;
if (!read('README.md').includes(`Node.js ${readmeVersion}`)) {
  problems.push(`README.md does not say "Node.js ${readmeVersion}" (engines.node is ${promised})`);
}
for (const [where, pkg] of Object.entries(JSON.parse(read('package-lock.json')).packages)) {
  const wanted = pkg.engines?.node;
  if (!where || !wanted || typeof wanted !== 'string') continue;
  if (!semver.satisfies(minimum, wanted)) {
    problems.push(`${where.replace(/^.*node_modules\//, '')}@${pkg.version} wants Node.js ${wanted}`);
  }
}

if (problems.length > 0) {
  console.error(`Node.js ${minimum} (engines.node ${promised}) is not supported by:`);
  for (const p of problems) console.error(`  ${p}`);
  console.error('Pin a version that supports it (package.json "overrides"), or raise engines.node and the README.');
  process.exit(1);
}
console.log(`engines: every package runs on Node.js ${minimum}`);
