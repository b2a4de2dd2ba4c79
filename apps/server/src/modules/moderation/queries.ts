import { sql } from 'drizzle-orm';
import type { ReportReason, ReportTargetType, UserRef } from '@paddock/contract';
import type { Db } from '../../db/client.ts';
import { moderationActions } from '../../db/schema/moderation.ts';
import { rowLimit, run, selectRows } from '../../lib/sql.ts';
import { joinUser, leftJoinUser, userRefJson } from '../users/sql.ts';

export interface ReportRow {
  id: number;
  target_type: ReportTargetType;
  target_id: number;
  reason: ReportReason;
  details: string;
  status: 'open' | 'resolved';
  created_ms: number;
  resolution: 'hide' | 'dismiss' | null;
  resolved_ms: number | null;
}

const reportColumns = sql`r.id, r.target_type, r.target_id, r.reason, r.details, r.status,
  (extract(epoch from r.created_at) * 1000)::float8 as created_ms, r.resolution,
  (extract(epoch from r.resolved_at) * 1000)::float8 as resolved_ms`;

/**
 * Stores a report unless the reporter has one open about the same target; the new row (`created`), or
 * the open one.
 */
export async function insertReport(
  db: Db,
  r: { reporterId: number; targetType: ReportTargetType; targetId: number; reason: ReportReason; details: string },
): Promise<{ row: ReportRow; created: boolean }> {
  const [inserted] = await selectRows<ReportRow>(
    db,
    sql`insert into reports as r (reporter_id, target_type, target_id, reason, details)
        values (${r.reporterId}, ${r.targetType}, ${r.targetId}, ${r.reason}, ${r.details})
        on conflict (reporter_id, target_type, target_id) where status = 'open' do nothing
        returning ${reportColumns}`,
  );
  if (inserted) return { row: inserted, created: true };
  const [open] = await selectRows<ReportRow>(
    db,
    sql`select ${reportColumns} from reports r
        where r.reporter_id = ${r.reporterId} and r.target_type = ${r.targetType} and r.target_id = ${r.targetId}
          and r.status = 'open'`,
  );
  if (!open) throw new Error('the open report went between two statements');
  return { row: open, created: false };
}

export type StaffReportRow = ReportRow & { reporter: UserRef; resolved_by: UserRef | null };

const staffReportColumns = sql`${reportColumns}, ${userRefJson('u')} as reporter,
  case when s.id is null then null else ${userRefJson('s')} end as resolved_by`;
const staffReportFrom = sql`reports r ${joinUser('u', sql`r.reporter_id`)} ${leftJoinUser('s', sql`r.resolved_by`)}`;

/** The staff's queue: reports of one status, newest first, keyset on id, with their reporters. */
export function selectReports(
  db: Db,
  q: { status: 'open' | 'resolved'; beforeId?: number; limit: number },
): Promise<StaffReportRow[]> {
  return selectRows(
    db,
    sql`select ${staffReportColumns} from ${staffReportFrom}
        where r.status = ${q.status} ${q.beforeId === undefined ? sql`` : sql`and r.id < ${q.beforeId}`}
        order by r.id desc ${rowLimit(q.limit)}`,
  );
}

/** One report as the queue shows it. */
export async function selectStaffReport(db: Db, reportId: number): Promise<StaffReportRow | null> {
  const [row] = await selectRows<StaffReportRow>(
    db,
    sql`select ${staffReportColumns} from ${staffReportFrom} where r.id = ${reportId}`,
  );
  return row ?? null;
}

/* Resolving reports, and the audit log (decision 031). */

/** The report, locked until the transaction ends; null when there is none. */
export async function lockReport(tx: Db, reportId: number): Promise<ReportRow | null> {
  const [row] = await selectRows<ReportRow>(
    tx,
    sql`select ${reportColumns} from reports r where r.id = ${reportId} for update`,
  );
  return row ?? null;
}

/**
 * Resolves the report, and with `alsoOthers` every other open report about the same target (a hide
 * settles them all).
 */
export async function resolveReports(
  tx: Db,
  r: { report: ReportRow; action: 'hide' | 'dismiss'; staffId: number; at: Date; alsoOthers: boolean },
): Promise<void> {
  const which = r.alsoOthers
    ? sql`(id = ${r.report.id} or (target_type = ${r.report.target_type} and target_id = ${r.report.target_id}
          and status = 'open'))`
    : sql`id = ${r.report.id}`;
  await run(
    tx,
    sql`update reports set status = 'resolved', resolution = ${r.action}, resolved_by = ${r.staffId},
          resolved_at = ${r.at.toISOString()}::timestamptz
        where ${which}`,
  );
}

/** Writes an entry of the audit log. */
export async function insertModerationAction(
  tx: Db,
  a: {
    staffId: number;
    staffUsername: string;
    action: 'hide' | 'dismiss';
    reportId: number;
    targetType: ReportTargetType;
    targetId: number;
    note: string;
    at: Date;
  },
): Promise<void> {
  await tx.insert(moderationActions).values({
    staffId: a.staffId,
    staffUsername: a.staffUsername,
    action: a.action,
    reportId: a.reportId,
    targetType: a.targetType,
    targetId: a.targetId,
    note: a.note,
    createdAt: a.at,
  });
}

export interface ModerationActionRow {
  id: number;
  staff_username: string;
  action: 'hide' | 'dismiss';
  report_id: number | null;
  target_type: ReportTargetType;
  target_id: number;
  note: string;
  created_ms: number;
}

/** The audit log, newest first, keyset on id. */
export function selectModerationActions(db: Db, q: { beforeId?: number; limit: number }) {
  return selectRows<ModerationActionRow>(
    db,
    sql`select a.id, a.staff_username, a.action, a.report_id, a.target_type, a.target_id, a.note,
          (extract(epoch from a.created_at) * 1000)::float8 as created_ms
        from moderation_actions a
        ${q.beforeId === undefined ? sql`` : sql`where a.id < ${q.beforeId}`}
        order by a.id desc ${rowLimit(q.limit)}`,
  );
}
