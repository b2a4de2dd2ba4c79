import { createSseParser, readSseStream, type SseEvent, type SseParser } from './sse.ts';

/**
 * What the connection is doing: `connecting` (first attempt), `open` (events flow), `reconnecting`
 * (waiting or trying again after a drop), `offline` (the browser has no network: waiting for it),
 * `closed` (stopped for good: the server said no, or the caller closed it).
 */
export type EventStreamState = 'connecting' | 'open' | 'reconnecting' | 'offline' | 'closed';

export interface EventStreamOptions {
  url: string;
  onEvent: (event: SseEvent) => void;
  onStateChange?: (state: EventStreamState) => void;
  /** Headers of each attempt (read again before every one, so a refreshed token is used). */
  headers?: () => Record<string, string>;
  /**
   * A 401: given the chance to renew the session (then one immediate retry). Without it, or when it
   * fails again, the stream goes on without the headers' Authorization.
   */
  onUnauthorized?: () => Promise<void>;
  /** The first delay after a failure; the server's `retry:` replaces it. Doubles up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** No byte (not even a heartbeat comment) for this long: the connection is dead, try again. */
  idleTimeoutMs?: number;
  /** For tests. */
  fetch?: typeof fetch;
  random?: () => number;
}

export const STREAM_BASE_DELAY_MS = 1000;
export const STREAM_MAX_DELAY_MS = 30_000;
export const STREAM_IDLE_TIMEOUT_MS = 75_000;

class StopStream extends Error {}

/**
 * Reads a server-sent event stream with fetch (so it can carry an Authorization header) and keeps it
 * connected: each reconnection sends Last-Event-ID so the server can send what was missed, waits with
 * exponential backoff and jitter (the server's `retry:` as the base), and while the browser is offline
 * waits for the network instead of retrying. Returns the function that closes it.
 */
export function connectEventStream(options: EventStreamOptions): () => void {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const random = options.random ?? Math.random;
  const maxDelay = options.maxDelayMs ?? STREAM_MAX_DELAY_MS;
  const idleTimeout = options.idleTimeoutMs ?? STREAM_IDLE_TIMEOUT_MS;
  let baseDelay = options.baseDelayMs ?? STREAM_BASE_DELAY_MS;
  const stop = new AbortController();
  let state: EventStreamState | null = null;
  let lastEventId = '';

  function setState(next: EventStreamState) {
    if (next === state) return;
    state = next;
    options.onStateChange?.(next);
  }

  /** Resolves after `ms`, or at once (false) when the stream is closed meanwhile. */
  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        stop.signal.removeEventListener('abort', done);
        resolve();
      }
      stop.signal.addEventListener('abort', done);
    });
  }

  function isOffline(): boolean {
    return typeof navigator !== 'undefined' && navigator.onLine === false;
  }

  function waitForOnline(): Promise<void> {
    return new Promise((resolve) => {
      function done() {
        window.removeEventListener('online', done);
        stop.signal.removeEventListener('abort', done);
        resolve();
      }
      window.addEventListener('online', done);
      stop.signal.addEventListener('abort', done);
    });
  }

  /** One connection, read until it ends. Returns how long to wait before the next, or throws StopStream. */
  async function attempt(withAuth: boolean): Promise<'unauthorized' | number | null> {
    const connection = new AbortController();
    const abort = () => connection.abort();
    stop.signal.addEventListener('abort', abort);
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const resetIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(abort, idleTimeout);
    };
    let parser: SseParser | null = null;
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream', ...options.headers?.() };
      if (!withAuth) delete headers.Authorization;
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      resetIdle();
      const response = await doFetch(options.url, { headers, signal: connection.signal, cache: 'no-store' });
      if (response.status === 401 && withAuth && headers.Authorization) return 'unauthorized';
      // 204 is the standard's "stop reconnecting"; other client errors will not change by retrying.
      if (
        response.status === 204 ||
        (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429)
      ) {
        throw new StopStream(`event stream answered ${response.status}`);
      }
      if (response.status === 429) {
        const seconds = Number(response.headers.get('Retry-After'));
        return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
      }
      const type = response.headers.get('Content-Type') ?? '';
      if (!response.ok || !response.body || !type.startsWith('text/event-stream')) return null;

      setState('open');
      parser = createSseParser(
        {
          onEvent: (event) => {
            lastEventId = event.lastEventId;
            options.onEvent(event);
          },
          onRetry: (ms) => {
            baseDelay = ms;
          },
          onActivity: resetIdle,
        },
        lastEventId,
      );
      await readSseStream(response.body, parser);
      // A stream that ended normally: the server's retry delay, without growing.
      return 0;
    } catch (error) {
      if (error instanceof StopStream) throw error;
      return null;
    } finally {
      // The server may move the position with an id alone (no event), which a reconnection must send too.
      if (parser) lastEventId = parser.lastEventId;
      clearTimeout(idleTimer);
      stop.signal.removeEventListener('abort', abort);
    }
  }

  async function run() {
    let failures = 0;
    let withAuth = true;
    let renewed = false;
    for (;;) {
      if (stop.signal.aborted) return;
      if (isOffline()) {
        setState('offline');
        await waitForOnline();
        continue;
      }
      setState(state === null || state === 'connecting' ? 'connecting' : 'reconnecting');
      let result: Awaited<ReturnType<typeof attempt>>;
      try {
        result = await attempt(withAuth);
      } catch {
        setState('closed');
        return;
      }
      if (stop.signal.aborted) return;
      if (result === 'unauthorized') {
        if (!renewed && options.onUnauthorized) {
          renewed = true;
          await options.onUnauthorized().catch(() => undefined);
        } else {
          withAuth = false;
        }
        continue;
      }
      renewed = false;
      if (state === 'open') failures = 0;
      setState(isOffline() ? 'offline' : 'reconnecting');
      if (isOffline()) continue;
      let delay: number;
      if (typeof result === 'number' && result > 0) {
        delay = result;
      } else {
        const growth = result === 0 ? 1 : 2 ** failures;
        delay = Math.min(maxDelay, baseDelay * growth);
        // Jitter, so clients dropped together do not all come back in the same instant.
        delay = delay / 2 + (delay / 2) * random();
        if (result === null) failures += 1;
      }
      await sleep(delay);
    }
  }

  void run();
  return () => {
    if (stop.signal.aborted) return;
    stop.abort();
    setState('closed');
  };
}

/** What parses a stream's messages: a zod schema, or a check with the same method (no zod is imported here). */
export interface MessageSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * An `onEvent` handler that reads each message's data as JSON and hands what `schema` accepts to `apply`;
 * a message it cannot read (a newer server's, a broken line) is skipped.
 */
export function parsedEvents<T>(schema: MessageSchema<T>, apply: (event: T) => void): (event: SseEvent) => void {
  return (message) => {
    let json: unknown;
    try {
      json = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) apply(parsed.data);
  };
}
