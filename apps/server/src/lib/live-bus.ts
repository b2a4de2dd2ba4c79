import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Database, Db } from '../db/client.ts';

/*
 * Small messages between the instances of the server, for live updates (decision 013). A message is a
 * doorbell, never the data: whoever hears one reads what changed from the database, so a message that
 * is lost or late delays an update but cannot lose or reorder it. Three carriers behind one interface:
 * in-process (one instance, PGlite), PostgreSQL LISTEN/NOTIFY (a PostgreSQL server, embedded or
 * DATABASE_URL) and Redis pub/sub (REDIS_URL), which takes the fan-out off the database. With Redis, every
 * instance listens on both and publishes on Redis while Redis takes it, else on PostgreSQL (decision 019),
 * so an outage of Redis delays nothing. Every instance hears its own messages too, so a sender treats
 * them like anyone else's.
 */

export interface LiveSubscriber {
  /** A message published on the channel, by this instance or another. */
  message(message: string): void;
  /** The carrier was disconnected and is back: messages sent meanwhile may be missing. */
  resync(): void;
}

export interface LiveBus {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /**
   * Whether this instance hears every message now: false while a carrier another instance may publish
   * on is disconnected here. What is derived from messages (a cache kept fresh by invalidations) must
   * not be trusted meanwhile; when it is true again, subscribers are asked to resync.
   */
  readonly reliable: boolean;
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
    reliable: true,
    publish: async (channel, message) => subscribers.deliver(channel, message),
    subscribe: async (channel, s) => {
      subscribers.add(channel, s);
      return async () => void subscribers.remove(channel, s);
    },
    close: async () => {},
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One carrier of the messages: it delivers what it receives to the bus's subscribers. */
interface Carrier {
  publish(channel: string, message: string): Promise<void>;
  /** Starts receiving the channel; never rejects (a carrier that is away receives it once back). */
  listen(channel: string): Promise<void>;
  unlisten(channel: string): Promise<void>;
  /** Receiving now. */
  readonly connected: boolean;
  close(): Promise<void>;
}

/** A lost LISTEN connection is opened again after 0.25 s, doubling up to 2 s while the database is away. */
const LISTEN_RETRY_MS = 250;
const LISTEN_RETRY_MAX_MS = 2_000;
const LISTEN_QUERY_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL LISTEN/NOTIFY: one dedicated connection per instance listens (outside the pool, which
 * would hand it to other queries); NOTIFY goes through the pool. A lost listener reconnects with
 * backoff and then asks the subscribers to resync.
 */
function postgresCarrier(opts: { db: Db; connect: () => pg.Client; log: Logger; subscribers: Subscribers }): Carrier {
  const { log, subscribers } = opts;
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
    const delay = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_MS * 2 ** failures);
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
    if (connectedBefore) log.info('live updates: listening again');
    failures = 0;
    if (connectedBefore) subscribers.resync();
    connectedBefore = true;
  };

  const ensureConnected = (): Promise<void> => {
    if (client || closed) return Promise.resolve();
    connecting ??= open()
      .catch((err: unknown) => {
        // One warning per outage: the first failed attempt says it, the retries are quiet.
        if (failures === 0) log.warn({ err }, 'live updates: cannot LISTEN; retrying');
        scheduleReconnect();
      })
      .finally(() => {
        connecting = null;
      });
    return connecting;
  };

  return {
    get connected() {
      return client !== null;
    },
    publish: async (channel, message) => {
      await opts.db.execute(sql`select pg_notify(${channel}, ${message})`);
    },
    listen: async (channel) => {
      await ensureConnected();
      const c = client;
      // LISTEN twice is harmless: the connection may have been opened with this channel already.
      if (c) await c.query(`LISTEN ${quoteIdent(channel)}`).catch(() => drop(c));
    },
    unlisten: async (channel) => {
      await client?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
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

/** How long a subscription waits for Redis's acknowledgement before going on without it. */
const REDIS_SUBSCRIBE_WAIT_MS = 1_000;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Redis pub/sub: a second connection (a subscribed Redis connection can do nothing else) receives;
 * the shared one publishes. Channels carry the deployment's key prefix (REDIS_KEY_PREFIX), so two
 * sites sharing one Redis do not hear each other. ioredis reconnects and resubscribes by itself; every
 * `ready` after the first asks the subscribers to resync.
 */
function redisCarrier(redis: Redis, prefix: string, log: Logger, subscribers: Subscribers): Carrier {
  // Subscriptions asked for while Redis is away wait for it (the shared connection fails fast instead).
  const receiver = redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
  let readyBefore = false;
  receiver.on('error', () => {
    // The shared connection reports outages (lib/redis.ts); this one only waits for Redis to return.
  });
  receiver.on('message', (channel: string, message: string) => {
    if (channel.startsWith(prefix)) subscribers.deliver(channel.slice(prefix.length), message);
  });
  receiver.on('ready', () => {
    if (readyBefore) subscribers.resync();
    readyBefore = true;
  });
  return {
    get connected() {
      return receiver.status === 'ready';
    },
    publish: async (channel, message) => {
      await redis.publish(prefix + channel, message);
    },
    listen: async (channel) => {
      const subscribed = receiver.subscribe(prefix + channel).catch((err: unknown) => {
        log.warn({ err }, 'live updates: cannot subscribe in Redis');
      });
      // Waited for only while Redis answers, and not for long: ioredis subscribes once it is back.
      if (receiver.status === 'ready') await Promise.race([subscribed, delay(REDIS_SUBSCRIBE_WAIT_MS)]);
    },
    unlisten: async (channel) => {
      // Not waited for: a Redis that stopped answering never would, and what arrives meanwhile has no subscriber.
      receiver.unsubscribe(prefix + channel).catch(() => {});
    },
    // No QUIT: a Redis that stopped answering would never answer it either.
    close: async () => receiver.disconnect(),
  };
}

/**
 * PostgreSQL, with Redis in front when it is configured: a message goes out on Redis while Redis takes
 * it and on PostgreSQL otherwise, and every instance listens on both, so no message waits for Redis.
 */
function carriedBus(
  subscribers: Subscribers,
  pgCarrier: Carrier,
  redis: { carrier: Carrier; client: Redis } | null,
  log: Logger,
): LiveBus {
  const carriers = redis ? [redis.carrier, pgCarrier] : [pgCarrier];
  return {
    kind: redis ? 'redis' : 'postgres',
    get reliable() {
      return carriers.every((c) => c.connected);
    },
    publish: async (channel, message) => {
      if (redis && redis.client.status === 'ready') {
        try {
          return await redis.carrier.publish(channel, message);
        } catch (err) {
          log.warn({ err }, 'live updates: Redis did not take a message; sending it through PostgreSQL');
        }
      }
      await pgCarrier.publish(channel, message);
    },
    subscribe: async (channel, s) => {
      if (subscribers.add(channel, s)) await Promise.all(carriers.map((c) => c.listen(channel)));
      return async () => {
        if (subscribers.remove(channel, s)) await Promise.all(carriers.map((c) => c.unlisten(channel)));
      };
    },
    close: async () => {
      await Promise.all(carriers.map((c) => c.close()));
    },
  };
}

/**
 * On a PostgreSQL server (embedded or DATABASE_URL): LISTEN/NOTIFY, with Redis pub/sub in front when
 * REDIS_URL is set; on PGlite, which serves one process: in-process.
 */
export function createLiveBus(opts: {
  redis: Redis | null;
  redisPrefix: string;
  database: Database;
  log: Logger;
}): LiveBus {
  const { database, log } = opts;
  if (database.kind !== 'postgres' || !database.dedicatedClient) return createMemoryLiveBus(log);
  const subscribers = new Subscribers(log);
  const { dedicatedClient } = database;
  // LISTEN and UNLISTEN answer at once: a connection that does not is dropped rather than waited for.
  const connect = () => dedicatedClient({ queryTimeoutMs: LISTEN_QUERY_TIMEOUT_MS });
  const pgCarrier = postgresCarrier({ db: database.db, connect, log, subscribers });
  const redis = opts.redis
    ? { client: opts.redis, carrier: redisCarrier(opts.redis, opts.redisPrefix, log, subscribers) }
    : null;
  return carriedBus(subscribers, pgCarrier, redis, log);
}
