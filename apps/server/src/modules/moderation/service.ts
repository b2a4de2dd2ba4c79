import {
  CANNOT_HIDE_ACCOUNT,
  REPORT_RESOLVED_ALREADY,
  REPORTED_CONTENT_GONE,
  type CreateReportBody,
  type ModerationAction,
  type Report,
  type ReportedContent,
  type ReportTargetType,
  type ResolveReportBody,
  type StaffReport,
} from '@paddock/contract';
import type { Db } from '../../db/client.ts';
import { nowDate } from '../../lib/clock.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { conflict, fieldErrors, forbidden, notFound } from '../../lib/errors.ts';
import { decodeIdCursor, encodeCursor, toPage } from '../../lib/pagination.ts';
import { hideReviewComment, reviewCommentsForModeration, reviewCommentVisibleTo } from '../review-comments/service.ts';
import { findVisibleReview, hideReview, reviewsForModeration } from '../reviews/service.ts';
import { hideThoughtThing, thoughtThingsForModeration, thoughtThingVisibleTo } from '../thoughts/service.ts';
import { findUserBrief, isStaff, usersForModeration } from '../users/service.ts';
import {
  insertModerationAction,
  insertReport,
  lockReport,
  resolveReports,
  selectModerationActions,
  selectReports,
  selectStaffReport,
  type ReportRow,
  type StaffReportRow,
} from './queries.ts';
import { inTransaction } from '../../lib/sql.ts';

/*
 * Reports and the staff's queue (decision 030), and what staff do about them (decision 031). A member
 * reports what they can see; staff, and only staff, read the queue with each report's content in context,
 * hide what was reported or dismiss the report, and every such action is written to the audit log in the
 * same transaction. Whether an account is staff is read on each request, never from its token.
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
  const page = rows.slice(0, q.page_size);
  const contents = await contentOf(ctx.db, page);
  return toPage(
    rows,
    q.page_size,
    (row) => toStaffReport(row, contents),
    (last) => encodeCursor([last.id]),
  );
}

type Contents = Map<ReportTargetType, Map<number, ReportedContent>>;

/** What these reports are about, in context: one statement per kind of target among them. */
async function contentOf(db: Db, reports: readonly ReportRow[]): Promise<Contents> {
  const ids = (type: ReportTargetType) => reports.filter((r) => r.target_type === type).map((r) => r.target_id);
  const readers: Record<ReportTargetType, (ids: number[]) => Promise<Map<number, ReportedContent>>> = {
    review: (list) => reviewsForModeration(db, list),
    comment: (list) => reviewCommentsForModeration(db, list),
    thought: (list) => thoughtThingsForModeration(db, 'thought', list),
    thought_comment: (list) => thoughtThingsForModeration(db, 'comment', list),
    user: (list) => usersForModeration(db, list),
  };
  const types = [...new Set(reports.map((r) => r.target_type))];
  const read = await Promise.all(types.map((type) => readers[type](ids(type))));
  return new Map(types.map((type, i) => [type, read[i]!]));
}

const toStaffReport = (row: StaffReportRow, contents: Contents): StaffReport => ({
  ...toReport(row),
  reporter: row.reporter,
  resolution: row.resolution,
  resolved_at: row.resolved_ms === null ? null : new Date(row.resolved_ms).toISOString(),
  resolved_by: row.resolved_by,
  target: contents.get(row.target_type)?.get(row.target_id) ?? null,
});

/** Hides what a report is about through the module that owns it; its after-commit step, or null when gone. */
function hideTarget(ctx: ServiceContext, tx: Db, type: ReportTargetType, id: number) {
  switch (type) {
    case 'review':
      return hideReview(ctx, tx, id);
    case 'comment':
      return hideReviewComment(ctx, tx, id);
    case 'thought':
      return hideThoughtThing(ctx, tx, 'thought', id);
    case 'thought_comment':
      return hideThoughtThing(ctx, tx, 'comment', id);
    case 'user':
      throw fieldErrors({ action: [CANNOT_HIDE_ACCOUNT] });
  }
}

/**
 * POST /core/reports/{id}/resolve/ (staff): `hide` hides what was reported from everyone but its author
 * and staff (its owner's counts, figures, timelines and kept lists follow) and resolves every open report
 * about it; `dismiss` resolves this report only. In one transaction with the audit log's entry. A report
 * resolved already is a 409; hiding an account, or something gone, a 400.
 */
export async function resolveReport(
  ctx: ServiceContext,
  viewer: number,
  reportId: number,
  body: ResolveReportBody,
): Promise<StaffReport> {
  await assertStaff(ctx, viewer);
  const staff = await findUserBrief(ctx.db, viewer);
  if (!staff) throw forbidden();
  const after = await inTransaction(ctx.db, async (tx) => {
    const report = await lockReport(tx, reportId);
    if (!report) throw notFound();
    if (report.status !== 'open') throw conflict(REPORT_RESOLVED_ALREADY);
    let afterCommit: (() => Promise<void>) | null = null;
    if (body.action === 'hide') {
      afterCommit = await hideTarget(ctx, tx, report.target_type, report.target_id);
      if (!afterCommit && !(await contentOf(tx, [report])).get(report.target_type)?.get(report.target_id)?.is_hidden) {
        throw fieldErrors({ action: [REPORTED_CONTENT_GONE] });
      }
    }
    const at = nowDate();
    await resolveReports(tx, { report, action: body.action, staffId: viewer, at, alsoOthers: body.action === 'hide' });
    await insertModerationAction(tx, {
      staffId: viewer,
      staffUsername: staff.username,
      action: body.action,
      reportId,
      targetType: report.target_type,
      targetId: report.target_id,
      note: body.note ?? '',
      at,
    });
    return afterCommit;
  });
  await after?.();
  const row = (await selectStaffReport(ctx.db, reportId))!;
  return toStaffReport(row, await contentOf(ctx.db, [row]));
}

/** GET /core/moderation-actions/ (staff): the audit log, newest first. */
export async function listModerationActions(
  ctx: ServiceContext,
  viewer: number,
  q: { page_size: number; cursor?: string },
) {
  await assertStaff(ctx, viewer);
  const rows = await selectModerationActions(ctx.db, { beforeId: decodeIdCursor(q.cursor), limit: q.page_size + 1 });
  return toPage(
    rows,
    q.page_size,
    ({ created_ms, ...row }): ModerationAction => ({ ...row, created_at: new Date(created_ms).toISOString() }),
    (last) => encodeCursor([last.id]),
  );
}
