import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Writes bytes on a raw socket — what Node's HTTP parser refuses never reaches inject. */
function rawRequest(bytes: Buffer): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe('requests the HTTP parser refuses', () => {
  it('answers a raw 0xFF byte in the query in the DRF shape', async () => {
    const res = await rawRequest(
      Buffer.concat([
        Buffer.from('GET /api/f1/races/?search='),
        Buffer.from([0xff]),
        Buffer.from(' HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.headers).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({ detail: 'Malformed request.' });
  });

  it('answers a query over 16 KB in the DRF shape', async () => {
    const res = await rawRequest(
      Buffer.from(
        `GET /api/core/search/?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      ),
    );
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Request header fields too large.' });
  });
});

describe('security headers', () => {
  const health = (headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}/api/health/`, { headers });

  it('refuses framing consistently in CSP and X-Frame-Options', async () => {
    const res = await health();
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('sends no HSTS over plain HTTP, and ignores a forwarded protocol it does not trust', async () => {
    expect((await health()).headers.get('strict-transport-security')).toBeNull();
    expect((await health({ 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBeNull();
  });

  /** Every security header, exactly as helmet words them (HSTS is apart: HTTPS only). */
  const SECURITY_HEADERS = {
    'content-security-policy':
      "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
      "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
      "style-src 'self' 'unsafe-inline';connect-src 'self'",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  const securityHeadersOf = (res: Response) =>
    Object.fromEntries(Object.keys(SECURITY_HEADERS).map((name) => [name, res.headers.get(name)]));

  it('sends the full set of security headers on answers and on errors of every kind', async () => {
    const base = `http://127.0.0.1:${port}`;
    const answers = await Promise.all([
      fetch(`${base}/api/health/`),
      fetch(`${base}/api/f1/races/999999/`),
      fetch(`${base}/api/no-such-endpoint/`),
      fetch(`${base}/api/f1/races/?search=%00`),
      fetch(`${base}/api/health/`, { method: 'PUT' }),
      fetch(`${base}/api/health/`, { headers: { authorization: 'Bearer not-a-token' } }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 404, 404, 400, 405, 401]);
    for (const res of answers) {
      expect(securityHeadersOf(res)).toEqual(SECURITY_HEADERS);
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('sends the same headers on errors', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/f1/races/999999/`);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('behind a trusted proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: true });
  });
  afterAll(() => proxied.close());

  it('sends HSTS when the proxy says the site was reached over HTTPS, and only then', async () => {
    const overHttps = await proxied.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const overHttp = await proxied.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('when the API rate limit is reached', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ API_RATE_LIMIT: 2 });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After, the rate-limit headers and every security header', async () => {
    const get = () => limited.app.inject({ method: 'GET', url: '/api/health/' });
    const first = await get();
    expect(first.headers['x-ratelimit-limit']).toBe('2');
    expect(first.headers['x-ratelimit-remaining']).toBe('1');
    await get();
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: 'Request was throttled. Expected available in 60 seconds.' });
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['x-frame-options']).toBe('DENY');
    expect(refused.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(refused.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    // Paths outside the API are not counted.
    expect((await limited.app.inject({ method: 'GET', url: '/media/none.png' })).statusCode).toBe(404);
  });
});
