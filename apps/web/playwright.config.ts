import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8123);
const repoRoot = path.resolve(import.meta.dirname, '../..');
// The server's fresh data directory, chosen here so the journeys can run the site's own command-line
// tools against it (granting staff); the server removes it when it stops. Workers inherit it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'paddock-e2e-'));

/**
 * Journeys in the system Chromium against the real server serving the built web app
 * (the root `npm run test:e2e` builds it first).
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(repoRoot, 'test-results/e2e'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        // The headless browser's own omnibox, drawn as a web page in a renderer of its own ("WebUI Top
        // Renderer"), worked 1.6-1.9 s of main thread while a page loaded, on two cores shared with the pages and
        // the server; without it the journeys run about 8% faster.
        '--disable-features=WebUIOmniboxAimPopup,WebUIOmniboxPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI',
      ],
    },
  },
  webServer: {
    // Run directly (no npx wrapper) so the script itself receives the shutdown signal and cleans up.
    command: 'node --import tsx e2e/start-server.ts',
    cwd: import.meta.dirname,
    url: `http://localhost:${PORT}/api/health/`,
    // The journeys read the bundled data as it is: the server fetches no results from Jolpica meanwhile.
    env: { E2E_PORT: String(PORT), E2E_DATA_DIR: process.env.E2E_DATA_DIR, RESULTS_SYNC: 'off' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
