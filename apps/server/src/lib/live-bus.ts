import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Database, Db } from '../db/client.ts';

/*
 * Small messages between the instances of the server, for live updates (decision 013). A message is a
 * doorbell, never the data: whoever hears one reads what changed from the database, so a message that
 * is lost or late delays an update but cannot lose or reorder it. Three carriers behind one interface:
 * in-process (one instance, PGlite), PostgreSQL LISTEN/NOTIFY (DATABASE_URL) and Redis pub/sub
 * (REDIS_URL). Every instance hears its own messages too, so a sender treats them like anyone else's.
 */

export interface LiveSubscriber {
  /** A message published on the channel, by this instance or another. */
  message(message: string): void;
  /** The carrier was disconnected and is back: messages sent meanwhile may be missing. */
  resync(): void;
}

export interface LiveBus {
  readonly kind: 'memory' | 'postgres' | 'redis';
  publish(channel: string, message: string): Promise<void>;
  /**
   * Resolves once messages on the channel are being received, or, when the carrier is unreachable,
   * once it is retrying in the background (startup never waits for it). Returns the unsubscribe.
   */
  subscribe(channel: string, subscriber: LiveSubscriber): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

type Logger = Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;

class Subscribers {
  private readonly byChannel = new Map<string, Set<LiveSubscriber>>();
  constructor(private readonly log: Logger) {}

  /** Whether this is the channel's first subscriber. */
  add(channel: string, s: LiveSubscriber): boolean {
    const set = this.byChannel.get(channel) ?? new Set();
    set.add(s);
    this.byChannel.set(channel, set);
    return set.size === 1;
  }

  /** Whether the channel has no subscriber left. */
  remove(channel: string, s: LiveSubscriber): boolean {
    const set = this.byChannel.get(channel);
    set?.delete(s);
    if (set && set.size === 0) this.byChannel.delete(channel);
    return !this.byChannel.has(channel);
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  deliver(channel: string, message: string): void {
    for (const s of this.byChannel.get(channel) ?? []) {
      try {
        s.message(message);
      } catch (err) {
        this.log.error({ err, channel }, 'live message handler failed');
      }
    }
  }

  resync(): void {
    for (const set of this.byChannel.values()) for (const s of set) s.resync();
  }
}

/** One process: publishing calls the subscribers directly. */
export function createMemoryLiveBus(log: Logger): LiveBus {
  const subscribers = new Subscribers(log);
  return {
    kind: 'memory',
    publish: async (channel, message) => subscribers.deliver(channel, message),
    subscribe: async (channel, s) => {
      subscribers.add(channel, s);
      return async () => void subscribers.remove(channel, s);
    },
    close: async () => {},
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * PostgreSQL LISTEN/NOTIFY: one dedicated connection per instance listens (outside the pool, which
 * would hand it to other queries); NOTIFY goes through the pool. A lost listener reconnects with
 * backoff (0.5 s doubling up to 30 s) and then asks its subscribers to resync.
 */
function createPostgresLiveBus(opts: { db: Db; connect: () => pg.Client; log: Logger }): LiveBus {
  const { log } = opts;
  const subscribers = new Subscribers(log);
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;
  let connectedBefore = false;
  let closed = false;

  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    c.end().catch(() => {});
    log.warn('live updates: the LISTEN connection was lost; reconnecting');
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retry) return;
    const delay = Math.min(30_000, 500 * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      void ensureConnected();
    }, delay);
    retry.unref();
  };

  const open = async () => {
    const c = opts.connect();
    c.on('error', (err) => {
      log.warn({ err }, 'live updates: LISTEN connection error');
      drop(c);
    });
    c.on('end', () => drop(c));
    c.on('notification', (n) => subscribers.deliver(n.channel, n.payload ?? ''));
    try {
      await c.connect();
      for (const channel of subscribers.channels()) await c.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      c.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    failures = 0;
    if (connectedBefore) subscribers.resync();
    connectedBefore = true;
  };

  const ensureConnected = (): Promise<void> => {
    if (client || closed) return Promise.resolve();
    connecting ??= open()
      .catch((err: unknown) => {
        log.warn({ err }, 'live updates: cannot LISTEN; retrying');
        scheduleReconnect();
      })
      .finally(() => {
        connecting = null;
      });
    return connecting;
  };

  return {
    kind: 'postgres',
    publish: async (channel, message) => {
      await opts.db.execute(sql`select pg_notify(${channel}, ${message})`);
    },
    subscribe: async (channel, s) => {
      const first = subscribers.add(channel, s);
      await ensureConnected();
      const c = client;
      // LISTEN twice is harmless: the connection may have been opened with this channel already.
      if (first && c) await c.query(`LISTEN ${quoteIdent(channel)}`).catch(() => drop(c));
      return async () => {
        if (subscribers.remove(channel, s) && client) {
          await client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
        }
      };
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * Redis pub/sub: a second connection (a subscribed Redis connection can do nothing else) receives;
 * the shared one publishes. ioredis reconnects and resubscribes by itself; every `ready` after the
 * first asks the subscribers to resync.
 */
function createRedisLiveBus(redis: Redis, log: Logger): LiveBus {
  const subscribers = new Subscribers(log);
  const receiver = redis.duplicate();
  let readyBefore = false;
  receiver.on('error', () => {
    // The shared connection reports outages (lib/redis.ts); this one only waits for Redis to return.
  });
  receiver.on('message', (channel: string, message: string) => subscribers.deliver(channel, message));
  receiver.on('ready', () => {
    const channels = subscribers.channels();
    if (channels.length > 0) receiver.subscribe(...channels).catch(() => {});
    if (readyBefore) subscribers.resync();
    readyBefore = true;
  });
  return {
    kind: 'redis',
    publish: async (channel, message) => {
      await redis.publish(channel, message);
    },
    subscribe: async (channel, s) => {
      if (subscribers.add(channel, s)) {
        await receiver.subscribe(channel).catch((err: unknown) => {
          log.warn({ err }, 'live updates: cannot subscribe in Redis yet; retrying when it is back');
        });
      }
      return async () => {
        if (subscribers.remove(channel, s)) await receiver.unsubscribe(channel).catch(() => {});
      };
    },
    close: async () => {
      await receiver.quit().catch(() => receiver.disconnect());
    },
  };
}

/** Redis when configured (it already carries the shared counters), else PostgreSQL, else in-process. */
export function createLiveBus(opts: { redis: Redis | null; database: Database; log: Logger }): LiveBus {
  if (opts.redis) return createRedisLiveBus(opts.redis, opts.log);
  if (opts.database.kind === 'postgres' && opts.database.dedicatedClient) {
    return createPostgresLiveBus({ db: opts.database.db, connect: opts.database.dedicatedClient, log: opts.log });
  }
  return createMemoryLiveBus(opts.log);
}
