import { execFileSync } from 'node:child_process';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { crc32Combine, NONCE_PLACEHOLDER, NonceDocument } from './nonce-document.ts';

const page = (n: string) =>
  `<!doctype html><html><head><title>Abu Dhabi Grand Prix 2021 · Paddock</title></head><body><div id="root">${'<p>Max Verstappen</p>'.repeat(400)}</div>` +
  `<script type="application/json" id="query-state" nonce="${n}">{"queries":[],"text":"ünïcødé ✓"}</script><script nonce="${n}">x()</script></body></html>`;

describe('a page kept once and sent with a nonce of its own', () => {
  const document = new NonceDocument(page(NONCE_PLACEHOLDER));

  it('puts the nonce in every place, in text and gzip alike', () => {
    for (const nonce of ['b7Yk3QaZ+/fN9sTq1uVw2A==', 'another-nonce']) {
      expect(document.text(nonce)).toBe(page(nonce));
      expect(gunzipSync(document.gzip(nonce)).toString('utf8')).toBe(page(nonce));
    }
  });

  it('answers a stream the gzip program reads too, and smaller than the page', () => {
    const gz = document.gzip('Zm9vYmFy');
    expect(execFileSync('gzip', ['-dc'], { input: gz }).toString('utf8')).toBe(page('Zm9vYmFy'));
    expect(gz.length).toBeLessThan(Buffer.byteLength(page('Zm9vYmFy')) / 5);
  });

  it('keeps a page without a nonce as it is', () => {
    const plain = new NonceDocument('<p>no scripts</p>');
    expect(gunzipSync(plain.gzip('n')).toString('utf8')).toBe('<p>no scripts</p>');
  });
});

describe('CRC-32 combined from its parts', () => {
  it('equals the CRC of the whole, for empty, short and long parts', () => {
    const parts = ['', 'a', 'nonce-1234567890', 'x'.repeat(100_000), '✓ ünïcødé'].map((t) => Buffer.from(t));
    for (const a of parts) {
      for (const b of parts) {
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
      }
    }
  });
});
