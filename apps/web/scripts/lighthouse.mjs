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
 * LIGHTHOUSE_MIN_PERFORMANCE / LIGHTHOUSE_MIN_SCORE (exit 1 below them; default: report only).
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
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

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
    { name: 'season', path: '/season-overview?season=2021', signedInOnly: true },
    { name: 'search', path: '/search?q=monza' },
    { name: 'profile', path: '/profile', signedInOnly: true },
  ];
  if (review) pages.push({ name: 'review', path: `/review/${review.id}` });
  return pages.filter((p) => !onlyPages || onlyPages.includes(p.name));
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
    const stamp = Date.now().toString(36);
    const tokens = await api('POST', '/auth/register/', {
      username: `lighthouse_${stamp}`,
      email: `lighthouse_${stamp}@example.com`,
      password: `Quiet-Pit-Window-${Math.random().toString(36).slice(2)}`,
      name: 'Lighthouse Reader',
    });
    const pages = await pagesToScore();
    const rows = [];
    const failing = {};
    for (const signedIn of [false, true]) {
      for (const page of pages) {
        if ((signedIn && page.guestOnly) || (!signedIn && page.signedInOnly)) continue;
        for (const mode of modes) {
          const tab = await browser.newPage();
          // A first visit: nothing cached. Signed in: the stored tokens, as after signing in.
          const cdp = await tab.createCDPSession();
          await cdp.send('Network.clearBrowserCache');
          await tab.goto(`${origin}/favicon.svg`);
          await tab.evaluate(
            (t, on) => {
              localStorage.clear();
              if (on) {
                localStorage.setItem('access', t.access);
                localStorage.setItem('refresh', t.refresh);
              }
            },
            tokens,
            signedIn,
          );
          const result = await lighthouse(
            `${origin}${page.path}`,
            { output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true },
            mode === 'desktop' ? desktopConfig : undefined,
            tab,
          );
          await tab.close();
          const lhr = result.lhr;
          const scores = Object.fromEntries(
            CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
          );
          const who = signedIn ? 'signed in' : 'guest';
          rows.push({
            page: page.name,
            who,
            mode,
            ...scores,
            lcp: lhr.audits['largest-contentful-paint']?.displayValue,
          });
          failing[`${page.name} ${who} ${mode}`] = Object.values(lhr.audits)
            .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
            .map((a) => `${a.id}: ${a.displayValue ?? a.title}`);
          console.log(
            `${page.name.padEnd(9)} ${who.padEnd(10)} ${mode.padEnd(8)} perf ${String(scores.performance).padStart(3)}  a11y ${String(scores.accessibility).padStart(3)}  best ${String(scores['best-practices']).padStart(3)}  seo ${String(scores.seo).padStart(3)}  LCP ${rows.at(-1).lcp}`,
          );
        }
      }
    }
    const outDir = path.join(repoRoot, 'test-results/lighthouse');
    mkdirSync(outDir, { recursive: true });
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
