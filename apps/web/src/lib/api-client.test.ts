import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { routes } from '@paddock/contract/routes';
import { DATABASE_UNAVAILABLE } from '@paddock/contract/limits';
import { readRequest, replyOf, type StubbedRequest } from '@/test/http.ts';
import { fakeJwt } from '@/test/tokens.ts';
import { useDatabaseTrouble } from './service-status.ts';
import { ApiError, apiUrl, createApiClient, isPublicPath, type ApiClientOptions } from './api-client.ts';
import { EARLY_ANSWERS_MS, earlyAnswersScript } from './early-answers.ts';
import { revealRace } from './spoiler-session.ts';

const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);
const REFRESH = routes.refreshToken.path;
const STARS = routes.listStarredDrivers.path;
const BOARD = routes.mostStarredDrivers.path;

function token(name: string, secondsFromNow: number): string {
  return fakeJwt(name, NOW + secondsFromNow * 1000);
}

interface Reply {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}
type Handler = (request: StubbedRequest) => Reply | Promise<Reply>;

/** A fetch that answers like the server would; a handler that throws is a network failure. */
function fakeServer(handler: Handler): { fetch: typeof fetch; requests: StubbedRequest[] } {
  const requests: StubbedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = await readRequest(input, init);
    requests.push(request);
    return replyOf(await handler(request));
  };
  return { fetch, requests };
}

const bearer = (request: StubbedRequest) => request.headers.get('Authorization');

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function client(fetch: typeof globalThis.fetch, overrides: Partial<ApiClientOptions> = {}) {
  const notify = vi.fn<(message: string) => void>();
  const onSessionExpired = vi.fn<() => void>();
  const api = createApiClient({
    fetch,
    notify,
    onSessionExpired,
    currentPath: () => '/profile',
    now: () => NOW,
    ...overrides,
  });
  return { api, notify, onSessionExpired };
}

type Api = ReturnType<typeof client>['api'];
/** A call needing no more than a signed-in user (or not even that). */
const listStars = (api: Api) => api.call('listStarredDrivers', { query: { user_id: 4 } });

const oldAccess = token('old-access', 1200);
const oldRefresh = token('old-refresh', 86400);
const newAccess = token('new-access', 1800);
const newRefresh = token('new-refresh', 7 * 86400);

beforeEach(() => {
  localStorage.setItem('access', oldAccess);
  localStorage.setItem('refresh', oldRefresh);
});

describe('api client', () => {
  it('sends same-origin JSON requests with the stored access token, parameters filled in and encoded', async () => {
    const server = fakeServer(() => ({ status: 200, data: { results: [], next_cursor: null } }));
    const { api } = client(server.fetch);

    const page = await api.call('listStarredDrivers', { query: { user_id: 4, race_id: undefined, cursor: 'a b&c' } });
    await api.call('unstarDriver', { params: { id: 12 } });
    await api.call('starDriver', { body: { race_id: 3, driver_id: 'max-verstappen' } });

    expect(page).toEqual({ results: [], next_cursor: null });
    const [list, unstar, star] = server.requests;
    expect(list).toMatchObject({ operation: 'listStarredDrivers', method: 'GET', url: STARS });
    expect(list!.query).toEqual({ user_id: '4', cursor: 'a b&c' });
    expect(list!.headers.get('Accept')).toBe('application/json');
    expect(bearer(list!)).toBe(`Bearer ${oldAccess}`);
    expect(unstar).toMatchObject({ operation: 'unstarDriver', method: 'DELETE', params: { id: '12' } });
    expect(star).toMatchObject({ method: 'POST', body: { race_id: 3, driver_id: 'max-verstappen' } });
    expect(star!.headers.get('Content-Type')).toBe('application/json');
    expect(apiUrl('unstarDriver', { params: { id: 'a/b' } })).toBe(routes.unstarDriver.path.replace(':id', 'a%2Fb'));
  });

  it('takes the answer the page asked for as it was read, once, and only if made with the token it sends', async () => {
    vi.spyOn(performance, 'now').mockReturnValue(1_000);
    const ME = routes.getMe.path;
    const early = vi.fn(async () => new Response(JSON.stringify({ id: 1, username: 'early' }), { status: 200 }));
    /** The page's inline script, run as the browser runs it, with the browser's fetch. */
    const readPage = () => {
      vi.stubGlobal('fetch', early);
      // The script's own text is what is under test, as the page carries it.
      // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call
      new Function(earlyAnswersScript({ paths: [ME] }))();
      vi.unstubAllGlobals();
    };
    const server = fakeServer(() => ({ status: 200, data: { id: 1, username: 'asked' } }));
    const { api } = client(server.fetch);

    readPage();
    expect(early.mock.calls[0]).toEqual([
      ME,
      { headers: { Accept: 'application/json', Authorization: `Bearer ${oldAccess}` }, credentials: 'same-origin' },
    ]);
    expect(await api.call('getMe')).toMatchObject({ username: 'early' });
    expect(server.requests).toHaveLength(0);
    // Taken once: the next call asks the server.
    expect(await api.call('getMe')).toMatchObject({ username: 'asked' });

    // Asked with a token the client no longer sends (it was renewed since): left unused.
    readPage();
    localStorage.setItem('access', newAccess);
    expect(await api.call('getMe')).toMatchObject({ username: 'asked' });

    // An early ask that failed on the network: the client asks itself.
    localStorage.setItem('access', oldAccess);
    early.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    readPage();
    expect(await api.call('getMe')).toMatchObject({ username: 'asked' });
    expect(server.requests).toHaveLength(3);
  });

  it('asks as the client does, with the races revealed this session, and leaves an answer left too long', async () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    const ME = routes.getMe.path;
    const early = vi.fn(async () => new Response(JSON.stringify({ id: 1, username: 'early' }), { status: 200 }));
    const server = fakeServer(() => ({ status: 200, data: { id: 1, username: 'asked' } }));
    const { api } = client(server.fetch);
    revealRace(1057);
    try {
      vi.stubGlobal('fetch', early);
      // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call
      new Function(earlyAnswersScript({ paths: [ME] }))();
      vi.unstubAllGlobals();
      // The answer differs with the races revealed (decision 033): asked with them, as the client asks.
      expect(early.mock.calls[0]).toEqual([
        ME,
        {
          headers: { Accept: 'application/json', Authorization: `Bearer ${oldAccess}`, 'x-spoilers-revealed': '1057' },
          credentials: 'same-origin',
        },
      ]);
      // A page's early answers are for its first moments: one untaken 15 s on is left, and the client asks.
      now.mockReturnValue(EARLY_ANSWERS_MS + 1);
      expect(await api.call('getMe')).toMatchObject({ username: 'asked' });
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.headers.get('x-spoilers-revealed')).toBe('1057');
    } finally {
      sessionStorage.clear();
      delete window.__paddockAnswers;
    }
  });

  it('gives up after 5 s, or the time the call asks for, with an error that has no answer', async () => {
    vi.useFakeTimers();
    try {
      const never = vi.fn<typeof fetch>(
        (_input, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      );
      const { api } = client(never);
      const slow = expect(listStars(api)).rejects.toMatchObject({
        response: null,
        message: 'timeout of 5000ms exceeded',
      });
      await vi.advanceTimersByTimeAsync(4999);
      expect(never).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await slow;
      const quick = expect(
        api.call('mostStarredDrivers', { query: { race_id: 1 }, timeout: 100 }),
      ).rejects.toBeInstanceOf(ApiError);
      await vi.advanceTimersByTimeAsync(100);
      await quick;
    } finally {
      vi.useRealTimers();
    }
  });

  it('refreshes once for concurrent 401s, stores the rotated pair and retries each request once', async () => {
    const refreshGate = deferred();
    const server = fakeServer(async (request) => {
      if (request.url === REFRESH) {
        await refreshGate.promise;
        return { status: 200, data: { access: newAccess, refresh: newRefresh } };
      }
      return bearer(request) === `Bearer ${newAccess}`
        ? { status: 200, data: { operation: request.operation } }
        : { status: 401, data: { detail: 'Given token not valid for any token type' } };
    });
    const { api, onSessionExpired } = client(server.fetch);

    const pending = Promise.all([
      listStars(api),
      api.call('mostStarredDrivers', { query: { race_id: 1 } }),
      api.call('unstarDriver', { params: { id: 1 } }),
    ]);
    await vi.waitFor(() => expect(server.requests.filter((r) => r.url === REFRESH)).toHaveLength(1));
    refreshGate.resolve();
    const results = await pending;

    expect(results).toEqual([
      { operation: 'listStarredDrivers' },
      { operation: 'mostStarredDrivers' },
      { operation: 'unstarDriver' },
    ]);
    const refreshes = server.requests.filter((r) => r.url === REFRESH);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.body).toEqual({ refresh: oldRefresh });
    expect(bearer(refreshes[0]!)).toBeNull();
    expect(server.requests.filter((r) => r.url === BOARD)).toHaveLength(2);
    expect(localStorage.getItem('access')).toBe(newAccess);
    expect(localStorage.getItem('refresh')).toBe(newRefresh);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries a request only once when the refreshed token is refused too', async () => {
    const server = fakeServer((request) =>
      request.url === REFRESH
        ? { status: 200, data: { access: newAccess, refresh: newRefresh } }
        : { status: 401, data: { detail: 'User not found' } },
    );
    const { api } = client(server.fetch);

    await expect(listStars(api)).rejects.toMatchObject({ response: { status: 401 } });

    expect(server.requests.map((r) => r.url)).toEqual([STARS, REFRESH, STARS]);
    expect(bearer(server.requests[2]!)).toBe(`Bearer ${newAccess}`);
  });

  it('clears the session but keeps theme, home tab and seen records when the refresh is refused', async () => {
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('home:activeTab:v1', 'forYou');
    localStorage.setItem('seen:forYou:v1', '{"ts":1,"ids":[3]}');
    localStorage.setItem('seen:other', 'x');
    localStorage.setItem('intended_destination', '/watchlists');
    const server = fakeServer((request) =>
      request.url === REFRESH
        ? { status: 401, data: { detail: 'Token is blacklisted' } }
        : { status: 401, data: { detail: 'Given token not valid for any token type' } },
    );
    const { api, onSessionExpired } = client(server.fetch);

    await expect(listStars(api)).rejects.toMatchObject({ response: { status: 401 } });

    expect(Object.keys(localStorage).sort()).toEqual(['home:activeTab:v1', 'seen:forYou:v1', 'seen:other', 'theme']);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it.each(['/home', '/', '/driver/max-verstappen', '/review/12', '/watchlist/abc'])(
    'lets the visitor stay on public page %s when the session ends',
    async (path) => {
      const server = fakeServer(() => ({ status: 401, data: {} }));
      const { api, onSessionExpired } = client(server.fetch, { currentPath: () => path });

      await expect(listStars(api)).rejects.toBeInstanceOf(ApiError);

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
    const options = { fetch: server.fetch, onSessionExpired, currentPath: () => '/race/1', now: () => NOW };
    const { renewSession } = createApiClient(options);

    await renewSession();
    expect(server.requests.map((r) => r.url)).toEqual([REFRESH]);
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
    const { api, onSessionExpired } = client(server.fetch);

    await expect(listStars(api)).rejects.toBeInstanceOf(ApiError);

    expect(server.requests.map((r) => r.url)).toEqual([STARS]);
    expect(localStorage.getItem('access')).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('ends the session without calling the server when the refresh token has expired', async () => {
    localStorage.setItem('refresh', token('dead-refresh', -5));
    const server = fakeServer(() => ({ status: 401, data: {} }));
    const { api, onSessionExpired } = client(server.fetch);

    await expect(listStars(api)).rejects.toBeInstanceOf(ApiError);

    expect(server.requests.map((r) => r.url)).toEqual([STARS]);
    expect(localStorage.getItem('refresh')).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('refreshes before sending when the access token has under 300 s left', async () => {
    localStorage.setItem('access', token('expiring', 299));
    const server = fakeServer((request) =>
      request.url === REFRESH ? { status: 200, data: { access: newAccess, refresh: newRefresh } } : { status: 200 },
    );
    const { api } = client(server.fetch);

    await listStars(api);

    expect(server.requests.map((r) => r.url)).toEqual([REFRESH, STARS]);
    expect(bearer(server.requests[1]!)).toBe(`Bearer ${newAccess}`);
    expect(localStorage.getItem('refresh')).toBe(newRefresh);
  });

  it('does not refresh a token with 300 s or more left', async () => {
    localStorage.setItem('access', token('fine', 300));
    const server = fakeServer(() => ({ status: 200 }));
    const { api } = client(server.fetch);

    await listStars(api);

    expect(server.requests.map((r) => r.url)).toEqual([STARS]);
  });

  it('keeps the session when a proactive refresh fails on the network', async () => {
    const expiring = token('expiring', 120);
    localStorage.setItem('access', expiring);
    const server = fakeServer((request) => {
      if (request.url === REFRESH) throw new TypeError('Failed to fetch');
      return { status: 200 };
    });
    const { api, onSessionExpired } = client(server.fetch);

    await listStars(api);

    expect(bearer(server.requests[1]!)).toBe(`Bearer ${expiring}`);
    expect(localStorage.getItem('access')).toBe(expiring);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('answers a network failure with an error that has no answer', async () => {
    const server = fakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    const { api } = client(server.fetch);
    await expect(listStars(api)).rejects.toMatchObject({ response: null, message: 'Network Error' });
  });

  it('passes a refused login through without refreshing or clearing anything', async () => {
    const server = fakeServer(() => ({
      status: 401,
      data: { detail: 'No active account found with the given credentials' },
    }));
    const { api, onSessionExpired } = client(server.fetch);

    await expect(api.call('login', { body: { username: 'a', password: 'b' } })).rejects.toMatchObject({
      response: { data: { detail: 'No active account found with the given credentials' } },
    });

    expect(server.requests).toHaveLength(1);
    expect(bearer(server.requests[0]!)).toBeNull();
    expect(localStorage.getItem('access')).toBe(oldAccess);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('toasts the wait from Retry-After on 429', async () => {
    const server = fakeServer(() => ({ status: 429, data: {}, headers: { 'Retry-After': '7' } }));
    const { api, notify } = client(server.fetch);

    await expect(listStars(api)).rejects.toBeInstanceOf(ApiError);

    expect(notify).toHaveBeenCalledWith('Too many requests. Try again in 7s.');
  });

  it('toasts a general wait on 429 without Retry-After', async () => {
    const server = fakeServer(() => ({ status: 429, data: {} }));
    const { api, notify } = client(server.fetch);

    await expect(listStars(api)).rejects.toBeInstanceOf(ApiError);

    expect(notify).toHaveBeenCalledWith('Too many requests. Please wait and try again.');
  });

  it('notes while the server cannot reach its database, and forgets it at the next answer', async () => {
    let down = true;
    const server = fakeServer(() =>
      down ? { status: 503, data: { detail: DATABASE_UNAVAILABLE }, headers: { 'Retry-After': '5' } } : { status: 200 },
    );
    const { api } = client(server.fetch);
    const trouble = renderHook(() => useDatabaseTrouble());
    expect(trouble.result.current).toBe(false);

    await expect(listStars(api)).rejects.toBeInstanceOf(ApiError);
    await waitFor(() => expect(trouble.result.current).toBe(true));

    down = false;
    await listStars(api);
    await waitFor(() => expect(trouble.result.current).toBe(false));
  });

  it('does not blame the database for other failures', async () => {
    const server = fakeServer(() => ({ status: 503, data: { detail: 'Service temporarily unavailable.' } }));
    const { api } = client(server.fetch);
    const trouble = renderHook(() => useDatabaseTrouble());
    await expect(listStars(api)).rejects.toBeInstanceOf(ApiError);
    expect(trouble.result.current).toBe(false);
  });
});
