import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const HSTS = 'max-age=31536000; includeSubDomains';

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and sonner position popovers and toasts with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'deny' },
  hsts: false,
  referrerPolicy: { policy: 'same-origin' },
};

/**
 * The headers helmet sets with these options, recorded once at startup: none of them depends on the
 * request. (@fastify/helmet built a new helmet middleware, CSP string included, for every request: it
 * halved the rate of a trivial route.)
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    // X-Powered-By: Node never sets it, and Fastify neither.
    removeHeader: () => undefined,
  };
  // Helmet throws on options it refuses; it never passes an error on.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return Object.freeze(headers);
}

/**
 * The CSP of a page rendered on the server: the same policy, with its inline scripts (the page's query
 * state, its loader, the reader's early asks) allowed by the request's nonce. Still no 'unsafe-inline'.
 */
export function pageContentSecurityPolicy(nonce: string): string {
  pagePolicy ??= splitAtScriptSrc(helmetHeaders()['content-security-policy']);
  return `${pagePolicy[0]} 'nonce-${nonce}'${pagePolicy[1]}`;
}

let pagePolicy: [string, string] | null = null;

function splitAtScriptSrc(policy: string | undefined): [string, string] {
  const directive = "script-src 'self'";
  const at = policy?.indexOf(directive) ?? -1;
  if (policy === undefined || at < 0) throw new Error('the CSP has no script-src to add a nonce to');
  return [policy.slice(0, at + directive.length), policy.slice(at + directive.length)];
}

/**
 * One set of security headers on every answer. Framing is refused by both CSP frame-ancestors and
 * X-Frame-Options (DENY, for browsers without CSP 2). HSTS is sent only over HTTPS — a browser ignores
 * it over HTTP, and sending it there would claim a promise the site cannot keep; behind a proxy,
 * TRUST_PROXY lets X-Forwarded-Proto tell. Referrers stay within the site: the sign-in guard tells a
 * visitor coming from another of its pages from one arriving from elsewhere, and no URL leaks out.
 * They are set in the first onRequest hook, so errors, 404s, 429s and hijacked streams carry them too.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
});
