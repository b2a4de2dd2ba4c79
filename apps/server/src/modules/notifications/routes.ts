import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COUNT_MAX, countSchema, notificationListSchema, pageQuerySchema } from '@paddock/contract';
import { errorBody } from '../../lib/openapi.ts';
import { parseIdParam } from '../../lib/params.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { listNotifications, notificationCount, removeAllNotifications, removeNotification } from './service.ts';

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];
const unauthorized = errorBody('`{"detail": "Authentication credentials were not provided."}`');
const notFound = errorBody('`{"detail": "Not found."}`: no such notification among the viewer\'s own.');
const idParams = z.object({ id: z.string() });

/** The signed-in user's notifications (spec §2 "Notification dropdown"), mounted at /api/social. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events };

  app.get(
    '/notifications/',
    {
      schema: {
        tags,
        summary: 'Pending notifications',
        description:
          "The signed-in user's unread notifications, newest first, paginated. `message` names the sender and what " +
          'they did; the `related_*` ids say what a click opens (spec §2).',
        security,
        querystring: pageQuerySchema,
        response: { 200: notificationListSchema, 401: unauthorized },
      },
    },
    async (request) => listNotifications(ctx, requireUser(request), request.query),
  );

  app.get(
    '/notifications/count/',
    {
      schema: {
        tags,
        summary: 'How many notifications are pending',
        description: `Counted up to ${COUNT_MAX} (the badge shows '99+' above 99).`,
        security,
        response: { 200: countSchema, 401: unauthorized },
      },
    },
    async (request) => notificationCount(ctx, requireUser(request)),
  );

  app.post(
    '/notifications/read-all/',
    {
      schema: {
        tags,
        summary: 'Mark every notification read',
        description: "Removes all of the signed-in user's notifications; `count` is how many there were.",
        security,
        response: { 200: z.object({ count: z.number().int().min(0) }), 401: unauthorized },
      },
    },
    async (request) => removeAllNotifications(ctx, requireUser(request)),
  );

  // Reading (a click: its target is open) and dismissing both remove the notification.
  const removals = [
    { method: 'POST', url: '/notifications/:id/read/', summary: 'Mark a notification read' },
    { method: 'DELETE', url: '/notifications/:id/', summary: 'Dismiss a notification' },
  ] as const;
  for (const { method, url, summary } of removals) {
    app.route({
      method,
      url,
      schema: {
        tags,
        summary,
        description: 'The notification is removed.',
        security,
        params: idParams,
        response: { 204: z.null(), 401: unauthorized, 404: notFound },
      },
      handler: async (request, reply) => {
        await removeNotification(ctx, requireUser(request), parseIdParam(request.params.id));
        return reply.code(204).send(null);
      },
    });
  }
};
