import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * One Redis connection for the shared counters (rate limits, throttles). Commands fail fast rather than
 * queue for long while Redis is unreachable: a limit check must not hold a request for seconds.
 * Subscribers (live events) open their own connection with `duplicate()`.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false });
  let reported = false;
  redis.on('error', (err: Error) => {
    // ioredis retries on its own; one warning per outage is enough.
    if (!reported) log.warn({ err }, 'Redis unreachable; retrying');
    reported = true;
  });
  redis.on('ready', () => {
    if (reported) log.info('Redis reachable again');
    reported = false;
  });
  return redis;
}
