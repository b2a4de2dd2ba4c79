import type { CreateReportBody, Report, ReportTargetType, StaffReport } from '@paddock/contract';
import type { ServiceContext } from '../../lib/context.ts';
import { fieldErrors, forbidden } from '../../lib/errors.ts';
import { decodeIdCursor, encodeCursor, toPage } from '../../lib/pagination.ts';
import { reviewCommentVisibleTo } from '../review-comments/service.ts';
import { findVisibleReview } from '../reviews/service.ts';
import { thoughtThingVisibleTo } from '../thoughts/service.ts';
import { findUserBrief, isStaff } from '../users/service.ts';
import { insertReport, selectReports, type ReportRow } from './queries.ts';

/*
 * Reports and the staff's queue (decision 030). A member reports what they can see; staff, and only
 * staff, read the queue. Whether an account is staff is read on each request, never from its token.
 */

export const CANNOT_REPORT_SELF = 'You cannot report yourself.';

/** Whether the reported thing is there and the reporter may see it. */
async function targetVisible(ctx: ServiceContext, viewer: number, type: ReportTargetType, id: number) {
  switch (type) {
    case 'review':
      return (await findVisibleReview(ctx.db, viewer, id)) !== null;
    case 'comment':
      return reviewCommentVisibleTo(ctx, viewer, id);
    case 'thought':
      return thoughtThingVisibleTo(ctx, viewer, 'thought', id);
    case 'thought_comment':
      return thoughtThingVisibleTo(ctx, viewer, 'comment', id);
    case 'user':
      return (await findUserBrief(ctx.db, id)) !== null;
  }
}

const toReport = (row: ReportRow): Report => ({
  id: row.id,
  target_type: row.target_type,
  target_id: row.target_id,
  reason: row.reason,
  details: row.details,
  status: row.status,
  created_at: new Date(row.created_ms).toISOString(),
});

/**
 * POST /core/reports/: one open report per reporter and target; a second answers the open one. Something
 * the reporter cannot see (not there, or private to them) is an unknown target.
 */
export async function createReport(ctx: ServiceContext, viewer: number, body: CreateReportBody) {
  if (body.target_type === 'user' && body.target_id === viewer) throw fieldErrors({ target_id: [CANNOT_REPORT_SELF] });
  if (!(await targetVisible(ctx, viewer, body.target_type, body.target_id))) {
    throw fieldErrors({ target_id: [`Invalid pk "${body.target_id}" - object does not exist.`] });
  }
  const { row, created } = await insertReport(ctx.db, {
    reporterId: viewer,
    targetType: body.target_type,
    targetId: body.target_id,
    reason: body.reason,
    details: body.details ?? '',
  });
  return { report: toReport(row), created };
}

/** 403 for anyone but staff. */
export async function assertStaff(ctx: ServiceContext, viewer: number): Promise<void> {
  if (!(await isStaff(ctx.db, viewer))) throw forbidden();
}

/** GET /core/reports/ (staff): the queue of one status, newest first. */
export async function listReports(
  ctx: ServiceContext,
  viewer: number,
  q: { status: 'open' | 'resolved'; page_size: number; cursor?: string },
) {
  await assertStaff(ctx, viewer);
  const rows = await selectReports(ctx.db, {
    status: q.status,
    beforeId: decodeIdCursor(q.cursor),
    limit: q.page_size + 1,
  });
  return toPage(
    rows,
    q.page_size,
    (row): StaffReport => ({ ...toReport(row), reporter: row.reporter }),
    (last) => encodeCursor([last.id]),
  );
}
