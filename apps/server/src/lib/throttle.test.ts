import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { createMemoryCounterStore, createRedisCounterStore, FixedWindowLimit } from './throttle.ts';

describe('fixed-window limits', () => {
  it('refuses past max within a window and counts again once it has passed', async () => {
    let now = 1_000_000;
    const limit = new FixedWindowLimit(
      createMemoryCounterStore(() => now),
      { name: 'test', max: 2, windowMs: 60_000 },
      () => now,
    );
    await limit.consume('ip');
    await limit.consume('ip');
    const refused = await limit.consume('ip').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(429);
    expect((refused as HttpError).headers['retry-after']).toBe('60');
    now += 60_000;
    await expect(limit.consume('ip')).resolves.toBeUndefined();
  });
});

describe('the Redis store when Redis cannot be reached', () => {
  // Nothing listens on port 1: every command fails at once.
  const redis = new Redis('redis://127.0.0.1:1', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  afterAll(() => redis.disconnect());

  it('refuses with a DRF-shaped 503 rather than letting the attempt through or failing with a 500', async () => {
    const store = createRedisCounterStore(redis);
    for (const call of [() => store.increment('k', 1000), () => store.get('k'), () => store.clear('k')]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(503);
      expect((error as HttpError).body).toEqual({
        detail: 'Service temporarily unavailable. Please try again shortly.',
      });
    }
  });
});
