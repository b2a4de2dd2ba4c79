import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let dist: string;
const script = `export const laps = [${Array.from({ length: 500 }, (_, i) => i).join(',')}];`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'paddock-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><head><title>P</title></head><div id="root"></div>');
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite', 'route-preloads.json'),
    JSON.stringify([
      { pattern: '^/home/?$', files: ['assets/app-shell-1.js', 'assets/home-2.js'] },
      { pattern: '^/race/[^/]+/?$', files: ['assets/app-shell-1.js', 'assets/race-3.js'] },
    ]),
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'app-def456.js'), script);
  writeFileSync(path.join(dist, 'assets', 'app-def456.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'app-def456.js.gz'), gzipSync(script));
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app on the same port as the API', () => {
  it('answers client-side routes such as /home and /race/1 with the app page', async () => {
    for (const url of ['/', '/home', '/race/1102?tab=thoughts', '/reset-password/ab/cd']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("preloads the chunks of the page's route from the HTML", async () => {
    const page = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body;
    const race = await page('/race/1102?tab=thoughts');
    expect(race).toContain('<link rel="modulepreload" crossorigin href="/assets/race-3.js"></head>');
    expect(race).toContain('href="/assets/app-shell-1.js"');
    expect(race).not.toContain('home-2.js');
    expect(await page('/home/')).toContain('href="/assets/home-2.js"');
    expect(await page('/watchlists')).not.toContain('modulepreload');
  });

  it('sends the page compressed to browsers that accept it', async () => {
    const get = (encoding: string) =>
      t.app.inject({ method: 'GET', url: '/race/7', headers: { accept: 'text/html', 'accept-encoding': encoding } });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('href="/assets/race-3.js"');
    const gz = await get('gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('href="/assets/race-3.js"');
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
  });

  it('serves fingerprinted assets with a year-long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the compressed copies the build wrote to browsers that accept them, the file to others', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/app-def456.js',
        headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('keeps API and missing-file 404s as JSON, not the app page', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown/', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found.' });
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
    // The build's own records are not served.
    const record = await t.app.inject({ method: 'GET', url: '/.vite/route-preloads.json' });
    expect(record.statusCode).toBe(404);
    const avatar = await t.app.inject({
      method: 'GET',
      url: '/media/avatars/none.png',
      headers: { accept: 'text/html' },
    });
    expect(avatar.statusCode).toBe(404);
  });

  it('sends a Content-Security-Policy that allows only its own scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home', headers: { accept: 'text/html' } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
