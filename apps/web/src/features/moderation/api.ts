import type { ResolveAction } from '@paddock/contract/moderation';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/* The staff's queue of reports and the audit log (decisions 030, 031). */

export type QueueStatus = 'open' | 'resolved';

export function getReportQueueQueryOptions(status: QueueStatus) {
  return infiniteQueryOptions({
    queryKey: ['moderation', 'reports', status],
    queryFn: ({ pageParam, signal }) =>
      api.call('listReports', { query: { status, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function getAuditLogQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['moderation', 'actions'],
    queryFn: ({ pageParam, signal }) =>
      api.call('listModerationActions', { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export const useReportQueue = (status: QueueStatus) => useInfiniteQuery(getReportQueueQueryOptions(status));
export const useAuditLog = () => useInfiniteQuery(getAuditLogQueryOptions());

/** Hides what a report is about, or dismisses it; the queue and the log are read again after. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { reportId: number; action: ResolveAction; note: string }) =>
      api.call('resolveReport', {
        params: { id: v.reportId },
        body: { action: v.action, ...(v.note.trim() ? { note: v.note } : {}) },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['moderation'] }),
  });
}
