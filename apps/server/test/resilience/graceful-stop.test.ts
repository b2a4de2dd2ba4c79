import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestDatabase } from '../support/test-app.ts';

/*
 * Stopping means stopping, without dropping anything (decision 019): a request in flight when the
 * shutdown starts is answered, and its answer says `Connection: close`, so its client sends the next
 * request on a new connection (to another instance) instead of on one the server is about to close.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function listeningApp() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paddock-stop-'));
  const config = loadConfig(
    { LOG_LEVEL: 'silent', SEED_F1: 'false', SEED_DEMO: 'false', RESULTS_SYNC: 'off' },
    { DATA_DIR: dataDir, SECRET_KEY: randomBytes(32).toString('hex'), WEB_DIST: null },
  );
  const database = await createTestDatabase();
  const app = await buildApp(config, { database });
  // A slow answer, to be in flight when the shutdown starts.
  let started!: () => void;
  const inFlight = new Promise<void>((resolve) => (started = resolve));
  app.get('/api/slow/', { schema: { hide: true } }, async () => {
    started();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { done: true };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, url, inFlight };
}

function get(
  url: string,
  agent: http.Agent,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('a graceful stop', () => {
  it('answers the request in flight with Connection: close, so no request is sent on a closing connection', async () => {
    const { app, url, inFlight } = await listeningApp();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(async () => agent.destroy());

    // Warm the keep-alive connection, then start a slow request on it.
    expect((await get(`${url}/api/health/`, agent)).headers.connection).toBe('keep-alive');
    const slow = get(`${url}/api/slow/`, agent);
    await inFlight;
    const closing = app.close();

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ done: true });
    expect(answer.headers.connection).toBe('close');
    // The agent does not reuse the connection: the next request needs a new one, which is refused
    // (the listener is closed) instead of being sent into a connection reset.
    const next = await get(`${url}/api/health/`, agent).catch((err: NodeJS.ErrnoException) => err.code);
    expect(next).toBe('ECONNREFUSED');
    await closing;
  });
});
