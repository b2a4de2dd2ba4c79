import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** A Redis command's answer is waited for this long; a Redis that takes longer counts as away. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** While Redis is up, each instance asks it this often whether it still answers. */
const REDIS_PROBE_EVERY_MS = 1_000;

/**
 * One Redis connection for the shared counters (rate limits, throttles) and for publishing live events
 * (decision 019). A request never waits for Redis: while it is unreachable, commands fail at once
 * instead of queueing until it returns (no offline queue, no retries of a command), and a command
 * that gets no answer within REDIS_COMMAND_TIMEOUT_MS fails. A Redis that accepts connections but stops
 * answering (a stall, a network partition) would still cost every request that timeout, so a probe
 * sends a PING every second and, when it goes unanswered, drops the connection: until ioredis has
 * reconnected and Redis answers again, commands fail at once. Callers decide what a failure means (the
 * general rate limit lets the request through, the sign-in throttles answer 503, live events go
 * through PostgreSQL). Subscribers open their own connection with `duplicate()`.
 */
export function connectRedis(url: string, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnects every 0.2 s at first, then every 2 s at most, for as long as it takes.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let reported = false;
  const report = (err: Error) => {
    // One warning per outage is enough.
    if (!reported) log.warn({ err }, 'Redis unreachable; retrying');
    reported = true;
  };
  redis.on('error', report);
  redis.on('ready', () => {
    if (reported) log.info('Redis reachable again');
    reported = false;
  });
  let probing = false;
  const probe = setInterval(() => {
    if (probing || redis.status !== 'ready') return;
    probing = true;
    redis
      .ping()
      .catch((err: Error) => {
        if (redis.status !== 'ready') return;
        report(err);
        redis.disconnect(true);
      })
      .finally(() => {
        probing = false;
      });
  }, REDIS_PROBE_EVERY_MS);
  probe.unref();
  redis.once('end', () => clearInterval(probe));
  return redis;
}

/** Whether Redis answers now: the readiness check's report (a failure is never thrown). */
export async function redisAnswers(redis: Redis): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  return redis.ping().then(
    () => true,
    () => false,
  );
}
