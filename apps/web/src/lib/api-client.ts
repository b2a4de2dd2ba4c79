import axios, { type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { toast } from 'sonner';
import { secondsLeft } from './jwt.ts';
import { DATABASE_UNAVAILABLE } from '@paddock/contract/limits';
import { reportDatabaseReachable } from './service-status.ts';
import { clearSession, getAccessToken, getRefreshToken, setTokens } from './session.ts';

export const REQUEST_TIMEOUT_MS = 5000;
/** An access token with less than this left is refreshed before the request goes out (spec §4). */
export const PROACTIVE_REFRESH_SECONDS = 300;
export const TOKEN_REFRESH_PATH = '/api/auth/token-refresh/';
const LOGIN_PATH = '/login/';

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

/** Header lookup that ignores case, for plain objects and AxiosHeaders alike. */
function headerValue(headers: object, name: string): unknown {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}

export interface ApiClientOptions {
  /** Lets tests answer requests without a network. */
  adapter?: AxiosAdapter;
  /** Shows a message to the user (a toast in the app). */
  notify?: (message: string) => void;
  /** Called after the session was cleared on a page that needs one. */
  onSessionExpired?: () => void;
  currentPath?: () => string;
  now?: () => number;
}

interface RetryableConfig extends InternalAxiosRequestConfig {
  _retried?: boolean;
}

/** The refresh endpoint answered with a rejection (as opposed to a network failure). */
class RefreshRejected extends Error {}

/** Login, registration, refresh and password reset carry no Bearer token and their 401s are answers, not expiry. */
function isAuthEndpoint(url: string | undefined): boolean {
  return url?.startsWith('/api/auth/') ?? false;
}

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
}

/** Serialises refreshes across tabs: refresh tokens rotate and the server revokes on reuse. */
async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('paddock:token-refresh', fn) : fn();
}

export interface ApiSession {
  client: AxiosInstance;
  /**
   * Renews the access token now, for a request made outside the client (a live stream) that the server
   * refused with it; a refused refresh ends the session as the client's own 401s do.
   */
  renewSession: () => Promise<void>;
}

export function createApiClient(options: ApiClientOptions = {}): AxiosInstance {
  return createApiSession(options).client;
}

export function createApiSession(options: ApiClientOptions = {}): ApiSession {
  const notify = options.notify ?? ((message: string) => void message);
  const now = options.now ?? (() => Date.now());
  const currentPath = options.currentPath ?? (() => window.location.pathname);
  const onSessionExpired = options.onSessionExpired ?? (() => window.location.assign(LOGIN_PATH));

  const base = { baseURL: '', timeout: REQUEST_TIMEOUT_MS, headers: { Accept: 'application/json' } };
  const client = axios.create({ ...base, adapter: options.adapter });
  // The refresh call must not pass through the client's own interceptors.
  const bare = axios.create({ ...base, adapter: options.adapter });

  let refreshing: Promise<string> | null = null;

  const isFresh = (token: string) => (secondsLeft(token, now()) ?? Infinity) >= PROACTIVE_REFRESH_SECONDS;

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
        const { data } = await bare.post<{ access: string; refresh?: string }>(TOKEN_REFRESH_PATH, { refresh });
        setTokens({ access: data.access, refresh: data.refresh });
        return data.access;
      } catch (err) {
        if (axios.isAxiosError(err) && err.response) throw new RefreshRejected('refresh refused');
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

  client.interceptors.request.use(async (config) => {
    if (isAuthEndpoint(config.url)) return config;
    let access = getAccessToken();
    if (access !== null && !isFresh(access) && getRefreshToken() !== null) {
      try {
        access = await refreshAccess();
      } catch (err) {
        // A network failure keeps the session: the current token may still be valid for a while.
        if (err instanceof RefreshRejected) {
          endSession();
          access = null;
        }
      }
    }
    if (access !== null) config.headers.set('Authorization', `Bearer ${access}`);
    return config;
  });

  client.interceptors.response.use(
    (response) => {
      reportDatabaseReachable(true);
      return response;
    },
    async (error: unknown) => {
      if (!axios.isAxiosError(error) || !error.response || !error.config) throw error;
      const config: RetryableConfig = error.config;
      const { status, headers } = error.response;
      reportDatabaseReachable(!(status === 503 && isDatabaseUnavailable(error.response.data)));

      if (status === 429) {
        notify(tooManyRequestsMessage(headerValue(headers, 'retry-after'), now()));
        throw error;
      }
      if (status !== 401 || isAuthEndpoint(config.url) || config._retried) throw error;

      const sent = bearerOf(config);
      const stored = getAccessToken();
      if (sent === null && stored === null && getRefreshToken() === null) throw error;
      config._retried = true;

      let access: string;
      if (stored !== null && sent !== stored) {
        access = stored; // another request refreshed while this one was in flight
      } else {
        try {
          access = await refreshAccess();
        } catch {
          endSession();
          throw error;
        }
      }
      config.headers.set('Authorization', `Bearer ${access}`);
      return client.request(config);
    },
  );

  async function renewSession(): Promise<void> {
    if (getAccessToken() === null && getRefreshToken() === null) return;
    try {
      await refreshAccess();
    } catch (err) {
      if (err instanceof RefreshRejected) endSession();
      throw err;
    }
  }

  return { client, renewSession };
}

const session = createApiSession({ notify: (message) => toast.error(message) });

/** The app's one client: same origin, so the Vite proxy in development and the server in production. */
export const api = session.client;
export const { renewSession } = session;
