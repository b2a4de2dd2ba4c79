import { z } from 'zod';
import { idSchema, pageOf, pageQuerySchema, paragraphsTextSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { userRefSchema } from './users.ts';

/* Reports of what members wrote, and the staff's queue of them (issue 24, decision 030). */

export const REPORT_TARGET_TYPES = ['review', 'comment', 'thought', 'thought_comment', 'user'] as const;
export const REPORT_REASONS = ['spam', 'harassment', 'spoilers', 'hate', 'other'] as const;
export const REPORT_DETAILS_MAX = 1000;

export const reportTargetTypeSchema = z.enum(REPORT_TARGET_TYPES);
export type ReportTargetType = z.infer<typeof reportTargetTypeSchema>;
export const reportReasonSchema = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof reportReasonSchema>;

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

/** A report in the staff's queue: who made it, too. */
export const staffReportSchema = reportSchema.extend({ reporter: userRefSchema });
export type StaffReport = z.infer<typeof staffReportSchema>;

export const reportListQuerySchema = pageQuerySchema.extend({ status: z.enum(['open', 'resolved']).default('open') });

export const moderationEndpoints = {
  createReport: endpoint(routes.createReport, {
    body: createReportBodySchema,
    response: reportSchema,
    statuses: [200, 201],
  }),
  listReports: endpoint(routes.listReports, { query: reportListQuerySchema, response: pageOf(staffReportSchema) }),
};
