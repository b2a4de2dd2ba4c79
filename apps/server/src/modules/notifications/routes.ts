import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COUNT_MAX, notificationsEndpoints } from '@paddock/contract';
import { parseIdParam } from '../../lib/params.ts';
import { notFound, route, signedIn, unauthorized } from '../../lib/route.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { listNotifications, notificationCount, removeAllNotifications, removeNotification } from './service.ts';

const tags = ['notifications'];

/** The signed-in user's notifications (spec §2 "Notification dropdown"), mounted at /api/social. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events };

  route(
    app,
    notificationsEndpoints.listNotifications,
    {
      tags,
      summary: 'Pending notifications',
      description:
        "The signed-in user's unread notifications, newest first, paginated. `message` names the sender and what " +
        'they did; the `related_*` ids say what a click opens (spec §2).',
      security: signedIn,
      errors: { 401: unauthorized },
    },
    async (request) => listNotifications(ctx, requireUser(request), request.query),
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
