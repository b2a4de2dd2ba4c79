import type { Redis } from 'ioredis';
import { HttpError, throttled } from './errors.ts';

/** How many events a key has seen in its current window, and when that window ends (epoch ms). */
export interface WindowCount {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters. The in-memory store serves one process; with several instances behind a
 * load balancer the Redis store (REDIS_URL) shares them, so a limit counts across every instance.
 */
export interface CounterStore {
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** The key's current window, or null when it has none (never counted, or expired). */
  get(key: string): Promise<WindowCount | null>;
  clear(key: string): Promise<void>;
}

const SWEEP_EVERY_MS = 60_000;

export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, WindowCount>();
  let nextSweep = now() + SWEEP_EVERY_MS;

  // Expired windows are dropped lazily so the map cannot grow with one entry per IP ever seen.
  function sweep(at: number) {
    if (at < nextSweep) return;
    nextSweep = at + SWEEP_EVERY_MS;
    for (const [key, w] of windows) if (w.resetAt <= at) windows.delete(key);
  }

  return {
    async increment(key, windowMs) {
      const at = now();
      sweep(at);
      let w = windows.get(key);
      if (!w || w.resetAt <= at) {
        w = { count: 0, resetAt: at + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { ...w };
    },
    async get(key) {
      const w = windows.get(key);
      return w && w.resetAt > now() ? { ...w } : null;
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

// Counts and starts the window in one step, so two instances cannot both open it; a key left without
// an expiry (a crash between the two calls cannot happen inside a script, but be safe) gets one.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** A throttle that cannot reach its shared counters refuses to guess: 503, not a 500 or a free pass. */
const countersUnavailable = () =>
  new HttpError(503, { detail: 'Service temporarily unavailable. Please try again shortly.' }, { 'retry-after': '5' });

/**
 * The same counters in Redis. Windows are Redis expiries (Redis's own clock); `now` only turns the
 * time left into a reset instant for Retry-After.
 */
export function createRedisCounterStore(
  redis: Redis,
  prefix = 'paddock:throttle:',
  now: () => number = Date.now,
): CounterStore {
  const guard = async <T>(op: () => Promise<T>): Promise<T> => {
    try {
      return await op();
    } catch {
      throw countersUnavailable();
    }
  };
  return {
    increment: (key, windowMs) =>
      guard(async () => {
        const [count, ttl] = (await redis.eval(INCREMENT_SCRIPT, 1, prefix + key, String(windowMs))) as [
          number,
          number,
        ];
        return { count, resetAt: now() + ttl };
      }),
    get: (key) =>
      guard(async () => {
        const [[countError, count], [ttlError, ttl]] = (await redis
          .multi()
          .get(prefix + key)
          .pttl(prefix + key)
          .exec()) as [[Error | null, string | null], [Error | null, number]];
        const failed = countError ?? ttlError;
        if (failed) throw failed;
        return count === null || ttl <= 0 ? null : { count: Number(count), resetAt: now() + ttl };
      }),
    clear: (key) =>
      guard(async () => {
        await redis.del(prefix + key);
      }),
  };
}

export interface LimitRule {
  /** Namespaces the keys of this rule in the shared store. */
  name: string;
  max: number;
  windowMs: number;
}

/** One named limit over a counter store; every refusal is the DRF 429 with Retry-After. */
export class FixedWindowLimit {
  constructor(
    private readonly store: CounterStore,
    private readonly rule: LimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  private key(subject: string) {
    return `${this.rule.name}:${subject}`;
  }

  private refuse(w: WindowCount): never {
    throw throttled((w.resetAt - this.now()) / 1000);
  }

  /** Counts this request and refuses it when the window already held `max`. */
  async consume(subject: string): Promise<void> {
    const w = await this.store.increment(this.key(subject), this.rule.windowMs);
    if (w.count > this.rule.max) this.refuse(w);
  }

  /** Counts this request and tells whether the window is now past `max`, refusing nothing. */
  async countAndCheck(subject: string): Promise<boolean> {
    const w = await this.store.increment(this.key(subject), this.rule.windowMs);
    return w.count > this.rule.max;
  }

  async reset(subject: string): Promise<void> {
    await this.store.clear(this.key(subject));
  }
}
