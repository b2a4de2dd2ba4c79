import { toast } from '@/lib/toast.ts';
import type { EndpointInput, EndpointOutput } from '@paddock/contract/endpoint';
import type { EndpointName, Endpoints } from '@paddock/contract/endpoints';
import { fillPath, routes } from '@paddock/contract/routes';
import { DATABASE_UNAVAILABLE } from '@paddock/contract/limits';
import { ApiError } from './api-error.ts';
import { takeEarlyAnswer } from './early-answers.ts';
import { secondsLeft } from './jwt.ts';
import { spoilerHeaders } from './spoiler-session.ts';
import { reportDatabaseReachable } from './service-status.ts';
import { clearSession, getAccessToken, getRefreshToken, setTokens } from './session.ts';

export { ApiError, isApiError } from './api-error.ts';

export const REQUEST_TIMEOUT_MS = 5000;
/** An access token with less than this left is refreshed before the request goes out (spec §4). */
export const PROACTIVE_REFRESH_SECONDS = 300;
const LOGIN_PATH = '/login/';
const AUTH_PREFIX = '/api/auth/';

/** Pages a visitor may stay on after their session ends (spec §8, 401). */
export function isPublicPath(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname === '/home' ||
    pathname === '/home/' ||
    pathname.startsWith('/driver/') ||
    pathname.startsWith('/review/') ||
    pathname.startsWith('/watchlist/')
  );
}

export function tooManyRequestsMessage(retryAfter: unknown, nowMs: number = Date.now()): string {
  const seconds = retryAfterSeconds(retryAfter, nowMs);
  return seconds === null
    ? 'Too many requests. Please wait and try again.'
    : `Too many requests. Try again in ${seconds}s.`;
}

/** The server's answer while it cannot reach its database (decision 019). */
function isDatabaseUnavailable(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'detail' in data && data.detail === DATABASE_UNAVAILABLE;
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterSeconds(value: unknown, nowMs: number): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (text === '') return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.max(1, Math.ceil(Number(text)));
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(1, Math.ceil((at - nowMs) / 1000));
}

/** Options of one call besides its parameters, query and body. */
export interface CallOptions {
  /** Cancels the request (TanStack Query passes one to every query function). */
  signal?: AbortSignal;
  /** Milliseconds before the request is given up: REQUEST_TIMEOUT_MS unless given. */
  timeout?: number;
}

/** What an operation answers: `ApiOutput<'listReviews'>` is a page of reviews. */
export type ApiOutput<N extends EndpointName> = EndpointOutput<Endpoints[N]>;

export type CallInput<N extends EndpointName> = EndpointInput<Endpoints[N]> & CallOptions;

/** The input may be left out where the endpoint needs none. */
type CallArgs<N extends EndpointName> =
  object extends EndpointInput<Endpoints[N]> ? [input?: CallInput<N>] : [input: CallInput<N>];

export interface ApiClient {
  /** Calls one operation of the contract's endpoint table and answers its parsed body. */
  call: <N extends EndpointName>(name: N, ...args: CallArgs<N>) => Promise<EndpointOutput<Endpoints[N]>>;
  /**
   * Renews the access token now, for a request made outside the client (a live stream) that the server
   * refused with it; a refused refresh ends the session as the client's own 401s do.
   */
  renewSession: () => Promise<void>;
}

export interface ApiClientOptions {
  /** The transport: the browser's fetch unless given (looked up on each call, so tests can stub it). */
  fetch?: typeof fetch;
  /** Shows a message to the user (a toast in the app). */
  notify?: (message: string) => void;
  /** Called after the session was cleared on a page that needs one. */
  onSessionExpired?: () => void;
  currentPath?: () => string;
  now?: () => number;
}

/**
 * The transport of a page rendered on the server (entry-server.tsx): the server answers the app's calls
 * in its own process. Unset in a browser, where calls go out with fetch.
 */
let serverTransport: typeof fetch | null = null;

export function setServerTransport(transport: typeof fetch): void {
  serverTransport = transport;
}

/** The refresh endpoint answered with a rejection (as opposed to a network failure). */
class RefreshRejected extends Error {}

/** Serialises refreshes across tabs: refresh tokens rotate and the server revokes on reuse. */
async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('paddock:token-refresh', fn) : fn();
}

/** What locates a call: its path parameters and query. */
type Locator<N extends EndpointName> = Pick<EndpointInput<Endpoints[N]>, 'params' | 'query'>;
interface LooseLocator {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
}

/** The URL of a path with its parameters filled in and its query (undefined values left out). */
function urlOf(path: string, { params, query = {} }: LooseLocator): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // A list as the server reads one: comma-separated.
    if (Array.isArray(value)) search.append(key, value.join(','));
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return fillPath(path, params) + (text ? `?${text}` : '');
}

/** The URL of a call: its path with the parameters filled in, and its query (undefined values left out). */
export function apiUrl<N extends EndpointName>(
  name: N,
  ...args: object extends Locator<N> ? [Locator<N>?] : [Locator<N>]
): string {
  return urlOf(routes[name].path, args[0] ?? {});
}

/** A body as JSON if it is JSON, else as text; null for none (204). */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The caller's signal and the timeout as one signal; `timedOut` tells the two apart. */
function deadline(signal: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const follow = () => controller.abort(signal?.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    },
  };
}

/** The answer, or null once `signal` aborts first (the call's deadline holds for an early answer too). */
function unlessAborted(answer: Promise<Response | null>, signal: AbortSignal): Promise<Response | null> {
  if (signal.aborted) return Promise.resolve(null);
  return Promise.race([
    answer,
    new Promise<null>((resolve) => signal.addEventListener('abort', () => resolve(null), { once: true })),
  ]);
}

/** The headers of every request: JSON, and a signed-in reader's token and reveals (decision 033). */
function requestHeaders(access: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Guests are never shielded.
  if (access !== null) Object.assign(headers, { Authorization: `Bearer ${access}` }, spoilerHeaders());
  return headers;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const transport: typeof fetch =
    options.fetch ?? ((input, init) => (serverTransport ?? globalThis.fetch)(input, init));
  const notify = options.notify ?? ((message: string) => void message);
  const now = options.now ?? (() => Date.now());
  const currentPath = options.currentPath ?? (() => window.location.pathname);
  const onSessionExpired = options.onSessionExpired ?? (() => window.location.assign(LOGIN_PATH));

  let refreshing: Promise<string> | null = null;

  const isFresh = (token: string) => (secondsLeft(token, now()) ?? Infinity) >= PROACTIVE_REFRESH_SECONDS;

  /** One HTTP exchange: an ApiError for an answer that is not a success, or for no answer at all. */
  async function exchange(
    method: string,
    url: string,
    body: unknown,
    access: string | null,
    { signal, timeout = REQUEST_TIMEOUT_MS }: CallOptions,
  ): Promise<unknown> {
    const headers = requestHeaders(access);
    let payload: BodyInit | undefined;
    if (body instanceof FormData)
      payload = body; // fetch sets the multipart boundary itself
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const limit = deadline(signal, timeout);
    let response: Response;
    try {
      // Asked already by the page, with this token (lib/early-answers.ts): that answer, unless it failed.
      const early = takeEarlyAnswer(method, url, access);
      response =
        (early && (await unlessAborted(early, limit.signal))) ??
        (await transport(url, {
          method,
          headers,
          body: payload,
          signal: limit.signal,
          credentials: 'same-origin',
        }));
    } catch (err) {
      if (signal?.aborted) throw err; // the caller cancelled: not a failure to report
      throw new ApiError(limit.timedOut() ? `timeout of ${timeout}ms exceeded` : 'Network Error', null);
    } finally {
      limit.done();
    }
    const data = await readBody(response);
    if (response.ok) {
      reportDatabaseReachable(true);
      return data;
    }
    reportDatabaseReachable(!(response.status === 503 && isDatabaseUnavailable(data)));
    throw new ApiError(`Request failed with status code ${response.status}`, {
      status: response.status,
      data,
      headers: response.headers,
    });
  }

  /** One refresh at a time, shared by every request that needs it. */
  function refreshAccess(): Promise<string> {
    const staleAccess = getAccessToken();
    refreshing ??= withRefreshLock(async () => {
      const current = getAccessToken();
      if (current !== null && current !== staleAccess && isFresh(current)) return current;
      const refresh = getRefreshToken();
      if (refresh === null) throw new RefreshRejected('no refresh token');
      if ((secondsLeft(refresh, now()) ?? 1) <= 0) throw new RefreshRejected('refresh token expired');
      try {
        const pair = (await exchange('POST', routes.refreshToken.path, { refresh }, null, {})) as EndpointOutput<
          Endpoints['refreshToken']
        >;
        setTokens({ access: pair.access, refresh: pair.refresh });
        return pair.access;
      } catch (err) {
        if (err instanceof ApiError && err.response) throw new RefreshRejected('refresh refused');
        throw err;
      }
    }).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function endSession(): void {
    clearSession();
    if (!isPublicPath(currentPath())) onSessionExpired();
  }

  /** The token to send: refreshed first when it is about to expire. */
  async function accessToSend(): Promise<string | null> {
    const access = getAccessToken();
    if (access === null || isFresh(access) || getRefreshToken() === null) return access;
    try {
      return await refreshAccess();
    } catch (err) {
      // A network failure keeps the session: the current token may still be valid for a while.
      if (!(err instanceof RefreshRejected)) return access;
      endSession();
      return null;
    }
  }

  async function call<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<EndpointOutput<Endpoints[N]>> {
    const input = (args[0] ?? {}) as CallInput<N>;
    const endpoint = routes[name];
    const url = urlOf(endpoint.path, input);
    // Login, registration, refresh and password reset carry no Bearer token and their 401s are answers.
    const isAuth = endpoint.path.startsWith(AUTH_PREFIX);
    let sent = isAuth ? null : await accessToSend();
    for (let retried = false; ; retried = true) {
      try {
        return (await exchange(endpoint.method, url, input.body, sent, input)) as EndpointOutput<Endpoints[N]>;
      } catch (error) {
        if (!(error instanceof ApiError) || !error.response) throw error;
        const { status, headers } = error.response;
        if (status === 429) notify(tooManyRequestsMessage(headers.get('retry-after') ?? undefined, now()));
        // One retry with a renewed token: a second 401 is the answer.
        if (status !== 401 || isAuth || retried) throw error;
        const stored = getAccessToken();
        if (sent === null && stored === null && getRefreshToken() === null) throw error;
        if (stored !== null && sent !== stored) {
          sent = stored; // another request refreshed while this one was in flight
        } else {
          try {
            sent = await refreshAccess();
          } catch {
            endSession();
            throw error;
          }
        }
      }
    }
  }

  async function renewSession(): Promise<void> {
    if (getAccessToken() === null && getRefreshToken() === null) return;
    try {
      await refreshAccess();
    } catch (err) {
      if (err instanceof RefreshRejected) endSession();
      throw err;
    }
  }

  return { call, renewSession };
}

/** The app's one client: same origin, so the Vite proxy in development and the server in production. */
export const api = createApiClient({ notify: (message) => toast.error(message) });
export const { renewSession } = api;
