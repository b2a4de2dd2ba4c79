import { describe, expect, it } from 'vitest';
import { createMemoryLiveBus } from './live-bus.ts';
import { followInvalidations, publishInvalidation, ReadCache } from './read-cache.ts';

const silent = { warn: () => {}, info: () => {}, error: () => {} };

function cacheAt(start = 0, options: { maxEntries?: number; maxAgeMs?: number } = {}) {
  const time = { now: start };
  const cache = new ReadCache({ ...options, now: () => time.now });
  return { cache, time };
}

describe('ReadCache', () => {
  it('answers a key from memory until its tags are invalidated', async () => {
    const { cache } = cacheAt();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.getOrLoad('race/1', ['f1', 'race:1'], load)).toEqual({ n: 1 });
    expect(await cache.getOrLoad('race/1', ['f1', 'race:1'], load)).toEqual({ n: 1 });
    cache.invalidate(['race:2', 'community']);
    expect(await cache.getOrLoad('race/1', ['f1', 'race:1'], load)).toEqual({ n: 1 });
    cache.invalidate(['race:1']);
    expect(await cache.getOrLoad('race/1', ['f1', 'race:1'], load)).toEqual({ n: 2 });
  });

  it("drops everything on the 'f1' tag and on clear()", () => {
    const { cache } = cacheAt();
    cache.set('a', 1, ['f1']);
    cache.set('b', 2, ['f1', 'community']);
    cache.invalidate(['community']);
    expect([cache.get('a'), cache.get('b')]).toEqual([1, undefined]);
    cache.invalidate(['f1']);
    expect(cache.size).toBe(0);
    cache.set('c', 3, ['f1']);
    cache.clear();
    expect(cache.get('c')).toBeUndefined();
  });

  it('forgets an entry after its maximum age (and when the clock goes back)', () => {
    const { cache, time } = cacheAt(1_000, { maxAgeMs: 60_000 });
    cache.set('a', 1, ['f1']);
    time.now += 59_999;
    expect(cache.get('a')).toBe(1);
    time.now += 1;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', 2, ['f1']);
    time.now -= 1;
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const { cache } = cacheAt(0, { maxEntries: 2 });
    cache.set('a', 1, ['f1']);
    cache.set('b', 2, ['f1']);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3, ['f1']);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('keeps nothing with maxEntries 0', async () => {
    const { cache } = cacheAt(0, { maxEntries: 0 });
    let loads = 0;
    await cache.getOrLoad('a', ['f1'], async () => ++loads);
    await cache.getOrLoad('a', ['f1'], async () => ++loads);
    expect(loads).toBe(2);
  });

  it('does not keep a value whose load started before an invalidation', async () => {
    const { cache } = cacheAt();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = cache.getOrLoad('race/1', ['race:1'], async () => {
      await gate;
      return 'read before the write';
    });
    cache.invalidate(['race:1']);
    release();
    expect(await first).toBe('read before the write');
    expect(cache.get('race/1')).toBeUndefined();
  });

  it('loads a key once for concurrent misses, and not for a request after an invalidation', async () => {
    const { cache } = cacheAt();
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = async () => {
      loads += 1;
      await gate;
      return loads;
    };
    const a = cache.getOrLoad('k', ['f1'], load);
    const b = cache.getOrLoad('k', ['f1'], load);
    cache.invalidate(['f1']);
    const c = cache.getOrLoad('k', ['f1'], load);
    release();
    expect(await Promise.all([a, b, c])).toEqual([2, 2, 2]);
    expect(loads).toBe(2);
  });

  it('follows invalidations published on the live bus; an unreadable message clears everything', async () => {
    const bus = createMemoryLiveBus(silent);
    const { cache } = cacheAt();
    const stop = await followInvalidations(cache, bus);
    cache.set('race/1', 1, ['race:1']);
    cache.set('race/2', 2, ['race:2']);
    await publishInvalidation(bus, ['race:1']);
    expect([cache.get('race/1'), cache.get('race/2')]).toEqual([undefined, 2]);
    await bus.publish('paddock_read_cache', 'not json');
    expect(cache.size).toBe(0);
    await stop();
  });
});
