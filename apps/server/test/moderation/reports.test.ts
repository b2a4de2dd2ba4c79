import { describe, expect, it } from 'vitest';
import type { Comment, Report, Review, StaffReport, Thought } from '@paddock/contract';
import { setStaff } from '../../src/modules/users/service.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { appForTests, pastRace } from '../support/social.ts';
import { openRace, postThought } from '../thoughts/helpers.ts';

/* Reports reach the staff queue (issue 24, decision 030): each target type, each role. */

const { t, as } = appForTests();

type Page<T> = { results: T[]; next_cursor: string | null };
const user = (o: { isPrivate?: boolean } = {}) => createUser(t.database.db, o);
const report = (who: TestUser | null, body: object) => as(who).post<Report>('/api/core/reports/', body);
const queue = (who: TestUser | null, status = '') =>
  as(who).get<Page<StaffReport>>(`/api/core/reports/${status ? `?status=${status}` : ''}`);

describe('reports', () => {
  it('files one open report per reporter and target, for every kind of target, and staff see them', async () => {
    const [author, reporter, staff] = [await user(), await user(), await user()];
    await setStaff(t.database.db, staff.username, true);
    const race = await pastRace(t.database.db, 2);
    const review = (await as(author).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 1 })).body;
    const comment = (
      await as(author).post<Comment>('/api/social/comments/', { race_review_id: review.id, comment: 'x' })
    ).body;
    const live = await openRace(t.database.db);
    const thought: Thought = await postThought(as, author, live.id, 'Spam spam');
    const thoughtComment = (
      await as(author).post<{ id: number }>('/api/core/thought-comments/', { thought_id: thought.id, comment: 'y' })
    ).body;
    const targets = [
      ['review', review.id],
      ['comment', comment.id],
      ['thought', thought.id],
      ['thought_comment', thoughtComment.id],
      ['user', author.id],
    ] as const;
    const filed: number[] = [];
    for (const [target_type, target_id] of targets) {
      const first = await report(reporter, { target_type, target_id, reason: 'spam', details: 'Again and again.' });
      expect(first.status, target_type).toBe(201);
      expect(first.body).toMatchObject({
        target_type,
        target_id,
        reason: 'spam',
        status: 'open',
        details: 'Again and again.',
      });
      const again = await report(reporter, { target_type, target_id, reason: 'hate' });
      expect(again).toEqual({ status: 200, body: first.body });
      filed.push(first.body.id);
    }
    const open = await queue(staff);
    expect(open.status).toBe(200);
    const mine = open.body.results.filter((r) => filed.includes(r.id));
    expect(mine.map((r) => r.id)).toEqual([...filed].reverse());
    expect(mine.every((r) => r.reporter.id === reporter.id)).toBe(true);
    expect((await queue(staff, 'resolved')).body.results.filter((r) => filed.includes(r.id))).toEqual([]);
  });

  it('refuses what the reporter cannot see, an unknown target, oneself and bad input, with field errors', async () => {
    const [secret, reporter] = [await user({ isPrivate: true }), await user()];
    const race = await pastRace(t.database.db, 2);
    const hidden = (await as(secret).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 3 })).body;
    const unknown = { status: 400, body: { target_id: [`Invalid pk "${hidden.id}" - object does not exist.`] } };
    expect(await report(reporter, { target_type: 'review', target_id: hidden.id, reason: 'spam' })).toEqual(unknown);
    expect((await report(reporter, { target_type: 'comment', target_id: 2_000_000_000, reason: 'spam' })).status).toBe(
      400,
    );
    expect(await report(reporter, { target_type: 'user', target_id: reporter.id, reason: 'other' })).toEqual({
      status: 400,
      body: { target_id: ['You cannot report yourself.'] },
    });
    const bad = await report(reporter, { target_type: 'race', target_id: 1, reason: 'boring' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body as object).sort()).toEqual(['reason', 'target_type']);
    expect((await report(null, { target_type: 'user', target_id: secret.id, reason: 'spam' })).status).toBe(401);
  });

  it('keeps the queue for staff: 401 for a guest, 403 for a member, and from the moment staff is taken back', async () => {
    const [member, staff] = [await user(), await user()];
    expect((await queue(null)).status).toBe(401);
    expect(await queue(member)).toEqual({
      status: 403,
      body: { detail: 'You do not have permission to perform this action.' },
    });
    await setStaff(t.database.db, staff.username.toUpperCase(), true);
    expect((await queue(staff)).status).toBe(200);
    await setStaff(t.database.db, staff.username, false);
    expect((await queue(staff)).status).toBe(403);
    expect(await setStaff(t.database.db, 'nobody_by_that_name', true)).toBe(false);
  });
});
