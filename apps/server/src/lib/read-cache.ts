import type { FastifyBaseLogger } from 'fastify';
import type { LiveBus } from './live-bus.ts';

/*
 * The in-process cache of public answers (decision 016). Answers are kept by key with tags saying what
 * they were read from ('f1': Formula 1 data, 'community': figures of many races, `race:{id}`: one
 * race's detail). A write invalidates the tags it touched at once on its own instance and, through the
 * live bus, on every other one; an instance whose carrier reconnected (messages may have been lost)
 * drops everything. Entries also expire after a maximum age, because some answers follow the clock
 * (a race counts as completed 3 hours after its start, upcoming lists move as races start): such
 * changes show within that age, while writes show on the very next request.
 */

export const READ_CACHE_CHANNEL = 'paddock_read_cache';
export const READ_CACHE_MAX_AGE_MS = 60_000;
const READ_CACHE_DEFAULT_ENTRIES = 2_000;

/** Every answer derived from Formula 1 data carries this tag: invalidating it drops them all. */
export const F1_TAG = 'f1';
/** Answers showing the community figures of several races (lists, season statistics, trending). */
export const COMMUNITY_TAG = 'community';
/** Every race detail carries this tag, besides its own `race:{id}`. */
export const RACE_DETAIL_TAG = 'race';
export const raceTag = (raceId: number) => `race:${raceId}`;
/** Answers showing user cards (the search's users). */
export const USERS_TAG = 'users';

interface Entry {
  value: unknown;
  tags: readonly string[];
  storedAt: number;
}

export interface ReadCacheOptions {
  /** At most this many answers, the least recently used dropped first; 0 turns the cache off. */
  maxEntries?: number;
  maxAgeMs?: number;
  now?: () => number;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** The keys of the entries carrying each tag, so an invalidation touches only what it drops. */
  private readonly keysByTag = new Map<string, Set<string>>();
  /** Loads under way, shared by the requests that ask for the same key meanwhile. */
  private readonly loading = new Map<string, Promise<unknown>>();
  /**
   * Bumped by every invalidation: a value whose load started before one may predate the write that
   * caused it, so it is returned to its caller but not kept.
   */
  private generation = 0;
  private clears = 0;
  readonly maxEntries: number;
  readonly maxAgeMs: number;
  private readonly now: () => number;
  /** Whether this instance hears every invalidation now (see onlyWhile). */
  private trusted: () => boolean = () => true;

  constructor(options: ReadCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? READ_CACHE_DEFAULT_ENTRIES;
    this.maxAgeMs = options.maxAgeMs ?? READ_CACHE_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * Moves whenever everything is dropped (an F1 change, or a reconnected bus): what else an instance
   * derives from Formula 1 data (the search catalogue) is rebuilt when it moved.
   */
  get epoch(): number {
    return this.clears;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Keeps and serves answers only while `trusted()` holds: an instance that may be missing invalidations
   * (its bus is disconnected) reads afresh meanwhile rather than serve what another instance changed.
   */
  onlyWhile(trusted: () => boolean): void {
    this.trusted = trusted;
  }

  get<V>(key: string): V | undefined {
    if (!this.trusted()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.now() - entry.storedAt;
    // A clock moved back (tests do) counts as expired too.
    if (age >= this.maxAgeMs || age < 0) {
      this.remove(key);
      return undefined;
    }
    // Map keeps insertion order: re-inserting makes this the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value as V;
  }

  /**
   * Keeps `value` unless an invalidation happened since `since` (the generation read before loading
   * it); says whether it was kept.
   */
  set(key: string, value: unknown, tags: readonly string[], since: number = this.generation): boolean {
    if (this.maxEntries === 0 || since !== this.generation || !this.trusted()) return false;
    this.remove(key);
    this.entries.set(key, { value, tags, storedAt: this.now() });
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      if (keys) keys.add(key);
      else this.keysByTag.set(tag, new Set([key]));
    }
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
    return true;
  }

  /** Drops one entry and its place in the tag index. */
  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  /** The cached value, else `load()`'s, kept under `tags`; concurrent misses of one key load once. */
  async getOrLoad<V>(key: string, tags: readonly string[], load: () => Promise<V>): Promise<V> {
    const hit = this.get<V>(key);
    if (hit !== undefined) return hit;
    if (this.maxEntries === 0) return load();
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<V>;
    const since = this.generation;
    const promise = load()
      .then((value) => {
        this.set(key, value, tags, since);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  /**
   * Like getOrLoad, for a value whose tags are known only once it is loaded (a page, tagged with the
   * answers it was made from); a load that answers `tags: null` (it used something uncached) is not kept.
   */
  async getOrLoadTagged<V>(key: string, load: () => Promise<{ value: V; tags: readonly string[] | null }>): Promise<V> {
    const hit = this.get<V>(key);
    if (hit !== undefined) return hit;
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<V>;
    const since = this.generation;
    const promise = load()
      .then(({ value, tags }) => {
        if (tags !== null) this.set(key, value, tags, since);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  /** Drops every answer carrying any of `tags` (F1_TAG: all of them). */
  invalidate(tags: readonly string[]): void {
    if (tags.includes(F1_TAG)) return this.clear();
    this.generation += 1;
    this.loading.clear();
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      if (keys) for (const key of [...keys]) this.remove(key);
    }
  }

  clear(): void {
    this.generation += 1;
    this.clears += 1;
    this.loading.clear();
    this.entries.clear();
    this.keysByTag.clear();
  }
}

type Logger = Pick<FastifyBaseLogger, 'warn'>;

/** The tags of an invalidation message (a JSON array of strings); anything else means "everything". */
function tagsOf(message: string): string[] {
  try {
    const v: unknown = JSON.parse(message);
    if (Array.isArray(v) && v.every((t) => typeof t === 'string')) return v;
  } catch {
    // fall through
  }
  return [F1_TAG];
}

/** A message's most characters: PostgreSQL's NOTIFY takes under 8,000 bytes (the tags are ASCII). */
const MESSAGE_MAX_CHARS = 7_000;

/** `tags` as JSON arrays of at most MESSAGE_MAX_CHARS each (a fan-out names thousands of readers). */
export function invalidationMessages(tags: readonly string[]): string[] {
  const messages: string[] = [];
  let chunk: string[] = [];
  let length = 2;
  for (const tag of tags) {
    const added = JSON.stringify(tag).length + 1;
    if (chunk.length > 0 && length + added > MESSAGE_MAX_CHARS) {
      messages.push(JSON.stringify(chunk));
      chunk = [];
      length = 2;
    }
    chunk.push(tag);
    length += added;
  }
  if (chunk.length > 0) messages.push(JSON.stringify(chunk));
  return messages;
}

/** Tells every instance (this one too, through the bus) to drop the answers carrying `tags`. */
export async function publishInvalidation(bus: Pick<LiveBus, 'publish'>, tags: readonly string[]): Promise<void> {
  for (const message of invalidationMessages(tags)) await bus.publish(READ_CACHE_CHANNEL, message);
}

/**
 * Makes `cache` follow the invalidations published on the bus; while a carrier is disconnected (what is
 * published meanwhile may be lost) it keeps nothing, and it clears itself when the carrier is back.
 * Returns the unsubscribe.
 */
export function followInvalidations(cache: ReadCache, bus: LiveBus): Promise<() => Promise<void>> {
  cache.onlyWhile(() => bus.reliable);
  return bus.subscribe(READ_CACHE_CHANNEL, {
    message: (message) => cache.invalidate(tagsOf(message)),
    resync: () => cache.clear(),
  });
}

/**
 * Invalidates on this instance at once (the request that wrote answers after it), then tells the
 * others. A bus that cannot publish is logged: the other instances then catch up within the maximum age.
 */
export async function invalidateEverywhere(
  cache: ReadCache | readonly ReadCache[],
  bus: LiveBus,
  tags: readonly string[],
  log: Logger,
): Promise<void> {
  const caches: readonly ReadCache[] = cache instanceof ReadCache ? [cache] : cache;
  for (const c of caches) c.invalidate(tags);
  await publishInvalidation(bus, tags).catch((err: unknown) => {
    log.warn({ err, tags }, 'read cache: cannot tell the other instances to invalidate');
  });
}
