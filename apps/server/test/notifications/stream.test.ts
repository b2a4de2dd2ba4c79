import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationStreamEvent, Review } from '@paddock/contract';
import { selectRows } from '../../src/lib/sql.ts';
import { createUser, signedIn, type TestUser } from '../support/factories/users.ts';
import { caller, pastRace } from '../support/social.ts';
import { listenOn, SseClient } from '../support/sse.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * The bell's live stream over real HTTP, as the web reads it (fetch streaming with Authorization): new
 * notifications and the badge's counts as they change, replay after a reconnect, one account's bell
 * never ringing for another. Several instances are in stream.pg.test.ts.
 */

let t: TestApp;
let as: ReturnType<typeof caller>;
let base: string;
const clients: SseClient<NotificationStreamEvent>[] = [];
beforeAll(async () => {
  t = await createTestApp();
  as = caller(t);
  base = await listenOn(t.app);
});
afterAll(() => t.close());
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

const STREAM = '/api/social/notifications/stream/';
const user = (o: { isPrivate?: boolean } = {}) => createUser(t.database.db, o);

async function open(who: TestUser, headers: Record<string, string> = {}) {
  const client = await SseClient.open<NotificationStreamEvent>(`${base}${STREAM}`, {
    ...(await signedIn(t, who)),
    ...headers,
  });
  clients.push(client);
  return client;
}

/** A stream that has sent its opening messages: retry, the position, the counts. */
async function connect(who: TestUser, headers: Record<string, string> = {}) {
  const client = await open(who, headers);
  await client.until(() => client.events().some((e) => e.data.type === 'counts'), 5_000, 'the opening counts');
  return client;
}

const notificationsOf = (c: SseClient<NotificationStreamEvent>) =>
  c.events().flatMap((e) => (e.data.type === 'notification' ? [{ ...e.data.notification, event_id: e.id }] : []));
const latestCounts = (c: SseClient<NotificationStreamEvent>) =>
  c
    .events()
    .flatMap((e) => (e.data.type === 'counts' ? [e.data] : []))
    .at(-1);

async function waitForNotifications(c: SseClient<NotificationStreamEvent>, n: number, ms = 5_000) {
  await c.until(() => notificationsOf(c).length >= n, ms, `${n} notifications`);
  return notificationsOf(c);
}

async function waitForCounts(
  c: SseClient<NotificationStreamEvent>,
  counts: { notifications: number; follow_requests: number },
) {
  await c.until(
    () => JSON.stringify(latestCounts(c)) === JSON.stringify({ type: 'counts', ...counts }),
    5_000,
    `counts ${JSON.stringify(counts)}`,
  );
}

async function reviewBy(author: TestUser): Promise<Review> {
  const race = await pastRace(t.database.db);
  const res = await as(author).post<Review>('/api/core/reviews/', {
    race_id: race.id,
    rating: 4,
    content: 'Great race',
  });
  expect(res.status).toBe(201);
  return res.body;
}

const like = (who: TestUser, review: Review) =>
  as(who).post('/api/core/review-likes/toggle/', { review_id: review.id });

describe('the notification stream', () => {
  it('is for signed-in members only, and refuses a malformed Last-Event-ID', async () => {
    const guest = await fetch(`${base}${STREAM}`);
    expect(guest.status).toBe(401);
    expect(await guest.json()).toMatchObject({ detail: expect.any(String) as string });
    const bad = await fetch(`${base}${STREAM}`, {
      headers: { ...(await signedIn(t, await user())), 'last-event-id': 'yesterday' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ last_event_id: ['A valid integer is required.'] });
  });

  it('opens with the position and the badge counts, unbuffered', async () => {
    const [owner, requester] = [await user({ isPrivate: true }), await user()];
    await as(requester).post('/api/social/follows/', { user_id: owner.id });
    const stream = await connect(owner, { 'accept-encoding': 'gzip, br' });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect(stream.messages[0]).toEqual({ retry: '3000' });
    expect(stream.messages[1]).toEqual({ id: '0' });
    expect(latestCounts(stream)).toEqual({ type: 'counts', notifications: 0, follow_requests: 1 });
  });

  it('delivers a like on the member’s review within a second, with the new counts', async () => {
    const [author, fan] = [await user(), await user()];
    const review = await reviewBy(author);
    const stream = await connect(author);
    const liked = Date.now();
    await like(fan, review);
    const [pushed] = await waitForNotifications(stream, 1, 1_000);
    expect(Date.now() - liked).toBeLessThan(1_000);
    const listed = (await as(author).get<{ results: Notification[] }>('/api/social/notifications/')).body.results;
    expect(pushed).toEqual({ ...listed[0], event_id: listed[0]!.id });
    expect(pushed!.message).toMatch(/liked your review/);
    await waitForCounts(stream, { notifications: 1, follow_requests: 0 });
  });

  it('changes the counts in every open tab as requests come and are answered, and notifications are read', async () => {
    const [owner, a, b] = [await user({ isPrivate: true }), await user(), await user()];
    const [tab1, tab2, ofA] = [await connect(owner), await connect(owner), await connect(a)];
    await as(a).post('/api/social/follows/', { user_id: owner.id });
    await as(b).post('/api/social/follows/', { user_id: owner.id });
    await waitForCounts(tab2, { notifications: 0, follow_requests: 2 });
    const requests = (
      await as(owner).get<{ results: { id: number; requester: { id: number } }[] }>('/api/social/follows/requests/')
    ).body.results;
    const from = (requester: TestUser) => requests.find((r) => r.requester.id === requester.id)!.id;
    await as(owner).post(`/api/social/follows/${from(b)}/requests/decline/`, {});
    await waitForCounts(tab1, { notifications: 0, follow_requests: 1 });
    await as(owner).post(`/api/social/follows/${from(a)}/requests/accept/`, {});
    await waitForCounts(tab2, { notifications: 0, follow_requests: 0 });

    // The accepted requester hears of it; reading it in one tab clears the badge of the others.
    const [accepted] = await waitForNotifications(ofA, 1);
    expect(accepted).toMatchObject({ notification_type: 'FOLLOW_REQUEST_ACCEPTED', sender: { id: owner.id } });
    const otherTabOfA = await connect(a);
    expect(latestCounts(otherTabOfA)).toEqual({ type: 'counts', notifications: 1, follow_requests: 0 });
    await as(a).post(`/api/social/notifications/${accepted!.id}/read/`, {});
    await waitForCounts(otherTabOfA, { notifications: 0, follow_requests: 0 });
    await waitForCounts(ofA, { notifications: 0, follow_requests: 0 });
  });

  it('never rings one member’s bell for another’s notifications', async () => {
    const [author, other, fan] = [await user(), await user(), await user()];
    const [review, otherReview] = [await reviewBy(author), await reviewBy(other)];
    const stream = await connect(author);
    await like(fan, otherReview);
    await like(fan, review);
    const delivered = await waitForNotifications(stream, 1);
    expect(delivered.map((n) => n.related_review_id)).toEqual([review.id]);
  });

  it('replays the pending notifications missed while away after a reconnect with Last-Event-ID', async () => {
    const [author, a, b, c] = [await user(), await user(), await user(), await user()];
    const review = await reviewBy(author);
    const first = await connect(author);
    await like(a, review);
    await waitForNotifications(first, 1);
    const lastSeen = first.lastEventId()!;
    first.close();

    await like(b, review);
    await like(c, review);
    const missed = (await as(author).get<{ results: Notification[] }>('/api/social/notifications/')).body.results;
    // One of the two is read elsewhere meanwhile: only the other is still to tell.
    await as(author).post(`/api/social/notifications/${missed[0]!.id}/read/`, {});

    const again = await connect(author, { 'last-event-id': lastSeen });
    expect(notificationsOf(again).map((n) => n.id)).toEqual([missed[1]!.id]);
    expect(latestCounts(again)).toEqual({ type: 'counts', notifications: 2, follow_requests: 0 });
  });

  it('still delivers a notification stored out of id order (committed after a newer one)', async () => {
    const [author, a, b] = [await user(), await user(), await user()];
    const review = await reviewBy(author);
    // An id kept free below the next one, as a slower concurrent statement would hold it.
    const [{ held }] = (await selectRows<{ held: number }>(
      t.database.db,
      sql`select nextval(pg_get_serial_sequence('notifications', 'id'))::int as held`,
    )) as [{ held: number }];
    const stream = await connect(author);
    await like(a, review);
    await waitForNotifications(stream, 1);
    await t.database.db.execute(sql`
      insert into notifications (id, recipient_id, sender_id, type, target_id, review_id, created_at)
      overriding system value values (${held}, ${author.id}, ${b.id}, 'REVIEW_LIKED', ${review.id}, ${review.id}, now())`);
    await t.app.events.emit('notifications.changed', { userIds: [author.id] });
    const delivered = await waitForNotifications(stream, 2);
    expect(delivered.map((n) => n.id)).toEqual([expect.any(Number), held]);
    expect(delivered[1]!.sender.id).toBe(b.id);
  });

  it('lowers the count when what a notification was about is deleted', async () => {
    const [author, fan] = [await user(), await user()];
    const review = await reviewBy(author);
    const stream = await connect(author);
    await like(fan, review);
    await waitForCounts(stream, { notifications: 1, follow_requests: 0 });
    expect((await as(author).delete(`/api/core/reviews/${review.id}/`)).status).toBe(204);
    await waitForCounts(stream, { notifications: 0, follow_requests: 0 });
  });
});
