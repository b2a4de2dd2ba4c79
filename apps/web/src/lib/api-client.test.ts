import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { DATABASE_UNAVAILABLE } from '@paddock/contract/limits';
import { fakeJwt } from '@/test/tokens.ts';
import { useDatabaseTrouble } from './service-status.ts';
import {
  createApiClient,
  createApiSession,
  isPublicPath,
  TOKEN_REFRESH_PATH,
  type ApiClientOptions,
} from './api-client.ts';

const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);

function token(name: string, secondsFromNow: number): string {
  return fakeJwt(name, NOW + secondsFromNow * 1000);
}

interface Reply {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}
type Handler = (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

/** An axios adapter that answers like a server would, including the rejection axios itself would raise. */
function fakeServer(handler: Handler): { adapter: AxiosAdapter; requests: InternalAxiosRequestConfig[] } {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const reply = await handler(config);
    const response: AxiosResponse = {
      data: reply.data ?? {},
      status: reply.status,
      statusText: String(reply.status),
      headers: new AxiosHeaders(reply.headers ?? {}),
      config,
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, 'ERR_BAD_REQUEST', config, null, response);
  };
  return { adapter, requests };
}

function bearer(config: InternalAxiosRequestConfig): unknown {
  return config.headers.get('Authorization');
}

function bodyOf(config: InternalAxiosRequestConfig): unknown {
  if (typeof config.data !== 'string') return config.data;
  const parsed: unknown = JSON.parse(config.data);
  return parsed;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function client(adapter: AxiosAdapter, overrides: Partial<ApiClientOptions> = {}) {
  const notify = vi.fn<(message: string) => void>();
  const onSessionExpired = vi.fn<() => void>();
  const api = createApiClient({
    adapter,
    notify,
    onSessionExpired,
    currentPath: () => '/profile',
    now: () => NOW,
    ...overrides,
  });
  return { api, notify, onSessionExpired };
}

const oldAccess = token('old-access', 1200);
const oldRefresh = token('old-refresh', 86400);
const newAccess = token('new-access', 1800);
const newRefresh = token('new-refresh', 7 * 86400);

beforeEach(() => {
  localStorage.setItem('access', oldAccess);
  localStorage.setItem('refresh', oldRefresh);
});

describe('api client', () => {
  it('sends same-origin JSON requests with the stored access token and a 5 s timeout', async () => {
    const server = fakeServer(() => ({ status: 200, data: { ok: true } }));
    const { api } = client(server.adapter);

    const res = await api.get('/api/social/users/me/');

    expect(res.data).toEqual({ ok: true });
    const sent = server.requests[0]!;
    expect(sent.baseURL).toBe('');
    expect(sent.timeout).toBe(5000);
    expect(sent.headers.get('Accept')).toBe('application/json');
    expect(bearer(sent)).toBe(`Bearer ${oldAccess}`);
  });

  it('refreshes once for concurrent 401s, stores the rotated pair and retries each request once', async () => {
    const refreshGate = deferred();
    const server = fakeServer(async (config) => {
      if (config.url === TOKEN_REFRESH_PATH) {
        await refreshGate.promise;
        return { status: 200, data: { access: newAccess, refresh: newRefresh } };
      }
      return bearer(config) === `Bearer ${newAccess}`
        ? { status: 200, data: { url: config.url } }
        : { status: 401, data: { detail: 'Given token not valid for any token type' } };
    });
    const { api, onSessionExpired } = client(server.adapter);

    const pending = Promise.all(['/api/a/', '/api/b/', '/api/c/'].map((url) => api.get<{ url: string }>(url)));
    await vi.waitFor(() => expect(server.requests.filter((r) => r.url === TOKEN_REFRESH_PATH)).toHaveLength(1));
    refreshGate.resolve();
    const results = await pending;

    expect(results.map((r) => r.data)).toEqual([{ url: '/api/a/' }, { url: '/api/b/' }, { url: '/api/c/' }]);
    const refreshes = server.requests.filter((r) => r.url === TOKEN_REFRESH_PATH);
    expect(refreshes).toHaveLength(1);
    expect(bodyOf(refreshes[0]!)).toEqual({ refresh: oldRefresh });
    expect(bearer(refreshes[0]!)).toBeUndefined();
    expect(server.requests.filter((r) => r.url === '/api/a/')).toHaveLength(2);
    expect(localStorage.getItem('access')).toBe(newAccess);
    expect(localStorage.getItem('refresh')).toBe(newRefresh);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries a request only once when the refreshed token is refused too', async () => {
    const server = fakeServer((config) =>
      config.url === TOKEN_REFRESH_PATH
        ? { status: 200, data: { access: newAccess, refresh: newRefresh } }
        : { status: 401, data: { detail: 'User not found' } },
    );
    const { api } = client(server.adapter);

    await expect(api.get('/api/a/')).rejects.toMatchObject({ response: { status: 401 } });

    expect(server.requests.map((r) => r.url)).toEqual(['/api/a/', TOKEN_REFRESH_PATH, '/api/a/']);
  });

  it('clears the session but keeps theme, home tab and seen records when the refresh is refused', async () => {
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('home:activeTab:v1', 'forYou');
    localStorage.setItem('seen:forYou:v1', '{"ts":1,"ids":[3]}');
    localStorage.setItem('seen:other', 'x');
    localStorage.setItem('intended_destination', '/watchlists');
    const server = fakeServer((config) =>
      config.url === TOKEN_REFRESH_PATH
        ? { status: 401, data: { detail: 'Token is blacklisted' } }
        : { status: 401, data: { detail: 'Given token not valid for any token type' } },
    );
    const { api, onSessionExpired } = client(server.adapter);

    await expect(api.get('/api/a/')).rejects.toMatchObject({ response: { status: 401 } });

    expect(Object.keys(localStorage).sort()).toEqual(['home:activeTab:v1', 'seen:forYou:v1', 'seen:other', 'theme']);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it.each(['/home', '/', '/driver/max-verstappen', '/review/12', '/watchlist/abc'])(
    'lets the visitor stay on public page %s when the session ends',
    async (path) => {
      const server = fakeServer((config) =>
        config.url === TOKEN_REFRESH_PATH ? { status: 401, data: {} } : { status: 401, data: {} },
      );
      const { api, onSessionExpired } = client(server.adapter, { currentPath: () => path });

      await expect(api.get('/api/a/')).rejects.toBeInstanceOf(AxiosError);

      expect(localStorage.getItem('access')).toBeNull();
      expect(onSessionExpired).not.toHaveBeenCalled();
    },
  );

  it('renews the session on request (a live stream refused), and ends it when the refresh is refused', async () => {
    let refuse = false;
    const server = fakeServer(() =>
      refuse ? { status: 401, data: {} } : { status: 200, data: { access: newAccess, refresh: newRefresh } },
    );
    const onSessionExpired = vi.fn<() => void>();
    const options = { adapter: server.adapter, onSessionExpired, currentPath: () => '/race/1', now: () => NOW };
    const { renewSession } = createApiSession(options);

    await renewSession();
    expect(server.requests.map((r) => r.url)).toEqual([TOKEN_REFRESH_PATH]);
    expect(localStorage.getItem('access')).toBe(newAccess);
    expect(localStorage.getItem('refresh')).toBe(newRefresh);

    refuse = true;
    await expect(renewSession()).rejects.toThrow();
    expect(localStorage.getItem('access')).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('treats only the spec pages as public', () => {
    expect(isPublicPath('/profile')).toBe(false);
    expect(isPublicPath('/race/1')).toBe(false);
    expect(isPublicPath('/watchlists')).toBe(false);
    expect(isPublicPath('/driver/x')).toBe(true);
  });

  it('ends the session without calling the server when there is no refresh token', async () => {
    localStorage.removeItem('refresh');
    const server = fakeServer(() => ({ status: 401, data: {} }));
    const { api, onSessionExpired } = client(server.adapter);

    await expect(api.get('/api/a/')).rejects.toBeInstanceOf(AxiosError);

    expect(server.requests.map((r) => r.url)).toEqual(['/api/a/']);
    expect(localStorage.getItem('access')).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('ends the session without calling the server when the refresh token has expired', async () => {
    localStorage.setItem('refresh', token('dead-refresh', -5));
    const server = fakeServer(() => ({ status: 401, data: {} }));
    const { api, onSessionExpired } = client(server.adapter);

    await expect(api.get('/api/a/')).rejects.toBeInstanceOf(AxiosError);

    expect(server.requests.map((r) => r.url)).toEqual(['/api/a/']);
    expect(localStorage.getItem('refresh')).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('refreshes before sending when the access token has under 300 s left', async () => {
    localStorage.setItem('access', token('expiring', 299));
    const server = fakeServer((config) =>
      config.url === TOKEN_REFRESH_PATH
        ? { status: 200, data: { access: newAccess, refresh: newRefresh } }
        : { status: 200, data: {} },
    );
    const { api } = client(server.adapter);

    await api.get('/api/a/');

    expect(server.requests.map((r) => r.url)).toEqual([TOKEN_REFRESH_PATH, '/api/a/']);
    expect(bearer(server.requests[1]!)).toBe(`Bearer ${newAccess}`);
    expect(localStorage.getItem('refresh')).toBe(newRefresh);
  });

  it('does not refresh a token with 300 s or more left', async () => {
    localStorage.setItem('access', token('fine', 300));
    const server = fakeServer(() => ({ status: 200, data: {} }));
    const { api } = client(server.adapter);

    await api.get('/api/a/');

    expect(server.requests.map((r) => r.url)).toEqual(['/api/a/']);
  });

  it('keeps the session when a proactive refresh fails on the network', async () => {
    const expiring = token('expiring', 120);
    localStorage.setItem('access', expiring);
    const server = fakeServer((config) => {
      if (config.url === TOKEN_REFRESH_PATH) throw new AxiosError('Network Error', 'ERR_NETWORK', config);
      return { status: 200, data: {} };
    });
    const { api, onSessionExpired } = client(server.adapter);

    await api.get('/api/a/');

    expect(bearer(server.requests[1]!)).toBe(`Bearer ${expiring}`);
    expect(localStorage.getItem('access')).toBe(expiring);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('passes a refused login through without refreshing or clearing anything', async () => {
    const server = fakeServer(() => ({
      status: 401,
      data: { detail: 'No active account found with the given credentials' },
    }));
    const { api, onSessionExpired } = client(server.adapter);

    await expect(api.post('/api/auth/login/', { username: 'a', password: 'b' })).rejects.toMatchObject({
      response: { data: { detail: 'No active account found with the given credentials' } },
    });

    expect(bearer(server.requests[0]!)).toBeUndefined();
    expect(localStorage.getItem('access')).toBe(oldAccess);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('toasts the wait from Retry-After on 429', async () => {
    const server = fakeServer(() => ({ status: 429, data: {}, headers: { 'Retry-After': '7' } }));
    const { api, notify } = client(server.adapter);

    await expect(api.get('/api/a/')).rejects.toBeInstanceOf(AxiosError);

    expect(notify).toHaveBeenCalledWith('Too many requests. Try again in 7s.');
  });

  it('toasts a general wait on 429 without Retry-After', async () => {
    const server = fakeServer(() => ({ status: 429, data: {} }));
    const { api, notify } = client(server.adapter);

    await expect(api.get('/api/a/')).rejects.toBeInstanceOf(AxiosError);

    expect(notify).toHaveBeenCalledWith('Too many requests. Please wait and try again.');
  });

  it('notes while the server cannot reach its database, and forgets it at the next answer', async () => {
    let down = true;
    const server = fakeServer(() =>
      down ? { status: 503, data: { detail: DATABASE_UNAVAILABLE }, headers: { 'Retry-After': '5' } } : { status: 200 },
    );
    const { api } = client(server.adapter);
    const trouble = renderHook(() => useDatabaseTrouble());
    expect(trouble.result.current).toBe(false);

    await expect(api.get('/api/a/')).rejects.toBeInstanceOf(AxiosError);
    await waitFor(() => expect(trouble.result.current).toBe(true));

    down = false;
    await api.get('/api/a/');
    await waitFor(() => expect(trouble.result.current).toBe(false));
  });

  it('does not blame the database for other failures', async () => {
    const server = fakeServer(() => ({ status: 503, data: { detail: 'Service temporarily unavailable.' } }));
    const { api } = client(server.adapter);
    const trouble = renderHook(() => useDatabaseTrouble());
    await expect(api.get('/api/a/')).rejects.toBeInstanceOf(AxiosError);
    expect(trouble.result.current).toBe(false);
  });
});
