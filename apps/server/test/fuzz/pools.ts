import { isRecord } from './openapi.ts';

/**
 * Keys whose values are worth sending back: ids, cursors and seasons from 2xx answers, and the
 * credentials of accepted requests, so that sign-in, refresh and sign-out sometimes succeed.
 */
const HARVESTED = /^(id|username|email|password|refresh|season|year)$|_id$|cursor$/;
const POOL_SIZE = 64;

/**
 * Real values harvested from earlier successful answers, keyed by the JSON key they came under, so
 * that generated ids reach the code behind a successful lookup and not only the 404 path.
 */
export class Pools {
  private readonly pools = new Map<string, unknown[]>();

  add(key: string, value: unknown): void {
    if (value === null || value === undefined || typeof value === 'object') return;
    const pool = this.pools.get(key) ?? [];
    if (pool.includes(value)) return;
    // Keeping the newest values lets ids created during the run (new users) replace the seed.
    if (pool.length >= POOL_SIZE) pool.shift();
    pool.push(value);
    this.pools.set(key, pool);
  }

  harvest(json: unknown, depth = 0): void {
    if (depth > 20) return;
    if (Array.isArray(json)) {
      for (const item of json) this.harvest(item, depth + 1);
    } else if (isRecord(json)) {
      for (const [key, value] of Object.entries(json)) {
        if (HARVESTED.test(key)) this.add(key, value);
        this.harvest(value, depth + 1);
      }
    }
  }

  /**
   * Values for a parameter or field: its own pool, pools it is a suffix of (`id` ← `race_id`) and pools
   * that are a suffix of it (`race_review_id` ← `review_id`).
   */
  candidates(name: string): unknown[] {
    const out: unknown[] = [];
    for (const [key, pool] of this.pools) {
      const related = key === name || key.endsWith(`_${name}`) || name.endsWith(`_${key}`);
      if (related || (name === 'season' && key === 'year')) out.push(...pool);
    }
    return out;
  }
}
