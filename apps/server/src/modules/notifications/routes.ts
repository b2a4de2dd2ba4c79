import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COUNT_MAX, notificationsEndpoints } from '@paddock/contract';
import { HEARTBEAT_MS, lastEventIdOf, RETRY_MS, streamHead } from '../../lib/event-stream.ts';
import { errorBody } from '../../lib/openapi.ts';
import { parseIdParam } from '../../lib/params.ts';
import { readerOf } from '../../lib/reader.ts';
import { notFound, route, signedIn, unauthorized } from '../../lib/route.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { NotificationsHub } from './live.ts';
import { listNotifications, notificationCount, removeAllNotifications, removeNotification } from './service.ts';

const tags = ['notifications'];

/** The signed-in user's notifications (spec §2 "Notification dropdown"), mounted at /api/social. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events };
  const hub = new NotificationsHub(ctx, app.liveBus, app.log);
  const stopAnnouncing = app.events.on('notifications.changed', ({ userIds }) => hub.publish(userIds));
  app.addHook('onReady', () => hub.start());
  // Streams never end by themselves: they are closed before the server waits for its connections.
  app.addHook('preClose', async () => {
    stopAnnouncing();
    await hub.close();
  });

  route(
    app,
    notificationsEndpoints.listNotifications,
    {
      tags,
      summary: 'Pending notifications',
      description:
        "The signed-in user's unread notifications, newest first, paginated. `message` names the sender and what " +
        "they did; the `related_*` ids say what a click opens (spec §2). `spoilers_hidden`: the reader's spoiler " +
        'shield hides the related race (decision 033; `X-Spoilers-Revealed` lifts it for the races it names); a ' +
        'message names the race but never a result, rating or review text, so it is the same either way.',
      security: signedIn,
      errors: { 401: unauthorized },
    },
    async (request) =>
      listNotifications(ctx, requireUser(request), { ...request.query, revealed: readerOf(request)?.revealed }),
  );

  route(
    app,
    notificationsEndpoints.notificationStream,
    {
      tags,
      summary: 'Live updates of the bell (server-sent events)',
      description:
        '`text/event-stream` for the signed-in user (`Authorization: Bearer`, so a browser client uses fetch ' +
        'streaming rather than EventSource). It opens with `retry: ' +
        `${RETRY_MS}\`, an \`id:\` line without data giving the position live notifications start from, and a ` +
        '`counts` message; then each new notification arrives as `id: <notification id>`, `event: notification` ' +
        'and one `data:` line `{"type": "notification", "notification": {…}}` (the list\'s shape), and each change ' +
        'of the badge\'s counts as `event: counts`, `{"type": "counts", "notifications": n, "follow_requests": n}` ' +
        `(contract: notificationStreamEventSchema), within a second, whichever instance stored it. A comment line ` +
        `is sent every ${HEARTBEAT_MS / 1000} s. To resume after a disconnect, send the last id received as the ` +
        '`Last-Event-ID` header (or `?last_event_id=`): the pending notifications stored after it are sent first.',
      security: signedIn,
      errors: { 400: errorBody('`{"last_event_id": ["A valid integer is required."]}`.'), 401: unauthorized },
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const lastEventId = lastEventIdOf(request, request.query.last_event_id);
      if (request.method === 'HEAD') return streamHead(reply);
      hub.open(reply, { userId, lastEventId });
      return reply;
    },
  );

  route(
    app,
    notificationsEndpoints.countNotifications,
    {
      tags,
      summary: 'How many notifications are pending',
      description: `Counted up to ${COUNT_MAX} (the badge shows '99+' above 99).`,
      security: signedIn,
      errors: { 401: unauthorized },
    },
    async (request) => notificationCount(ctx, requireUser(request)),
  );

  route(
    app,
    notificationsEndpoints.markAllNotificationsRead,
    {
      tags,
      summary: 'Mark every notification read',
      description: "Removes all of the signed-in user's notifications; `count` is how many there were.",
      security: signedIn,
      errors: { 401: unauthorized },
    },
    async (request) => removeAllNotifications(ctx, requireUser(request)),
  );

  // Reading (a click: its target is open) and dismissing both remove the notification.
  const removals = [
    { endpoint: notificationsEndpoints.markNotificationRead, summary: 'Mark a notification read' },
    { endpoint: notificationsEndpoints.dismissNotification, summary: 'Dismiss a notification' },
  ] as const;
  for (const { endpoint, summary } of removals) {
    route(
      app,
      endpoint,
      {
        tags,
        summary,
        description: 'The notification is removed.',
        security: signedIn,
        errors: { 401: unauthorized, 404: notFound("no such notification among the viewer's own.") },
      },
      async (request, reply) => {
        await removeNotification(ctx, requireUser(request), parseIdParam(request.params.id));
        return reply.code(204).send(null);
      },
    );
  }
};
