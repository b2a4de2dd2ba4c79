import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moderationEndpoints } from '@paddock/contract';
import { errorBody } from '../../lib/openapi.ts';
import { parseIdParam } from '../../lib/params.ts';
import { route, signedIn, unauthorized } from '../../lib/route.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { CANNOT_HIDE_ACCOUNT, REPORT_RESOLVED_ALREADY, REPORTED_CONTENT_GONE } from '@paddock/contract';
import { CANNOT_REPORT_SELF, createReport, listModerationActions, listReports, resolveReport } from './service.ts';

const tags = ['moderation'];

/** Reports and the staff's queue, mounted at /api/core. */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events };

  route(
    app,
    moderationEndpoints.createReport,
    {
      tags,
      summary: 'Report something',
      description:
        '`target_type` is `review`, `comment` (on a review), `thought`, `thought_comment` or `user`; `reason` is ' +
        '`spam`, `harassment`, `spoilers`, `hate` or `other`, with optional `details`. One open report per ' +
        'reporter and target: a second answers the open one with 200. It reaches the staff queue.',
      security: signedIn,
      errors: {
        400: errorBody(
          `Field errors: an unknown target, or one the reporter cannot see; \`{"target_id": ["${CANNOT_REPORT_SELF}"]}\`.`,
        ),
        401: unauthorized,
      },
    },
    async (request, reply) => {
      const { report, created } = await createReport(ctx, requireUser(request), request.body);
      return reply.code(created ? 201 : 200).send(report);
    },
  );

  route(
    app,
    moderationEndpoints.listReports,
    {
      tags,
      summary: 'The report queue (staff)',
      description: 'Reports of one `status` (`open` unless given), newest first, paginated, with their reporters.',
      security: signedIn,
      errors: {
        401: unauthorized,
        403: errorBody('`{"detail": "You do not have permission to perform this action."}`: not staff.'),
      },
    },
    async (request) => listReports(ctx, requireUser(request), request.query),
  );

  route(
    app,
    moderationEndpoints.resolveReport,
    {
      tags,
      summary: 'Resolve a report (staff)',
      description:
        '`action: "hide"` hides what was reported from everyone but its author (who sees it marked hidden by ' +
        "moderators) and staff: its review's or thought's counts, the race figures, timelines, notifications " +
        'and kept lists follow on every instance, and every open report about it is resolved with it. ' +
        '`action: "dismiss"` resolves this report and changes nothing else. An optional `note` goes to the audit ' +
        'log with the staff member and the time (decision 031).',
      security: signedIn,
      errors: {
        400: errorBody(
          `Field errors: \`{"action": ["${CANNOT_HIDE_ACCOUNT}"]}\`, or \`{"action": ["${REPORTED_CONTENT_GONE}"]}\`.`,
        ),
        401: unauthorized,
        403: errorBody('`{"detail": "You do not have permission to perform this action."}`: not staff.'),
        404: errorBody('`{"detail": "Not found."}`: no such report.'),
        409: errorBody(`\`{"detail": "${REPORT_RESOLVED_ALREADY}"}\``),
      },
    },
    async (request) => resolveReport(ctx, requireUser(request), parseIdParam(request.params.id), request.body),
  );

  route(
    app,
    moderationEndpoints.listModerationActions,
    {
      tags,
      summary: 'The audit log (staff)',
      description: 'Every staff action (hide, dismiss), newest first, paginated: who, when, on what, and the note.',
      security: signedIn,
      errors: {
        401: unauthorized,
        403: errorBody('`{"detail": "You do not have permission to perform this action."}`: not staff.'),
      },
    },
    async (request) => listModerationActions(ctx, requireUser(request), request.query),
  );
};
