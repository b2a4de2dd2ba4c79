import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { DATABASE_UNAVAILABLE } from '@paddock/contract';

/**
 * Every error body the API sends: `{"detail": "..."}` (sometimes with a `code`) or field errors
 * `{"field": ["message"], "non_field_errors": [...]}`. One loose schema for all of them, so no error
 * can fail its own serialization; the description says which form a route's status takes.
 */
export const errorBody = (description: string) =>
  z.record(z.string(), z.union([z.string(), z.array(z.string())])).describe(description);

/** Errors any API route can answer, documented on each so the description lists every status. */
const EVERY_ROUTE: Record<number, string> = {
  400: 'Bad input: field errors `{"field": ["message"]}` (for example a query value of the wrong type, or text holding a NUL character or an unpaired surrogate), or `{"detail": "..."}` for a malformed URL or body.',
  401: 'A Bearer token was sent but is invalid or expired: `{"detail": "Given token not valid for any token type", "code": "token_not_valid"}`. Refresh the token and retry.',
  429: 'Throttled (API_RATE_LIMIT requests per client per minute, or a per-action limit): `{"detail": "Request was throttled. Expected available in N seconds."}` with a Retry-After header.',
  431: 'Request headers (with the request line) over 16 KB: `{"detail": "Request header fields too large."}`.',
  500: 'A server error: `{"detail": "A server error occurred."}`, details only in the server log.',
  503: `The database cannot be reached right now (a restart, a failover): \`{"detail": "${DATABASE_UNAVAILABLE}"}\` with a Retry-After header. Nothing was done; retry after the wait.`,
};
const WITH_PATH_PARAMETERS: Record<number, string> = {
  404: '`{"detail": "Not found."}`',
  414: 'A path parameter over the router\'s length limit: `{"detail": "Request-URI too long."}`.',
};
const WITH_BODY: Record<number, string> = {
  413: 'Body over 1 MB (uploads: their own limit): `{"detail": "Request body is too large."}`.',
  415: 'A body of a content type the route does not take (JSON routes take application/json): `{"detail": "Unsupported media type \\"text/plain\\" in request."}`.',
};

/**
 * onRoute hook: adds the statuses every API route can answer to its response schemas, keeping any a
 * route documents itself. Runs before the routes are compiled, so these schemas also serialize the
 * errors, and before @fastify/swagger reads them.
 */
export function documentCommonErrors(prefix: string) {
  return (route: RouteOptions) => {
    if (!route.url.startsWith(prefix) || route.schema?.hide) return;
    const methods = [route.method].flat();
    const statuses: Record<number, string> = {
      ...EVERY_ROUTE,
      ...(route.url.includes(':') ? WITH_PATH_PARAMETERS : {}),
      ...(methods.some((m) => m !== 'GET' && m !== 'HEAD') ? WITH_BODY : {}),
    };
    const schema = (route.schema ??= {});
    const response = (schema.response ??= {}) as Record<number | string, unknown>;
    for (const [status, description] of Object.entries(statuses)) {
      response[status] ??= errorBody(description);
    }
  };
}
