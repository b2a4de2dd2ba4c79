import { afterEach, vi } from 'vitest';
import type { EndpointName } from '@paddock/contract/endpoints';
import { paramNames, routes } from '@paddock/contract/routes';

export interface StubReply {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}

export interface StubbedRequest {
  /** The operation of the contract's endpoint table the request calls. */
  operation: EndpointName;
  method: string;
  /** The path, without the query. */
  url: string;
  /** The path parameters, by name (undefined when the path has none). */
  params?: Record<string, string>;
  /** The query parameters, as strings (undefined when the request had none). */
  query?: Record<string, string>;
  /** The parsed JSON body, or the FormData of an upload. */
  body: unknown;
  headers: Headers;
}

const operations = (Object.entries(routes) as [EndpointName, (typeof routes)[EndpointName]][]).map(([name, route]) => {
  const pattern = new RegExp(`^${route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '([^/]+)')}$`);
  return { name, method: route.method, names: paramNames(route.path), pattern };
});

/** Which operation of the table a request calls, with its path parameters. */
export function operationOf(
  method: string,
  path: string,
): { operation: EndpointName; params?: Record<string, string> } {
  // A literal path (`/races/upcoming/`) wins over a parameter (`/races/:id/`).
  const matches = operations
    .filter((o) => o.method === method)
    .map((o) => ({ o, m: o.pattern.exec(path) }))
    .filter((x): x is { o: (typeof operations)[number]; m: RegExpExecArray } => x.m !== null)
    .sort((a, b) => a.o.names.length - b.o.names.length);
  const found = matches[0];
  if (!found) throw new Error(`stubApi: ${method} ${path} is no operation of the endpoint table`);
  if (found.o.names.length === 0) return { operation: found.o.name };
  const params = Object.fromEntries(found.o.names.map((n, i) => [n, decodeURIComponent(found.m[i + 1]!)]));
  return { operation: found.o.name, params };
}

/** A request as the stub sees it, read from what the client passed to fetch. */
export async function readRequest(input: RequestInfo | URL, init: RequestInit = {}): Promise<StubbedRequest> {
  const url = new URL(String(input instanceof Request ? input.url : input), 'http://paddock.test');
  const method = (init.method ?? 'GET').toUpperCase();
  const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
  const request: StubbedRequest = {
    ...operationOf(method, url.pathname),
    method,
    url: url.pathname,
    body,
    headers: new Headers(init.headers),
  };
  if (url.search !== '') request.query = Object.fromEntries(url.searchParams);
  return request;
}

/** A fetch Response for a stubbed reply; a missing body is `{}`, while null stays a real JSON answer. */
export function replyOf(reply: StubReply): Response {
  const text = reply.status === 204 ? null : JSON.stringify(reply.data === undefined ? {} : reply.data);
  return new Response(text, {
    status: reply.status,
    headers: { 'Content-Type': 'application/json', ...reply.headers },
  });
}

/**
 * Answers the app's API client in place of a server for the rest of the test: `handler` sees each
 * request (its operation, path, query and parsed JSON body) and returns a status and body.
 */
export function stubApi(handler: (request: StubbedRequest) => StubReply | Promise<StubReply>): StubbedRequest[] {
  const requests: StubbedRequest[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = await readRequest(input, init);
    requests.push(request);
    return replyOf(await handler(request));
  };
  vi.stubGlobal('fetch', vi.fn(fake));
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return requests;
}
