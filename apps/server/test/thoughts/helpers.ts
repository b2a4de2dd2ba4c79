import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { Thought, ThoughtStreamEvent } from '@paddock/contract';
import type { Db } from '../../src/db/client.ts';
import { selectRows } from '../../src/lib/sql.ts';
import { createRace, HOUR } from '../support/factories/f1.ts';
import type { TestUser } from '../support/factories/users.ts';
import type { caller } from '../support/social.ts';

/* Races with open or closed thoughts, thoughts posted as a user, and a streaming SSE client. */

/** A race that started `hoursAgo` hours ago (negative: starts in that many hours). */
export const raceStartedAgo = (db: Db, hoursAgo: number) =>
  createRace(db, { startsAt: new Date(Math.floor(Date.now() / HOUR) * HOUR - hoursAgo * HOUR) });

/** A race starting in an hour: its thoughts are open (from 24 hours before until 48 hours after). */
export const openRace = (db: Db) => raceStartedAgo(db, -1);

/** `select count(*)::int as n ...` → n. */
export const countOf = async (db: Db, query: SQL): Promise<number> =>
  (await selectRows<{ n: number }>(db, query))[0]?.n ?? 0;

export async function postThought(
  as: ReturnType<typeof caller>,
  user: TestUser,
  raceId: number,
  content = 'Lights out!',
): Promise<Thought> {
  const res = await as(user).post<Thought>('/api/core/race-thoughts/', { race_id: raceId, content });
  if (res.status !== 201) throw new Error(`posting a thought answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

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

export interface StreamEvent {
  id: number;
  event: string;
  data: ThoughtStreamEvent;
}

/**
 * A server-sent-events client over fetch streaming, as the web client does it (so it can send
 * Authorization and Last-Event-ID): it parses messages as they arrive.
 */
export class SseClient {
  readonly messages: SseMessage[] = [];
  ended = false;
  private waiters: (() => void)[] = [];

  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {}

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const controller = new AbortController();
    const response = await fetch(url, { headers, signal: controller.signal });
    const client = new SseClient(response, controller);
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
  events(): StreamEvent[] {
    return this.messages
      .filter((m) => m.data !== undefined)
      .map((m) => ({ id: Number(m.id), event: m.event ?? 'message', data: JSON.parse(m.data!) as ThoughtStreamEvent }));
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

  async waitForEvents(n: number, ms = 5_000): Promise<StreamEvent[]> {
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
