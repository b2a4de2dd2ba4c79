import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cookieValue } from '@paddock/contract/cookies';
import { z } from 'zod';
import { clock } from './clock.ts';
import { NONCE_PLACEHOLDER, NonceDocument } from './nonce-document.ts';
import type { ReadCache } from './read-cache.ts';
import { renderedDocument } from './web-pages.ts';

/*
 * Public pages rendered on the server (decision 024): the web app's renderer (apps/web's
 * entry-server.tsx, built to dist-ssr/entry-server.js) renders a page as a guest sees it. Its API calls
 * are answered in this process by app.inject: the same routes, validation, read cache and serialization
 * a browser's call gets, without a socket; marked with a per-process secret so the API's rate limit
 * leaves them alone.
 *
 * Rendered once, served many times: a page all of whose calls were answered from the read cache is kept
 * (as a NonceDocument, with a placeholder where each answer's nonce goes) under the union of those
 * answers' tags, so it is dropped with them on every instance (decision 016). A page that read anything
 * uncached (community lists) is rendered for each request.
 */

const renderResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), status: z.number(), html: z.string(), state: z.string(), head: z.string() }),
  z.object({ kind: z.literal('redirect'), status: z.number(), location: z.string() }),
  z.object({ kind: z.literal('client') }),
]);
export type RenderResult = z.infer<typeof renderResultSchema>;

interface RendererModule {
  configure: (transport: typeof fetch) => void;
  render: (request: {
    url: string;
    cookie: string;
    nonce: string;
    /** The site's PREVIEW_SPOILERS: 'off' keeps recent races' spoilers out of a page's head (decision 033). */
    previewSpoilers: 'on' | 'off';
    /** The site's time (the server's clock, which CLOCK_START moves). */
    now: number;
    signal?: AbortSignal;
  }) => Promise<unknown>;
  /** The cookies a render reads: a kept page is kept per their values. */
  renderCookies: readonly string[];
}

/** The header, with this process's secret, that marks an API call made by a render. */
export const RENDER_CALL_HEADER = 'x-paddock-render';
/** The header in which a read-cached answer tells a render the cache tags it is kept under. */
export const ANSWER_TAGS_HEADER = 'x-paddock-cache-tags';

/** A page to answer: its document (the nonce still to put in), a redirect, or the browser's to render. */
export type ServedPage =
  | { kind: 'page'; status: number; document: NonceDocument }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'client' };

export interface PageRenderer {
  /** Whether a request is one of this process's render calls. */
  isRenderCall: (request: FastifyRequest) => boolean;
  /** The page at `url` in the built page `shell`, from the cache when it can be. */
  page: (request: { url: string; cookie: string; shell: string }) => Promise<ServedPage>;
  /** An API answer as a guest gets it, in process (the link previews' data). */
  get: (path: string) => Promise<{ status: number; body: unknown }>;
}

/** What a render's API calls were: the tags of their cached answers, and whether each one was cached. */
interface CallRecord {
  tags: Set<string>;
  allCached: boolean;
}

const renderCalls = new AsyncLocalStorage<CallRecord>();

/** Headers of an injected answer as the Fetch API's Headers. */
function fetchHeaders(headers: Record<string, string | string[] | number | undefined>): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) out.append(name, String(one));
  }
  return out;
}

/** The fetch the renderer's API client uses: each call answered by the app itself, in process. */
function injectTransport(app: FastifyInstance, secret: string): typeof fetch {
  return async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { ...headers, [RENDER_CALL_HEADER]: secret },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const record = renderCalls.getStore();
    if (record) {
      const tags = answer.headers[ANSWER_TAGS_HEADER];
      if (typeof tags === 'string' && answer.statusCode === 200)
        for (const tag of tags.split(' ')) record.tags.add(tag);
      else record.allCached = false;
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: fetchHeaders(answer.headers),
    });
  };
}

let loads = 0;

/** The renderer built beside the web app, or null when there is none (an API-only or test setup). */
export async function loadPageRenderer(
  app: FastifyInstance,
  entryFile: string,
  cache: ReadCache,
  site: { previewSpoilers: 'on' | 'off' },
): Promise<PageRenderer | null> {
  if (!existsSync(entryFile)) return null;
  // A module instance per app (the query names it), since configure() sets the transport for the module.
  const renderer = (await import(`${pathToFileURL(entryFile).href}?app=${(loads += 1)}`)) as RendererModule;
  const secret = randomBytes(24).toString('base64url');
  const transport = injectTransport(app, secret);
  renderer.configure(transport);
  const render = async (url: string, cookie: string, shell: string) => {
    const record: CallRecord = { tags: new Set(), allCached: true };
    const result = renderResultSchema.parse(
      await renderCalls.run(record, () =>
        renderer.render({
          url,
          cookie,
          nonce: NONCE_PLACEHOLDER,
          previewSpoilers: site.previewSpoilers,
          now: clock.now(),
        }),
      ),
    );
    const value: ServedPage =
      result.kind === 'page'
        ? {
            kind: 'page',
            status: result.status,
            document: new NonceDocument(renderedDocument(shell, result, NONCE_PLACEHOLDER)),
          }
        : result;
    // Only a page whose every call came from the read cache, and that rendered fine, is kept.
    const keep = record.allCached && (value.kind !== 'page' || value.status === 200);
    return { value, tags: keep ? [...record.tags] : null };
  };
  return {
    isRenderCall: (request) => request.headers[RENDER_CALL_HEADER] === secret,
    get: async (path) => {
      const res = await transport(path, { headers: { accept: 'application/json' } });
      return { status: res.status, body: res.ok ? await res.json() : null };
    },
    // The cookies the renderer reads (the sidebar's state, the time zone, the signed-in hint) change
    // what is served: they are in the key.
    page: ({ url, cookie, shell }) =>
      cache.getOrLoadTagged(
        [url, ...renderer.renderCookies.map((name) => cookieValue(cookie, name) ?? '')].join('\n'),
        () => render(url, cookie, shell),
      ),
  };
}
