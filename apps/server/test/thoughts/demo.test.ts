import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThoughtComment, ThoughtPage } from '@paddock/contract';
import { seedDemoCommunity } from '../../src/demo/community.ts';
import { raceStartedAgo } from './helpers.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/* The demo community's race thoughts: written through the service only where a window is open. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ctx = () => ({ db: t.database.db, events: t.app.events });
const get = async <T>(url: string) => (await t.app.inject({ method: 'GET', url })).json<T>();

describe('demo race thoughts', () => {
  it('are written on the race whose thoughts are open, with comments and likes, and only there', async () => {
    const closed = await raceStartedAgo(t.database.db, 24 * 5);
    const live = await raceStartedAgo(t.database.db, 2);
    expect(await seedDemoCommunity(ctx())).toBe(true);

    expect((await get<ThoughtPage>(`/api/core/race-thoughts/by-race/${closed.id}/`)).results).toEqual([]);
    const page = await get<ThoughtPage>(`/api/core/race-thoughts/by-race/${live.id}/`);
    // The private demo account's thought is for its followers only.
    expect(page.results).toHaveLength(3);
    for (const th of page.results) expect(th.content).toMatch(/^Demo thought/);
    expect(page.results.reduce((n, th) => n + th.like_count, 0)).toBe(5);
    const marcos = page.results.find((th) => th.user.username === 'demo_marco')!;
    const comments = await get<{ results: ThoughtComment[] }>(`/api/core/thought-comments/?thought_id=${marcos.id}`);
    expect(comments.results[0]).toMatchObject({ like_count: 1, reply_count: 1 });
  });
});
