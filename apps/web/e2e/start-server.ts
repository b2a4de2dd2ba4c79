/**
 * Starts the real server for the Playwright run on a fresh, temporary data directory, and removes
 * that directory when Playwright stops the server.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'paddock-e2e-'));

const server = spawn('npm', ['run', 'start', '--workspace', '@paddock/server'], {
  cwd: repoRoot,
  stdio: 'inherit',
  // Its own process group, so stopping it reaches npm, tsx and node alike.
  detached: true,
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '8123',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // Every journey registers its own accounts and browses from one address: the per-IP limits meant
    // for the public would stop the suite, not protect it.
    REGISTER_RATE_LIMIT: '1000',
    API_RATE_LIMIT: '100000',
    // Four hours before the 2026 Qatar Grand Prix: its race thoughts are open (from a day before the start
    // until two days after), so the live thoughts journey runs whatever the day. Every other journey reads
    // the clock through the API (next race, active thoughts) rather than assuming a date.
    CLOCK_START: '2026-11-29T12:00:00Z',
  },
});

function stop(signal: NodeJS.Signals) {
  if (server.pid !== undefined && server.exitCode === null) {
    try {
      process.kill(-server.pid, signal);
    } catch {
      // already gone
    }
  }
}

process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('exit', () => stop('SIGTERM'));

server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
