import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEventStreamFetch } from '@/test/event-stream.ts';
import { apiUrl } from './api-client.ts';
import { connectEventStream, type EventStreamState } from './event-stream.ts';
import type { SseEvent } from './sse.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function open(
  server: ReturnType<typeof fakeEventStreamFetch>,
  options: Partial<Parameters<typeof connectEventStream>[0]> = {},
) {
  const events: SseEvent[] = [];
  const states: EventStreamState[] = [];
  const close = connectEventStream({
    url: apiUrl('thoughtStream', { params: { race_id: 1117 } }),
    fetch: server.fetch,
    random: () => 1,
    baseDelayMs: 10,
    onEvent: (event) => events.push(event),
    onStateChange: (state) => states.push(state),
    ...options,
  });
  return { events, states, close };
}

describe('live event stream', () => {
  it('sends the token, reports the connection open and delivers each event', async () => {
    const server = fakeEventStreamFetch();
    const { events, states, close } = open(server, { headers: () => ({ Authorization: 'Bearer abc' }) });

    const connection = await server.latest();
    expect(connection.headers).toMatchObject({ Accept: 'text/event-stream', Authorization: 'Bearer abc' });
    expect(connection.headers['Last-Event-ID']).toBeUndefined();
    connection.send('id: 1\nevent: thought.created\ndata: {"a":1}\n\n');

    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toEqual({ type: 'thought.created', data: '{"a":1}', lastEventId: '1' });
    expect(states).toEqual(['connecting', 'open']);
    close();
    expect(connection.signal.aborted).toBe(true);
    expect(states.at(-1)).toBe('closed');
  });

  it('reconnects after the stream ends, with Last-Event-ID and the delay the server asked for', async () => {
    const server = fakeEventStreamFetch();
    const { states, close } = open(server, { baseDelayMs: 5000 });

    const first = await server.latest();
    first.send('retry: 30\nid: 41\ndata: {}\n\n');
    await vi.waitFor(() => expect(states).toContain('open'));
    first.end();

    await vi.waitFor(() => expect(server.connections).toHaveLength(2), { timeout: 1000 });
    expect(server.connections[1]?.headers['Last-Event-ID']).toBe('41');
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    close();
  });

  it('backs off exponentially while the server cannot be reached, then resets once connected', async () => {
    vi.useFakeTimers();
    const server = fakeEventStreamFetch((attempt) => (attempt <= 3 ? 'network-error' : 'stream'));
    const { states, close } = open(server, { baseDelayMs: 1000 });

    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(server.calls).toHaveLength(4);
    expect(states.at(-1)).toBe('open');

    // A drop after a good connection starts again from the base delay.
    server.connections[0]?.send('data: {}\n\n');
    server.connections[0]?.end();
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls).toHaveLength(5);
    close();
  });

  it('waits a 429 out for as long as Retry-After says', async () => {
    vi.useFakeTimers();
    const server = fakeEventStreamFetch((attempt) =>
      attempt === 1 ? { status: 429, headers: { 'Retry-After': '7' } } : 'stream',
    );
    const { close } = open(server);
    await vi.advanceTimersByTimeAsync(6999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    close();
  });

  it('stops for good on a client error such as 404', async () => {
    const server = fakeEventStreamFetch(() => ({ status: 404 }));
    const { states } = open(server);
    await vi.waitFor(() => expect(states.at(-1)).toBe('closed'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls).toHaveLength(1);
  });

  it('renews the session once on a 401, then carries on without the token if still refused', async () => {
    const server = fakeEventStreamFetch((attempt) => (attempt <= 2 ? { status: 401 } : 'stream'));
    const onUnauthorized = vi.fn(async () => undefined);
    const { close } = open(server, { headers: () => ({ Authorization: 'Bearer old' }), onUnauthorized });

    await vi.waitFor(() => expect(server.connections).toHaveLength(1));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.calls.map((c) => c.headers.Authorization)).toEqual(['Bearer old', 'Bearer old', undefined]);
    close();
  });

  it('while the browser is offline, waits for the network instead of retrying', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = fakeEventStreamFetch();
    const { states, close } = open(server);

    expect(states).toEqual(['offline']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls).toHaveLength(0);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await server.latest();
    await vi.waitFor(() => expect(states.at(-1)).toBe('open'));
    close();
  });

  it('treats a silent connection as dead and reconnects from the position the server gave', async () => {
    const server = fakeEventStreamFetch();
    const { events, close } = open(server, { idleTimeoutMs: 40 });
    const first = await server.latest();
    // The server's position at connect time: an id without an event.
    first.send('id: 9\n\n');
    await vi.waitFor(() => expect(first.signal.aborted).toBe(true), { timeout: 1000 });
    await vi.waitFor(() => expect(server.connections).toHaveLength(2), { timeout: 1000 });
    expect(server.connections[1]?.headers['Last-Event-ID']).toBe('9');
    expect(events).toEqual([]);
    close();
  });
});
