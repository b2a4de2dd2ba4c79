import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, users } from '../../src/db/schema/index.ts';
import { seedDemoCommunity } from '../../src/demo/community.ts';
import { getCurrentUser } from '../../src/modules/users/service.ts';
import { prepareData } from '../../src/startup.ts';
import { login } from '../support/auth.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: false });
});
afterAll(() => t.close());

const ctx = () => ({ db: t.database.db, events: t.app.events });
const demoUsers = () => t.database.db.select().from(users).where(eq(users.isDemo, true)).orderBy(users.id);

describe('without SEED_DEMO', () => {
  it('starts with no demo accounts', async () => {
    await prepareData(t.app);
    expect(await demoUsers()).toEqual([]);
  });
});

describe('the demo community on first start', () => {
  beforeAll(async () => {
    // The same database starting again, now with SEED_DEMO=true (one app per file keeps the suite fast).
    t.config.SEED_DEMO = true;
    await prepareData(t.app);
  });

  it('creates a few accounts clearly marked as demo, one of them private', async () => {
    const rows = await demoUsers();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.length).toBeLessThanOrEqual(6);
    for (const u of rows) {
      expect(u.name).toMatch(/^Demo · /);
      expect(u.bio).toContain('Demo account');
    }
    expect(rows.map((u) => u.name)).toContain('Demo · Lena Fischer');
    expect(rows.filter((u) => u.isPrivate)).toHaveLength(1);
  });

  it('connects them with accepted follows and one pending request', async () => {
    const rows = await demoUsers();
    const ids = new Set(rows.map((u) => u.id));
    const edges = await t.database.db.select().from(follows);
    const demoEdges = edges.filter((f) => ids.has(f.followerId) && ids.has(f.followingId));
    expect(demoEdges.filter((f) => f.status === 'accepted').length).toBeGreaterThanOrEqual(3);
    expect(demoEdges.filter((f) => f.status === 'pending')).toHaveLength(1);

    const privateOne = rows.find((u) => u.isPrivate);
    expect(demoEdges.find((f) => f.status === 'pending')?.followingId).toBe(privateOne?.id);

    const lena = rows.find((u) => u.username === 'demo_lena');
    const profile = await getCurrentUser(ctx(), lena?.id ?? 0);
    expect(profile.following_count).toBeGreaterThan(0);
    expect(profile.followers_count).toBeGreaterThan(0);
  });

  it('does not create a second community on the next start', async () => {
    const before = (await demoUsers()).length;
    await prepareData(t.app);
    expect(await seedDemoCommunity(ctx())).toBe(false);
    expect(await demoUsers()).toHaveLength(before);
  });

  it('lets nobody sign in to a demo account or reset its password', async () => {
    const [first] = await demoUsers();
    if (!first) throw new Error('no demo user');
    for (const password of ['anything else', '!', first.passwordHash, first.passwordHash.slice(1)]) {
      const res = await login(t, first.username, password);
      expect(res.statusCode).toBe(401);
    }
    expect(first.passwordHash.startsWith('$argon2')).toBe(false);

    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password/',
      payload: { email: first.email },
    });
    expect(forgot.statusCode).toBe(200);
    // Closing waits for reset mails still on their way, so an empty outbox means none was sent.
    await t.app.close();
    expect(t.outbox()).toEqual([]);
  });
});
