import { vi } from 'vitest';

/** One open connection of a fake event stream: what the client sent, and the server's side of the body. */
export interface FakeConnection {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  send: (text: string) => void;
  end: () => void;
}

export type FakeAnswer = { status: number; headers?: Record<string, string> } | 'stream' | 'network-error';

/**
 * A stand-in for `fetch` serving text/event-stream: each call is answered by `answer` (a stream by
 * default) and recorded; the test writes to an open connection with `send` and ends it with `end`.
 */
export function fakeEventStreamFetch(answer: (attempt: number) => FakeAnswer = () => 'stream') {
  const connections: FakeConnection[] = [];
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const encoder = new TextEncoder();

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    calls.push({ url, headers });
    const signal = init?.signal ?? new AbortController().signal;
    const reply = answer(calls.length);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply !== 'stream') {
      return {
        status: reply.status,
        ok: reply.status >= 200 && reply.status < 300,
        headers: new Headers(reply.headers ?? {}),
        body: null,
      } as Response;
    }
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let closed = false;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const connection: FakeConnection = {
      url,
      headers,
      signal,
      send: (text) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      },
      end: () => {
        if (closed) return;
        closed = true;
        controller.close();
      },
    };
    signal.addEventListener('abort', () => {
      if (closed) return;
      closed = true;
      controller.error(new DOMException('The operation was aborted.', 'AbortError'));
    });
    connections.push(connection);
    return {
      status: 200,
      ok: true,
      headers: new Headers({ 'Content-Type': 'text/event-stream; charset=utf-8' }),
      body,
    } as Response;
  });

  return {
    fetch,
    calls,
    connections,
    /** The newest connection, once the client has opened it. */
    latest: async (): Promise<FakeConnection> => {
      await vi.waitFor(() => {
        if (connections.length === 0) throw new Error('no connection yet');
      });
      return connections.at(-1)!;
    },
  };
}

/** One SSE event as the server writes it. */
export function sseEvent(id: number, data: { type: string } & Record<string, unknown>): string {
  return `id: ${id}\nevent: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
}
