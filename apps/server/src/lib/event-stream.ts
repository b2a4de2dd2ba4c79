import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LAST_EVENT_ID_INVALID, LAST_EVENT_ID_PATTERN } from '@paddock/contract';
import { fieldErrors } from './errors.ts';
import type { LiveBus } from './live-bus.ts';

/*
 * What the server's event streams (race thoughts, the notification bell) share: how an answer becomes a
 * stream, where a reconnecting client resumes, and how a message is written to a client that may be slow.
 */

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** The reconnection delay the stream asks of its clients. */
export const RETRY_MS = 3_000;
/** A connection that has this much unsent is too slow: it is closed and will replay on reconnect. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * Where a reconnecting stream resumes: the Last-Event-ID header (what EventSource sends, and what a
 * fetch-based client should send), else `?last_event_id=`; null for a fresh start.
 */
export function lastEventIdOf(request: FastifyRequest, query: string | undefined): number | null {
  const header = request.headers['last-event-id'];
  const raw = (Array.isArray(header) ? header[0] : header)?.trim() || query;
  if (raw === undefined || raw === '') return null;
  if (!LAST_EVENT_ID_PATTERN.test(raw)) throw fieldErrors({ last_event_id: [LAST_EVENT_ID_INVALID] });
  return Number(raw);
}

/** A HEAD request of a stream: its headers, without opening it. */
export function streamHead(reply: FastifyReply): FastifyReply {
  return reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-cache').send('');
}

/**
 * Turns the request's answer into an open event stream and returns the raw response to write it on.
 * The reply is hijacked: helmet's and the rate limit's headers set so far are carried over by hand, and
 * nothing compresses or buffers the answer.
 */
export function startEventStream(reply: FastifyReply): ServerResponse {
  const res = reply.raw;
  reply.hijack();
  const carried = Object.entries(reply.getHeaders()).filter(
    (h): h is [string, string | number | string[]] => h[1] !== undefined,
  );
  res.writeHead(200, {
    ...Object.fromEntries(carried),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  res.write(`retry: ${RETRY_MS}\n\n`);
  return res;
}

/** Writes to a stream unless it has ended; a client that has fallen too far behind is cut off. */
export function writeToStream(res: ServerResponse, text: string): void {
  if (res.destroyed || res.writableEnded) return;
  res.write(text);
  if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
}

/** Streams that are read together (a race's room, an account's bell): their reads run one after another. */
export interface StreamGroup {
  /** The group's reads and joins, chained, so nothing is sent twice or out of order. */
  queue: Promise<void>;
  catchUpQueued: boolean;
}

/**
 * The live streams of one kind on this instance (decision 013): one subscription to the kind's doorbells on the
 * live bus, groups of streams keyed by id, a heartbeat, and the end of every stream on close. A subclass says
 * what a doorbell names, how a group catches up, and what each heartbeat does besides keeping streams alive.
 */
export abstract class StreamHub<G extends StreamGroup> {
  protected readonly groups = new Map<number, G>();
  /** Every open stream here (some still joining their group). */
  protected readonly streams = new Set<ServerResponse>();
  protected closed = false;
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(
    private readonly channel: string,
    protected readonly bus: LiveBus,
    protected readonly log: FastifyBaseLogger,
  ) {}

  /** A doorbell heard on the channel (from this instance or another). */
  protected abstract onDoorbell(message: string): void;
  /** Reads what is new for the group and writes it to its streams. */
  protected abstract catchUp(group: G): Promise<void>;
  /** What a heartbeat does besides the comment line: reading every group, in case a doorbell was lost. */
  protected abstract onHeartbeat(): void;
  /** The log fields naming a group. */
  protected abstract describe(group: G): object;

  /** Subscribes this instance to the doorbells (one subscription, whatever the number of streams). */
  async start(timers: { every: number; run: () => void }[] = []): Promise<void> {
    this.unsubscribe = await this.bus.subscribe(this.channel, {
      message: (m) => this.onDoorbell(m),
      // Doorbells may have been missed: every group reads again.
      resync: () => this.groups.forEach((group) => this.requestCatchUp(group)),
    });
    this.timers = [{ every: HEARTBEAT_MS, run: () => this.heartbeat() }, ...timers].map(({ every, run }) => {
      const timer = setInterval(run, every);
      timer.unref();
      return timer;
    });
  }

  /** Ends every stream (the clients reconnect elsewhere) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const res of this.streams) res.end();
    this.streams.clear();
    this.groups.clear();
    await this.unsubscribe?.();
  }

  /** How many streams are open here (tests, diagnostics). */
  get size(): number {
    return this.streams.size;
  }

  /** Runs `task` after the group's earlier reads; a failure is logged, and the next task runs anyway. */
  protected enqueue(group: G, task: () => Promise<void>): Promise<void> {
    const run = group.queue.then(task);
    group.queue = run.catch((err: unknown) => this.log.error({ err, ...this.describe(group) }, 'live stream failed'));
    return run;
  }

  /** Queues a catch-up of the group; doorbells that ring while one is queued share it. */
  protected requestCatchUp(group: G): void {
    if (group.catchUpQueued) return;
    group.catchUpQueued = true;
    void this.enqueue(group, async () => {
      group.catchUpQueued = false;
      await this.catchUp(group);
    });
  }

  private heartbeat(): void {
    for (const res of this.streams) writeToStream(res, ': keep-alive\n\n');
    this.onHeartbeat();
  }
}
