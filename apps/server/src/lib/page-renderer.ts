import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

/*
 * Public pages rendered on the server (decision 024): the web app's renderer (apps/web's
 * entry-server.tsx, built to dist-ssr/entry-server.js) renders a page as a guest sees it. Its API calls
 * are answered in this process by app.inject: the same routes, validation, read cache and serialization
 * a browser's call gets, without a socket; marked with a per-process secret so the API's rate limit
 * leaves them alone.
 */

const renderResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), status: z.number(), html: z.string(), state: z.string(), head: z.string() }),
  z.object({ kind: z.literal('redirect'), status: z.number(), location: z.string() }),
  z.object({ kind: z.literal('client') }),
]);
export type RenderResult = z.infer<typeof renderResultSchema>;

interface RendererModule {
  configure: (transport: typeof fetch) => void;
  render: (request: { url: string; cookie: string; nonce: string; signal?: AbortSignal }) => Promise<unknown>;
}

/** The header, with this process's secret, that marks an API call made by a render. */
export const RENDER_CALL_HEADER = 'x-paddock-render';

export interface PageRenderer {
  /** Whether a request is one of this process's render calls. */
  isRenderCall: (request: FastifyRequest) => boolean;
  render: (request: { url: string; cookie: string; nonce: string }) => Promise<RenderResult>;
}

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
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: fetchHeaders(answer.headers),
    });
  };
}

let loads = 0;

/** The renderer built beside the web app, or null when there is none (an API-only or test setup). */
export async function loadPageRenderer(app: FastifyInstance, entryFile: string): Promise<PageRenderer | null> {
  if (!existsSync(entryFile)) return null;
  // A module instance per app (the query names it), since configure() sets the transport for the module.
  const renderer = (await import(`${pathToFileURL(entryFile).href}?app=${(loads += 1)}`)) as RendererModule;
  const secret = randomBytes(24).toString('base64url');
  renderer.configure(injectTransport(app, secret));
  return {
    isRenderCall: (request) => request.headers[RENDER_CALL_HEADER] === secret,
    render: async (request) => renderResultSchema.parse(await renderer.render(request)),
  };
}
