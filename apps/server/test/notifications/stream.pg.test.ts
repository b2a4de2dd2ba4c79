import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationStreamEvent, Review } from '@paddock/contract';
import { createUser } from '../support/factories/users.ts';
import { pastRace } from '../support/social.ts';
import { SseClient } from '../support/sse.ts';
import { startCluster, type Cluster, type Instance } from '../instances/cluster.ts';

/*
 * The bell across instances on one PostgreSQL database: a like answered by one instance rings the bell
 * of a stream held by another, within a second, by LISTEN/NOTIFY (no Redis) and by Redis pub/sub; a
 * client whose instance stops resumes on the other without losing what was stored meanwhile. Collected
 * only with TEST_DATABASE_URL and TEST_REDIS_URL (`npm run test:pg`).
 */

const clients: SseClient<NotificationStreamEvent>[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

async function bearer(node: Instance, userId: number) {
  const { token } = await node.app.tokens.sign(userId, 'access');
  return { authorization: `Bearer ${token}` };
}

async function connect(node: Instance, userId: number, headers: Record<string, string> = {}) {
  const client = await SseClient.open<NotificationStreamEvent>(`${node.url}/api/social/notifications/stream/`, {
    ...(await bearer(node, userId)),
    ...headers,
  });
  clients.push(client);
  await client.until(() => client.events().some((e) => e.data.type === 'counts'), 5_000, 'the opening counts');
  return client;
}

async function send(node: Instance, userId: number, method: string, path: string, body: unknown) {
  const res = await fetch(`${node.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(await bearer(node, userId)) },
    body: JSON.stringify(body),
  });
  expect(res.status).toBeLessThan(300);
  return res.json();
}

const notificationsOf = (c: SseClient<NotificationStreamEvent>) =>
  c.events().flatMap((e) => (e.data.type === 'notification' ? [e.data.notification] : []));

async function delivered(c: SseClient<NotificationStreamEvent>, n: number) {
  await c.until(() => notificationsOf(c).length >= n, 5_000, `${n} notifications`);
  return notificationsOf(c);
}

for (const carrier of ['postgres', 'redis'] as const) {
  describe(`two instances, the doorbell by ${carrier === 'postgres' ? 'LISTEN/NOTIFY' : 'Redis pub/sub'}`, () => {
    let cluster: Cluster;
    let a: Instance;
    let b: Instance;
    beforeAll(async () => {
      cluster = await startCluster(2, carrier === 'postgres' ? { REDIS_URL: undefined } : {});
      [a, b] = cluster.instances as [Instance, Instance];
    });
    afterAll(() => cluster?.close());

    it('rings the bell on one instance for a like answered by the other, within a second', async () => {
      expect([a.app.liveBus.kind, b.app.liveBus.kind]).toEqual([carrier, carrier]);
      const [author, fan, race] = [
        await createUser(a.database.db),
        await createUser(a.database.db),
        await pastRace(a.database.db),
      ];
      const review = (await send(a, author.id, 'POST', '/api/core/reviews/', {
        race_id: race.id,
        rating: 5,
      })) as Review;
      const onB = await connect(b, author.id);
      const liked = Date.now();
      await send(a, fan.id, 'POST', '/api/core/review-likes/toggle/', { review_id: review.id });
      const [notification] = await delivered(onB, 1);
      expect(Date.now() - liked).toBeLessThan(1_000);
      expect(notification).toMatchObject({ notification_type: 'REVIEW_LIKED', related_review_id: review.id });
    });

    it('lets a client whose instance stops resume on the other, given what was stored meanwhile', async () => {
      const [author, x, y, race] = [
        await createUser(a.database.db),
        await createUser(a.database.db),
        await createUser(a.database.db),
        await pastRace(a.database.db),
      ];
      const review = (await send(b, author.id, 'POST', '/api/core/reviews/', {
        race_id: race.id,
        rating: 3,
      })) as Review;
      const onA = await connect(a, author.id);
      await send(b, x.id, 'POST', '/api/core/review-likes/toggle/', { review_id: review.id });
      await delivered(onA, 1);
      await a.stop();
      await onA.until(() => onA.ended, 5_000, 'stream closed by the stopping instance');
      await send(b, y.id, 'POST', '/api/core/review-likes/toggle/', { review_id: review.id });
      const onB = await connect(b, author.id, { 'last-event-id': onA.lastEventId()! });
      expect(notificationsOf(onB).map((n) => n.sender.id)).toEqual([y.id]);
    });
  });
}
