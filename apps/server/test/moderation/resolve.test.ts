import { describe, expect, it } from 'vitest';
import {
  CANNOT_HIDE_ACCOUNT,
  REPORT_RESOLVED_ALREADY,
  REPORTED_CONTENT_GONE,
  type Comment,
  type ModerationAction,
  type RaceDetail,
  type Report,
  type Review,
  type StaffReport,
  type Thought,
} from '@paddock/contract';
import { setStaff } from '../../src/modules/users/service.ts';
import { countsOffTheirRows } from '../support/counters.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { appForTests, pastRace } from '../support/social.ts';
import { openRace, postThought } from '../thoughts/helpers.ts';

/*
 * Staff act on reports (issue 24, decision 031): a hide removes the content for everyone but its author and
 * staff, with every count and list following; a dismiss changes nothing else; both go to the audit log.
 */

const { t, as } = appForTests();

type Page<T> = { results: T[]; next_cursor: string | null };
const user = (o: { isPrivate?: boolean } = {}) => createUser(t.database.db, o);
const report = async (who: TestUser, target_type: string, target_id: number) =>
  (await as(who).post<Report>('/api/core/reports/', { target_type, target_id, reason: 'spam' })).body;
const resolve = (who: TestUser | null, id: number, body: object) =>
  as(who).post<StaffReport>(`/api/core/reports/${id}/resolve/`, body);
const auditLog = async (who: TestUser) =>
  (await as(who).get<Page<ModerationAction>>('/api/core/moderation-actions/')).body.results;

async function staffMember() {
  const staff = await user();
  await setStaff(t.database.db, staff.username, true);
  return staff;
}

describe('resolving reports', () => {
  it('hides a review for everyone but its author and staff; figures, counts, lists and the log follow', async () => {
    const [author, fan, reporter, follower] = [await user(), await user(), await user(), await user()];
    const staff = await staffMember();
    await as(follower).post('/api/social/follows/', { user_id: author.id });
    const race = await pastRace(t.database.db, 2);
    const review = (
      await as(author).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 5, review_text: 'Spam!' })
    ).body;
    await as(fan).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 1 });
    await as(fan).post('/api/core/review-likes/toggle/', { review_id: review.id });
    const first = await report(reporter, 'review', review.id);
    const second = await report(fan, 'review', review.id);
    expect((await as(null).get<RaceDetail>(`/api/f1/races/${race.id}/`)).body).toMatchObject({ review_count: 2 });

    // The queue shows the review in context.
    const [queued] = (await as(staff).get<Page<StaffReport>>('/api/core/reports/')).body.results;
    expect(queued).toMatchObject({
      id: second.id,
      target: { author: { id: author.id }, text: 'Spam!', rating: 5, race_id: race.id, is_hidden: false },
    });

    const resolved = await resolve(staff, first.id, { action: 'hide', note: 'Advertising' });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      id: first.id,
      status: 'resolved',
      resolution: 'hide',
      resolved_by: { id: staff.id },
      target: { is_hidden: true },
    });

    // Gone for guests, members and followers, in lists, by its address and in the Following feed.
    for (const viewer of [null, fan, follower]) {
      const list = (await as(viewer).get<Page<Review>>(`/api/core/reviews/?race_id=${race.id}`)).body.results;
      expect(list.map((r) => r.id)).not.toContain(review.id);
      expect((await as(viewer).get(`/api/core/reviews/${review.id}/`)).status).toBe(404);
    }
    const following = (await as(follower).get<Page<Review>>('/api/core/reviews/feed/')).body.results;
    expect(following.map((r) => r.id)).not.toContain(review.id);
    expect((await as(fan).post('/api/core/review-likes/toggle/', { review_id: review.id })).status).toBe(404);
    // Its author still sees it, marked.
    const own = (await as(author).get<Review>(`/api/core/reviews/${review.id}/`)).body;
    expect(own).toMatchObject({ id: review.id, is_hidden: true });
    // The race's figures and the author's count no longer count it.
    expect((await as(null).get<RaceDetail>(`/api/f1/races/${race.id}/`)).body).toMatchObject({
      review_count: 1,
      average_rating: 1,
    });
    expect(await countsOffTheirRows(t.database.db)).toEqual([]);
    // Both reports about it are resolved; the action is in the audit log.
    const open = (await as(staff).get<Page<StaffReport>>('/api/core/reports/')).body.results.map((r) => r.id);
    expect(open).not.toContain(second.id);
    expect((await auditLog(staff))[0]).toMatchObject({
      staff_username: staff.username,
      action: 'hide',
      report_id: first.id,
      target_type: 'review',
      target_id: review.id,
      note: 'Advertising',
    });
    // The author deleting it afterwards keeps every count right.
    expect((await as(author).delete(`/api/core/reviews/${review.id}/`)).status).toBe(204);
    expect(await countsOffTheirRows(t.database.db)).toEqual([]);
  });

  it('hides comments and thoughts; a hidden comment with replies leaves a placeholder', async () => {
    const [author, other, reporter] = [await user(), await user(), await user()];
    const staff = await staffMember();
    const race = await pastRace(t.database.db, 3);
    const review = (await as(other).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 3 })).body;
    const comment = (
      await as(author).post<Comment>('/api/social/comments/', { race_review_id: review.id, comment: 'Rude' })
    ).body;
    await as(other).post('/api/social/comments/', {
      race_review_id: review.id,
      parent_comment_id: comment.id,
      comment: 'Calm down',
    });
    const live = await openRace(t.database.db);
    const thought: Thought = await postThought(as, author, live.id, 'Rude thought');
    const onThought = (
      await as(author).post<{ id: number }>('/api/core/thought-comments/', { thought_id: thought.id, comment: 'Rude' })
    ).body;
    const filed = [
      await report(reporter, 'comment', comment.id),
      await report(reporter, 'thought_comment', onThought.id),
      await report(reporter, 'thought', thought.id),
    ];
    for (const { id } of filed) expect((await resolve(staff, id, { action: 'hide' })).status).toBe(200);

    const thread = (await as(reporter).get<Page<Comment>>(`/api/social/comments/?review_id=${review.id}`)).body.results;
    expect(thread[0]).toMatchObject({ id: comment.id, user: null, comment: '', is_hidden: true, reply_count: 1 });
    expect(thread[0]!.replies.map((r) => r.comment)).toEqual(['Calm down']);
    const ownThread = (await as(author).get<Page<Comment>>(`/api/social/comments/?review_id=${review.id}`)).body;
    expect(ownThread.results[0]).toMatchObject({ comment: 'Rude', is_hidden: true, user: { id: author.id } });
    expect((await as(other).get<Review>(`/api/core/reviews/${review.id}/`)).body.comment_count).toBe(1);

    const thoughts = (await as(reporter).get<Page<Thought>>(`/api/core/race-thoughts/by-race/${live.id}/`)).body;
    expect(thoughts.results.map((x) => x.id)).not.toContain(thought.id);
    const ownThoughts = (await as(author).get<Page<Thought>>(`/api/core/race-thoughts/by-race/${live.id}/`)).body;
    expect(ownThoughts.results.find((x) => x.id === thought.id)).toMatchObject({ is_hidden: true, comment_count: 0 });
    expect(await countsOffTheirRows(t.database.db)).toEqual([]);
  });

  it('dismisses a report and nothing else; refuses a second resolution, an account hide and a gone target', async () => {
    const [author, reporter] = [await user(), await user()];
    const staff = await staffMember();
    const race = await pastRace(t.database.db, 4);
    const review = (await as(author).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 4 })).body;
    const filed = await report(reporter, 'review', review.id);
    expect((await resolve(staff, filed.id, { action: 'dismiss' })).body).toMatchObject({
      status: 'resolved',
      resolution: 'dismiss',
      target: { is_hidden: false },
    });
    expect((await as(null).get(`/api/core/reviews/${review.id}/`)).status).toBe(200);
    expect(await resolve(staff, filed.id, { action: 'hide' })).toEqual({
      status: 409,
      body: { detail: REPORT_RESOLVED_ALREADY },
    });

    const aboutAccount = await report(reporter, 'user', author.id);
    expect(await resolve(staff, aboutAccount.id, { action: 'hide' })).toEqual({
      status: 400,
      body: { action: [CANNOT_HIDE_ACCOUNT] },
    });
    const again = await report(reporter, 'review', review.id);
    await as(author).delete(`/api/core/reviews/${review.id}/`);
    expect(await resolve(staff, again.id, { action: 'hide' })).toEqual({
      status: 400,
      body: { action: [REPORTED_CONTENT_GONE] },
    });
    expect((await resolve(staff, again.id, { action: 'dismiss' })).body).toMatchObject({ target: null });
    expect((await resolve(staff, 999_999, { action: 'dismiss' })).status).toBe(404);
    expect((await resolve(staff, aboutAccount.id, { action: 'ban' })).status).toBe(400);
  });

  it('is for staff only: 401 for a guest, 403 for the author, the reporter and any member', async () => {
    const [author, reporter, stranger] = [await user(), await user(), await user()];
    const race = await pastRace(t.database.db, 5);
    const review = (await as(author).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 2 })).body;
    const filed = await report(reporter, 'review', review.id);
    expect((await resolve(null, filed.id, { action: 'hide' })).status).toBe(401);
    for (const member of [author, reporter, stranger]) {
      expect((await resolve(member, filed.id, { action: 'hide' })).status).toBe(403);
      expect((await as(member).get('/api/core/moderation-actions/')).status).toBe(403);
    }
    expect((await as(null).get('/api/core/moderation-actions/')).status).toBe(401);
    expect((await as(null).get(`/api/core/reviews/${review.id}/`)).status).toBe(200);
  });
});
