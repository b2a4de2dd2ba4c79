import type { FastifyInstance } from 'fastify';

/*
 * /sitemap.xml and /robots.txt (sitemaps.org protocol 0.9): the public pages a search engine may read.
 * One sitemap holds up to 50,000 addresses; past that it becomes an index of numbered parts.
 */

export const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A sitemap of `paths` on `origin`. */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `<url><loc>${escapeXml(origin + p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** A sitemap index naming `parts` sitemaps: /sitemap-1.xml, /sitemap-2.xml, … */
export function sitemapIndexXml(origin: string, parts: number): string {
  const entries = Array.from(
    { length: parts },
    (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

/** robots.txt: everything public may be read, the API and the reader's own pages are not pages to index. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /watchlists',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * /robots.txt, /sitemap.xml and, past SITEMAP_MAX_URLS addresses, /sitemap-{n}.xml. `paths` gives the
 * pages (app.ts: the F1 module's, from the read cache). Pages, not API: left out of the OpenAPI document.
 */
export function registerSiteMap(app: FastifyInstance, origin: string, paths: () => Promise<string[]>): void {
  const hidden = { schema: { hide: true } };
  app.get('/robots.txt', hidden, (_req, reply) => reply.type('text/plain; charset=utf-8').send(robotsTxt(origin)));
  app.get('/sitemap.xml', hidden, async (_req, reply) => {
    const all = await paths();
    const parts = Math.ceil(all.length / SITEMAP_MAX_URLS);
    const xml = parts > 1 ? sitemapIndexXml(origin, parts) : sitemapXml(origin, all);
    return reply.type('application/xml; charset=utf-8').send(xml);
  });
  app.get<{ Params: { part: string } }>('/sitemap-:part.xml', hidden, async (req, reply) => {
    const part = Number(req.params.part);
    const all = await paths();
    const slice =
      Number.isInteger(part) && part >= 1 ? all.slice((part - 1) * SITEMAP_MAX_URLS, part * SITEMAP_MAX_URLS) : [];
    if (slice.length === 0) return reply.code(404).send({ detail: 'Not found.' });
    return reply.type('application/xml; charset=utf-8').send(sitemapXml(origin, slice));
  });
}
