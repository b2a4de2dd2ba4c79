import type { ModerationAction } from '@paddock/contract/moderation';
import { ScrollTextIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';
import { LoadMoreButton } from '@/components/load-more-button.tsx';
import { pagedListPlaceholder } from '@/components/query-states.tsx';
import { formatRelativeTime } from '@/lib/time.ts';
import { useAuditLog } from '../api.ts';

const TARGET: Record<ModerationAction['target_type'], string> = {
  review: 'review',
  comment: 'comment',
  thought: 'race thought',
  thought_comment: 'comment on a race thought',
  user: 'account',
};

/** Every staff action, newest first: who did what to which report, when, and why. */
export function AuditLog() {
  const query = useAuditLog();
  const rows = query.data?.pages.flatMap((page) => page.results) ?? [];
  const placeholder = pagedListPlaceholder(query, rows.length, {
    loading: 'Loading the audit log',
    error: 'The audit log could not be loaded',
    rowClassName: 'h-10',
  });
  if (placeholder) return placeholder;
  if (rows.length === 0) return <EmptyState icon={ScrollTextIcon} title="No staff action yet." className="py-8" />;
  return (
    <div className="grid gap-3">
      <ol className="grid divide-y rounded-xl border">
        {rows.map((row) => (
          <li key={row.id} className="grid gap-1 p-3 text-sm">
            <p>
              <span className="font-medium">@{row.staff_username}</span>{' '}
              {row.action === 'hide' ? 'hid' : 'dismissed a report about'} {TARGET[row.target_type]} #{row.target_id}
              {row.report_id !== null && <span className="text-muted-foreground"> (report #{row.report_id})</span>}
            </p>
            {row.note && <p className="text-muted-foreground">“{row.note}”</p>}
            <p className="text-xs text-muted-foreground">{formatRelativeTime(row.created_at)}</p>
          </li>
        ))}
      </ol>
      <LoadMoreButton query={query} />
    </div>
  );
}
