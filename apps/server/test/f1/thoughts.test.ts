import type { ActiveThoughts, ThoughtStatus } from '@paddock/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../src/lib/clock.ts';
import { createRace, DAY, HOUR } from '../support/factories/f1.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const get = async <T>(url: string) => (await t.app.inject({ method: 'GET', url })).json<T>();
const setNow = (ms: number) => vi.spyOn(clock, 'now').mockReturnValue(ms);

describe('GET /api/f1/races/{id}/thought-status/', () => {
  const start = Date.parse('2031-05-25T13:00:00Z');
  let raceId: number;
  beforeAll(async () => {
    raceId = (await createRace(t.database.db, { startsAt: new Date(start) })).id;
  });
  const status = () => get<ThoughtStatus>(`/api/f1/races/${raceId}/thought-status/`);

  it('counts down to the opening 24 hours before the start', async () => {
    setNow(start - 3 * DAY);
    expect(await status()).toEqual({ is_open: false, opens_in_seconds: 2 * 86_400, closes_in_seconds: null });
    setNow(start - 24 * HOUR - 1);
    expect(await status()).toEqual({ is_open: false, opens_in_seconds: 1, closes_in_seconds: null });
  });

  it('opens exactly 24 hours before the start', async () => {
    setNow(start - 24 * HOUR);
    expect(await status()).toEqual({ is_open: true, opens_in_seconds: 0, closes_in_seconds: 72 * 3600 });
  });

  it('stays open until 48 hours after the start, then closes', async () => {
    setNow(start + 48 * HOUR - 1000);
    expect(await status()).toEqual({ is_open: true, opens_in_seconds: 0, closes_in_seconds: 1 });
    setNow(start + 48 * HOUR);
    expect(await status()).toEqual({ is_open: false, opens_in_seconds: 0, closes_in_seconds: null });
  });
});

describe('GET /api/f1/races/active-thoughts/', () => {
  // A calendar of its own in 2040, so the clock can be moved without meeting other tests' races.
  const base = Date.parse('2040-03-01T12:00:00Z');
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const db = t.database.db;
    ids.first = (await createRace(db, { startsAt: new Date(base) })).id;
    ids.second = (await createRace(db, { startsAt: new Date(base + 2 * DAY) })).id;
    ids.third = (await createRace(db, { startsAt: new Date(base + 30 * DAY) })).id;
  });
  const active = () => get<ActiveThoughts>('/api/f1/races/active-thoughts/');

  it('gives the race whose thoughts are open, with its status', async () => {
    setNow(base + HOUR);
    const body = await active();
    expect(body?.race.id).toBe(ids.first);
    expect(body?.status).toEqual({ is_open: true, opens_in_seconds: 0, closes_in_seconds: 47 * 3600 });
  });

  it('prefers the newer race when two windows overlap', async () => {
    setNow(base + DAY + HOUR); // first started 25 h ago, second starts in 23 h
    expect((await active())?.race.id).toBe(ids.second);
  });

  it('falls back to the next race when it starts within 7 days', async () => {
    setNow(base - 6 * DAY);
    const body = await active();
    expect(body?.race.id).toBe(ids.first);
    expect(body?.status).toEqual({ is_open: false, opens_in_seconds: 5 * 86_400, closes_in_seconds: null });
  });

  it('is null when no window is open and the next race is more than 7 days away', async () => {
    setNow(base - 8 * DAY);
    expect(await active()).toBeNull();
    setNow(base + 4 * DAY + HOUR); // second closed an hour ago, third 26 days away
    expect(await active()).toBeNull();
  });
});
