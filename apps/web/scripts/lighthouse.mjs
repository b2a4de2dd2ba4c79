#!/usr/bin/env node
/*
 * `npm run lighthouse`: Lighthouse (the npm package, driving the system Chromium) on every page of the
 * built site, as a guest and signed in, in Lighthouse's default mobile mode and its desktop preset.
 *
 * It starts the real server on a fresh temporary data directory (F1 data and the demo community loaded
 * as on a first `npm start`), registers an account for the signed-in runs, and prints a table of the
 * four category scores per page. Every run starts from an empty HTTP cache, as a first visit does. The
 * reports' failing audits are written to test-results/lighthouse/summary.json.
 *
 * Settings: CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE_PORT (default 8124),
 * LIGHTHOUSE_PAGES (comma-separated page names to run only those), LIGHTHOUSE_MODES (mobile,desktop),
 * LIGHTHOUSE_WHO (guest,signed-in: who reads the pages),
 * LIGHTHOUSE_RUNS (runs per page, default 3; the table shows each figure's median),
 * LIGHTHOUSE_MIN_PERFORMANCE / LIGHTHOUSE_MIN_SCORE (exit 1 below them; default: report only).
 * Each run's full report is written beside the summary (test-results/lighthouse/<page>-<who>-<mode>-<n>.json).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 8124);
const origin = `http://localhost:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const modes = (process.env.LIGHTHOUSE_MODES ?? 'mobile,desktop').split(',');
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const readers = (process.env.LIGHTHOUSE_WHO ?? 'guest,signed-in').split(',');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
};
const outDir = path.join(repoRoot, 'test-results/lighthouse');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-lighthouse-'));
  const server = spawn('npm', ['run', 'start', '--workspace', '@paddock/server'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT: '100000',
      LOGIN_IP_RATE_LIMIT: '100000',
      RESULTS_SYNC: 'off',
    },
  });
  const stop = () => {
    try {
      if (server.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { stop };
}

async function api(method, url, body, token) {
  const res = await fetch(`${origin}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function waitForServer() {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${origin}/api/health/`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start within 2 minutes');
}

/** The pages to score, with real ids from the loaded data. */
async function pagesToScore() {
  const season = await api('GET', '/f1/races/?season=2021');
  const abuDhabi = season.results.at(-1);
  const [review] = await api('GET', '/core/reviews/popular/?limit=1');
  const pages = [
    { name: 'home', path: '/home' },
    { name: 'login', path: '/login', guestOnly: true },
    { name: 'register', path: '/register', guestOnly: true },
    { name: 'race', path: `/race/${abuDhabi.id}` },
    { name: 'driver', path: '/driver/max-verstappen' },
    { name: 'team', path: '/team/red-bull' },
    { name: 'season', path: '/season-overview?season=2021' },
    { name: 'member', path: '/profile/demo_lena' },
    { name: 'search', path: '/search?q=monza' },
    { name: 'profile', path: '/profile', signedInOnly: true },
  ];
  if (review) pages.push({ name: 'review', path: `/review/${review.id}` });
  return pages.filter((p) => !onlyPages || onlyPages.includes(p.name));
}

/**
 * One Lighthouse run from an empty HTTP cache, as a first visit; signed in: the stored tokens and the
 * signed_in hint, as after signing in. A run Lighthouse itself could not record (its runtimeError, such as NO_NAVSTART) is run again.
 */
async function audit(browser, url, mode, tokens, attempt = 1) {
  const tab = await browser.newPage();
  const cdp = await tab.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await tab.goto(`${origin}/favicon.svg`);
  await tab.evaluate((t) => {
    localStorage.clear();
    // The hint the app writes beside a stored session (lib/session.ts): a signed-in Home is the browser's.
    globalThis.document.cookie = t ? 'signed_in=1; path=/' : 'signed_in=; path=/; max-age=0';
    if (t) {
      localStorage.setItem('access', t.access);
      localStorage.setItem('refresh', t.refresh);
    }
  }, tokens);
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true },
    mode === 'desktop' ? desktopConfig : undefined,
    tab,
  );
  await tab.close();
  if (result.lhr.runtimeError && attempt < 3) return audit(browser, url, mode, tokens, attempt + 1);
  return result.lhr;
}

async function main() {
  const server = startServer();
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  try {
    await waitForServer();
    mkdirSync(outDir, { recursive: true });
    const stamp = Date.now().toString(36);
    const reader = {
      username: `lighthouse_${stamp}`,
      password: `Quiet-Pit-Window-${Math.random().toString(36).slice(2)}`,
    };
    await api('POST', '/auth/register/', {
      ...reader,
      email: `${reader.username}@example.com`,
      name: 'Lighthouse Reader',
    });
    // Each signed-in run signs in afresh: a page may rotate the refresh token it was given, and a later run
    // handed the old one would be signed out halfway (measuring a sign-out, not the page).
    const signIn = () => api('POST', '/auth/login/', reader);
    const pages = await pagesToScore();
    const rows = [];
    const failing = {};
    for (const signedIn of [false, true].filter((s) => readers.includes(s ? 'signed-in' : 'guest'))) {
      for (const page of pages) {
        if ((signedIn && page.guestOnly) || (!signedIn && page.signedInOnly)) continue;
        for (const mode of modes) {
          const who = signedIn ? 'signed in' : 'guest';
          const results = [];
          for (let run = 1; run <= runs; run += 1) {
            const lhr = await audit(browser, `${origin}${page.path}`, mode, signedIn ? await signIn() : null);
            writeFileSync(
              path.join(outDir, `${page.name}-${signedIn ? 'member' : 'guest'}-${mode}-${run}.json`),
              JSON.stringify(lhr),
            );
            results.push(lhr);
            failing[`${page.name} ${who} ${mode} #${run}`] = Object.values(lhr.audits)
              .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
              .map((a) => `${a.id}: ${a.displayValue ?? a.title}`);
          }
          const row = { page: page.name, who, mode };
          for (const c of CATEGORIES)
            row[c] = median(results.map((r) => Math.round((r.categories[c]?.score ?? 0) * 100)));
          for (const [key, id] of Object.entries(METRICS))
            row[key] = median(results.map((r) => r.audits[id]?.numericValue ?? NaN));
          rows.push(row);
          console.log(
            `${page.name.padEnd(9)} ${who.padEnd(10)} ${mode.padEnd(8)} perf ${String(row.performance).padStart(3)}  a11y ${String(row.accessibility).padStart(3)}  best ${String(row['best-practices']).padStart(3)}  seo ${String(row.seo).padStart(3)}  FCP ${(row.fcp / 1000).toFixed(2)} s  LCP ${(row.lcp / 1000).toFixed(2)} s  TBT ${Math.round(row.tbt)} ms  CLS ${row.cls.toFixed(3)}  (benchmark index ${results.map((r) => Math.round(r.environment?.benchmarkIndex ?? NaN)).join(', ')})`,
          );
        }
      }
    }
    writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify({ rows, failing }, null, 2));
    console.log(`failing audits per run: ${path.relative(repoRoot, path.join(outDir, 'summary.json'))}`);

    const minPerf = Number(process.env.LIGHTHOUSE_MIN_PERFORMANCE ?? 0);
    const minScore = Number(process.env.LIGHTHOUSE_MIN_SCORE ?? 0);
    const below = rows.filter(
      (r) =>
        r.performance < minPerf || r.accessibility < minScore || r['best-practices'] < minScore || r.seo < minScore,
    );
    if (below.length > 0) {
      console.error(`${below.length} run(s) below the minimum scores`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
