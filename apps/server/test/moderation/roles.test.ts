import { describe, expect, it } from 'vitest';
import type { Report, Review } from '@paddock/contract';
import { setStaff } from '../../src/modules/users/service.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { appForTests, pastRace } from '../support/social.ts';

/*
 * Issue 24's endpoints × every role toward one member, "the owner" (decision 028-032): a guest; the owner;
 * a stranger; a follower of the owner; an account the owner blocked; one the owner muted; staff. Each row of
 * a table is the status that role gets, in a world of its own.
 */

const { t, as } = appForTests();

const ROLES = ['guest', 'owner', 'stranger', 'follower', 'blocked', 'muted', 'staff'] as const;
type Role = (typeof ROLES)[number];

interface World {
  as: (role: Role) => ReturnType<typeof as>;
  owner: TestUser;
  review: Review;
  report: Report;
}

let worlds = 0;
async function world(): Promise<World> {
  worlds += 1;
  const make = () => createUser(t.database.db);
  const [owner, stranger, follower, blocked, muted, staff, reporter] = [
    await make(),
    await make(),
    await make(),
    await make(),
    await make(),
    await make(),
    await make(),
  ];
  await setStaff(t.database.db, staff.username, true);
  await as(follower).post('/api/social/follows/', { user_id: owner.id });
  await as(owner).post('/api/social/blocks/', { user_id: blocked.id });
  await as(owner).post('/api/social/mutes/', { user_id: muted.id });
  const race = await pastRace(t.database.db, 10 + worlds);
  const review = (await as(owner).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 3 })).body;
  const report = (
    await as(reporter).post<Report>('/api/core/reports/', {
      target_type: 'review',
      target_id: review.id,
      reason: 'spam',
    })
  ).body;
  const users: Record<Role, TestUser | null> = { guest: null, owner, stranger, follower, blocked, muted, staff };
  return { as: (role) => as(users[role]), owner, review, report };
}

type Call = (w: World, role: Role) => Promise<{ status: number }>;

const cases: [string, Call, Record<Role, number>][] = [
  [
    'POST /social/blocks/ (the owner)',
    (w, r) => w.as(r).post('/api/social/blocks/', { user_id: w.owner.id }),
    { guest: 401, owner: 400, stranger: 201, follower: 201, blocked: 201, muted: 201, staff: 201 },
  ],
  [
    'GET /social/blocks/',
    (w, r) => w.as(r).get('/api/social/blocks/'),
    { guest: 401, owner: 200, stranger: 200, follower: 200, blocked: 200, muted: 200, staff: 200 },
  ],
  [
    'POST /social/mutes/ (the owner)',
    (w, r) => w.as(r).post('/api/social/mutes/', { user_id: w.owner.id }),
    { guest: 401, owner: 400, stranger: 201, follower: 201, blocked: 201, muted: 201, staff: 201 },
  ],
  [
    "POST /core/reports/ (the owner's review)",
    (w, r) => w.as(r).post('/api/core/reports/', { target_type: 'review', target_id: w.review.id, reason: 'other' }),
    { guest: 401, owner: 201, stranger: 201, follower: 201, blocked: 400, muted: 201, staff: 201 },
  ],
  [
    'GET /core/reports/',
    (w, r) => w.as(r).get('/api/core/reports/'),
    { guest: 401, owner: 403, stranger: 403, follower: 403, blocked: 403, muted: 403, staff: 200 },
  ],
  [
    'POST /core/reports/{id}/resolve/',
    (w, r) => w.as(r).post(`/api/core/reports/${w.report.id}/resolve/`, { action: 'dismiss' }),
    { guest: 401, owner: 403, stranger: 403, follower: 403, blocked: 403, muted: 403, staff: 200 },
  ],
  [
    'GET /core/moderation-actions/',
    (w, r) => w.as(r).get('/api/core/moderation-actions/'),
    { guest: 401, owner: 403, stranger: 403, follower: 403, blocked: 403, muted: 403, staff: 200 },
  ],
  [
    'GET /social/users/me/export/',
    (w, r) => w.as(r).get('/api/social/users/me/export/'),
    { guest: 401, owner: 200, stranger: 200, follower: 200, blocked: 200, muted: 200, staff: 200 },
  ],
  [
    // Nobody here knows a password (test accounts have none): every member is refused with the field error.
    'DELETE /social/users/me/ (a wrong password)',
    (w, r) => w.as(r).delete('/api/social/users/me/', { password: 'not it' }),
    { guest: 401, owner: 400, stranger: 400, follower: 400, blocked: 400, muted: 400, staff: 400 },
  ],
];

describe('issue 24 endpoints, per role', () => {
  for (const [name, call, expected] of cases) {
    it(name, async () => {
      const w = await world();
      const got: Record<string, number> = {};
      for (const role of ROLES) got[role] = (await call(w, role)).status;
      expect(got).toEqual(expected);
    });
  }
});
