import { z } from 'zod';
import { idSchema, pageOf, pageQuerySchema, paragraphsTextSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_TARGET_TYPES } from './limits.ts';
import { userRefSchema } from './users.ts';

/* Reports of what members wrote, and the staff's queue of them (issue 24, decision 030). */

export { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_TARGET_TYPES } from './limits.ts';
export type { ReportReason, ReportTargetType } from './limits.ts';

export const reportTargetTypeSchema = z.enum(REPORT_TARGET_TYPES);
export const reportReasonSchema = z.enum(REPORT_REASONS);

/** POST /core/reports/: `comment` is a comment on a review, `thought_comment` one on a race thought. */
export const createReportBodySchema = z.object({
  target_type: reportTargetTypeSchema,
  target_id: idSchema,
  reason: reportReasonSchema,
  details: paragraphsTextSchema(REPORT_DETAILS_MAX).optional(),
});
export type CreateReportBody = z.output<typeof createReportBodySchema>;

export const reportSchema = z.object({
  id: z.number().int(),
  target_type: reportTargetTypeSchema,
  target_id: z.number().int(),
  reason: reportReasonSchema,
  details: z.string(),
  status: z.enum(['open', 'resolved']),
  created_at: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const RESOLVE_ACTIONS = ['hide', 'dismiss'] as const;
export const resolveActionSchema = z.enum(RESOLVE_ACTIONS);
export type ResolveAction = z.infer<typeof resolveActionSchema>;
export const MODERATION_NOTE_MAX = 1000;

/** Decision 031 texts. */
export const REPORT_RESOLVED_ALREADY = 'This report is resolved already.';
export const CANNOT_HIDE_ACCOUNT = 'An account cannot be hidden: dismiss the report, or hide what the account wrote.';
export const REPORTED_CONTENT_GONE = 'What was reported is gone: dismiss the report.';

/**
 * What a report is about, as staff see it in the queue: its author, its text (a review's, a comment's, a
 * thought's, or an account's bio), where it sits (the race, the review or thought a comment is on), and
 * whether it is hidden already.
 */
export const reportedContentSchema = z.object({
  author: userRefSchema.nullable(),
  text: z.string(),
  rating: z.number().int().nullable(),
  race_id: z.number().int().nullable(),
  race_name: z.string().nullable(),
  review_id: z.number().int().nullable(),
  thought_id: z.number().int().nullable(),
  is_hidden: z.boolean(),
});
export type ReportedContent = z.infer<typeof reportedContentSchema>;

/** A report in the staff's queue: who made it, how it was resolved, and what it is about (null: gone). */
export const staffReportSchema = reportSchema.extend({
  reporter: userRefSchema,
  resolution: resolveActionSchema.nullable(),
  resolved_at: z.string().nullable(),
  resolved_by: userRefSchema.nullable(),
  target: reportedContentSchema.nullable(),
});
export type StaffReport = z.infer<typeof staffReportSchema>;

/** POST /core/reports/{id}/resolve/: hide what was reported, or dismiss the report; a note for the log. */
export const resolveReportBodySchema = z.object({
  action: resolveActionSchema,
  note: paragraphsTextSchema(MODERATION_NOTE_MAX).optional(),
});
export type ResolveReportBody = z.output<typeof resolveReportBodySchema>;

/** An entry of the audit log: every staff action, as it was taken. */
export const moderationActionSchema = z.object({
  id: z.number().int(),
  staff_username: z.string(),
  action: resolveActionSchema,
  report_id: z.number().int().nullable(),
  target_type: reportTargetTypeSchema,
  target_id: z.number().int(),
  note: z.string(),
  created_at: z.string(),
});
export type ModerationAction = z.infer<typeof moderationActionSchema>;

export const reportListQuerySchema = pageQuerySchema.extend({ status: z.enum(['open', 'resolved']).default('open') });

export const moderationEndpoints = {
  createReport: endpoint(routes.createReport, {
    body: createReportBodySchema,
    response: reportSchema,
    statuses: [200, 201],
  }),
  listReports: endpoint(routes.listReports, { query: reportListQuerySchema, response: pageOf(staffReportSchema) }),
  resolveReport: endpoint(routes.resolveReport, { body: resolveReportBodySchema, response: staffReportSchema }),
  listModerationActions: endpoint(routes.listModerationActions, {
    query: pageQuerySchema,
    response: pageOf(moderationActionSchema),
  }),
};
