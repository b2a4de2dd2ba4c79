import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SeasonReview } from '@paddock/contract';
import { users } from '../../src/db/schema/index.ts';
import { seedDemoCommunity } from '../../src/demo/community.ts';
import { clock } from '../../src/lib/clock.ts';
import { createRace } from '../support/factories/f1.ts';
import { appForTests } from '../support/social.ts';

/* The demo community's running season (issue 25): a season in review with content on a fresh start. */

const { t, as } = appForTests();

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the demo's running season", () => {
  it('gives a demo member a season in review with content, leaving out the races not run yet', async () => {
    // Early July 2026: the Australian Grand Prix has been run, the British one has not.
    vi.spyOn(clock, 'now').mockReturnValue(Date.UTC(2026, 6, 1, 12));
    const db = t.database.db;
    const australian = await createRace(db, {
      startsAt: new Date(Date.UTC(2026, 2, 8, 4)),
      grandPrix: { name: 'Australian' },
    });
    await createRace(db, { startsAt: new Date(Date.UTC(2026, 6, 5, 14)), grandPrix: { name: 'British' } });
    expect(await seedDemoCommunity({ db, events: t.app.events })).toBe(true);

    const [lena] = await db.select().from(users).where(eq(users.username, 'demo_lena'));
    const season = await as(null).get<SeasonReview>(`/api/social/users/${lena!.id}/seasons/2026/review/`);
    expect(season.status).toBe(200);
    expect(season.body).toMatchObject({
      races_watched: 1,
      races_reviewed: 1,
      highest_rated: { race_id: australian.id, rating: 4 },
      most_liked_review: { race_id: australian.id, like_count: 2 },
    });
  });
});
