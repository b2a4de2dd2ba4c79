import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/* The server's event streams over real HTTP: a listening app, and a streaming SSE client. */

export async function listenOn(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

export interface StreamEvent<T> {
  id: number;
  event: string;
  data: T;
}

/**
 * A server-sent-events client over fetch streaming, as the web client does it (so it can send
 * Authorization and Last-Event-ID): it parses messages as they arrive.
 */
export class SseClient<T = unknown> {
  readonly messages: SseMessage[] = [];
  ended = false;
  private waiters: (() => void)[] = [];

  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {}

  static async open<T = unknown>(url: string, headers: Record<string, string> = {}): Promise<SseClient<T>> {
    const controller = new AbortController();
    const response = await fetch(url, { headers, signal: controller.signal });
    const client = new SseClient<T>(response, controller);
    if (response.body) void client.read(response.body);
    else client.finish();
    return client;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          this.messages.push(parseBlock(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
          this.wake();
        }
      }
    } catch {
      // aborted by close()
    }
    this.finish();
  }

  private finish(): void {
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** The events received (messages with data), in order. */
  events(): StreamEvent<T>[] {
    return this.messages
      .filter((m) => m.data !== undefined)
      .map((m) => ({ id: Number(m.id), event: m.event ?? 'message', data: JSON.parse(m.data!) as T }));
  }

  /** The last id the server gave (with or without data): what to send as Last-Event-ID. */
  lastEventId(): string | undefined {
    return this.messages.filter((m) => m.id !== undefined).at(-1)?.id;
  }

  /** Waits until `ready()` holds, failing after `ms`. */
  async until(ready: () => boolean, ms = 5_000, what = 'the stream'): Promise<void> {
    const deadline = Date.now() + ms;
    while (!ready()) {
      if (this.ended) throw new Error(`${what}: the stream ended; got ${JSON.stringify(this.messages)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${what}: timed out; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for the opening messages: `retry` and the position live events start from. */
  async ready(): Promise<this> {
    await this.until(() => this.messages.some((m) => m.id !== undefined && m.data === undefined), 5_000, 'opening');
    return this;
  }

  async waitForEvents(n: number, ms = 5_000): Promise<StreamEvent<T>[]> {
    await this.until(() => this.events().length >= n, ms, `${n} events`);
    return this.events();
  }

  close(): void {
    this.controller.abort();
  }
}

function parseBlock(block: string): SseMessage {
  const message: SseMessage = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      message.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') message.data = message.data === undefined ? value : `${message.data}\n${value}`;
    else if (field === 'id' || field === 'event' || field === 'retry') message[field] = value;
  }
  return message;
}
