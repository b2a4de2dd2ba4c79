import { expect, it } from 'vitest';
import type { StaffReport } from '@paddock/contract';
import { seedDemoCommunity } from '../../src/demo/community.ts';
import { setStaff } from '../../src/modules/users/service.ts';
import { createRace } from '../support/factories/f1.ts';
import { createUser } from '../support/factories/users.ts';
import { appForTests } from '../support/social.ts';

const { t, as } = appForTests();

it('gives a fresh site one demo report, so its first moderator sees what the queue shows', async () => {
  await createRace(t.database.db, { startsAt: new Date(Date.UTC(2024, 4, 26, 13)), grandPrix: { name: 'Monaco' } });
  expect(await seedDemoCommunity({ db: t.database.db, events: t.app.events })).toBe(true);
  const staff = await createUser(t.database.db);
  await setStaff(t.database.db, staff.username, true);
  const queue = (await as(staff).get<{ results: StaffReport[] }>('/api/core/reports/')).body.results;
  expect(queue).toHaveLength(1);
  expect(queue[0]).toMatchObject({
    reason: 'spoilers',
    reporter: { username: 'demo_marco' },
    target: { author: { username: 'demo_sam' }, rating: 3, is_hidden: false },
  });
  expect(queue[0]!.details).toMatch(/^Demo report/);
});
