import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { z } from 'zod';

/** dist/.vite/route-preloads.json, written by the web build (apps/web/build/route-preloads.ts). */
const preloadsSchema = z.array(z.object({ pattern: z.string(), files: z.array(z.string()) }));

export interface WebPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

function page(html: string): WebPage {
  return {
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/**
 * The built app's page (index.html) for a URL path: with modulepreload links for the chunks of the
 * page's route, so the browser fetches them beside the entry script instead of discovering them after
 * it has run. Each route's page is built and compressed once, at start.
 */
export function webPages(dist: string): (urlPath: string) => WebPage {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const plain = page(html);
  const file = path.join(dist, '.vite', 'route-preloads.json');
  if (!existsSync(file)) return () => plain;
  const pages = preloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).map(({ pattern, files }) => {
    const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
    return { pattern: new RegExp(pattern), page: page(html.replace('</head>', `${links}</head>`)) };
  });
  return (urlPath) => pages.find((p) => p.pattern.test(urlPath))?.page ?? plain;
}

/** The encoding to answer with, from Accept-Encoding: brotli, else gzip, else none (q=0 refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}
