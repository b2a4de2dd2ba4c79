import { sql } from 'drizzle-orm';
import type { ReportReason, ReportTargetType, UserRef } from '@paddock/contract';
import type { Db } from '../../db/client.ts';
import { rowLimit, selectRows } from '../../lib/sql.ts';
import { joinUser, userRefJson } from '../users/sql.ts';

export interface ReportRow {
  id: number;
  target_type: ReportTargetType;
  target_id: number;
  reason: ReportReason;
  details: string;
  status: 'open' | 'resolved';
  created_ms: number;
}

const reportColumns = sql`r.id, r.target_type, r.target_id, r.reason, r.details, r.status,
  (extract(epoch from r.created_at) * 1000)::float8 as created_ms`;

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

/** The staff's queue: reports of one status, newest first, keyset on id, with their reporters. */
export function selectReports(
  db: Db,
  q: { status: 'open' | 'resolved'; beforeId?: number; limit: number },
): Promise<(ReportRow & { reporter: UserRef })[]> {
  return selectRows(
    db,
    sql`select ${reportColumns}, ${userRefJson('u')} as reporter
        from reports r ${joinUser('u', sql`r.reporter_id`)}
        where r.status = ${q.status} ${q.beforeId === undefined ? sql`` : sql`and r.id < ${q.beforeId}`}
        order by r.id desc ${rowLimit(q.limit)}`,
  );
}
