import { ShieldCheckIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';
import { LoadMoreButton } from '@/components/load-more-button.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { pagedListPlaceholder } from '@/components/query-states.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useMe } from '@/lib/current-user.ts';
import { useReportQueue, type QueueStatus } from '../api.ts';
import { AuditLog } from '../components/audit-log.tsx';
import { ReportCard } from '../components/report-card.tsx';

/** /moderation (staff): the queue of reports with their content in context, and the audit log (decision 031). */
export function ModerationRoute() {
  const me = useMe();
  return (
    <div className="grid max-w-3xl grid-cols-1 gap-6">
      <PageHeader title="Moderation" description="What members reported, and what staff did about it." />
      {me.data && !me.data.is_staff ? (
        <EmptyState icon={ShieldCheckIcon} title="This page is for moderators." className="py-8" />
      ) : (
        <Tabs defaultValue="open">
          <TabsList>
            <TabsTrigger value="open">Open reports</TabsTrigger>
            <TabsTrigger value="resolved">Resolved</TabsTrigger>
            <TabsTrigger value="log">Audit log</TabsTrigger>
          </TabsList>
          <TabsContent value="open" className="pt-4">
            <ReportQueue status="open" />
          </TabsContent>
          <TabsContent value="resolved" className="pt-4">
            <ReportQueue status="resolved" />
          </TabsContent>
          <TabsContent value="log" className="pt-4">
            <AuditLog />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}

function ReportQueue({ status }: { status: QueueStatus }) {
  const query = useReportQueue(status);
  const reports = query.data?.pages.flatMap((page) => page.results) ?? [];
  const placeholder = pagedListPlaceholder(query, reports.length, {
    loading: 'Loading reports',
    error: 'The reports could not be loaded',
    rowClassName: 'h-40',
  });
  if (placeholder) return placeholder;
  if (reports.length === 0) {
    return (
      <EmptyState
        icon={ShieldCheckIcon}
        title={status === 'open' ? 'No open reports. All clear.' : 'No resolved reports yet.'}
        className="py-8"
      />
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="grid gap-4">
        {reports.map((report) => (
          <li key={report.id}>
            <ReportCard report={report} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} />
    </div>
  );
}
