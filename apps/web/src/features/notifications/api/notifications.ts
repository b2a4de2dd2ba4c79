import type { Notification } from '@paddock/contract/notifications';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { refreshAfter } from '@/lib/query-events.ts';
import { notificationKeys } from './get-counts.ts';

/*
 * The notification dropdown's data (spec §2): the first page of pending notifications and of follow
 * requests, read when the dropdown opens (its panel mounts then), and what its buttons do. Each answer refreshes the badge.
 */

const LIST_SIZE = 20;

export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: async ({ signal }) =>
      (await api.call('listNotifications', { query: { page_size: LIST_SIZE }, signal })).results,
    staleTime: 0,
  });
}

export function useFollowRequests() {
  return useQuery({
    queryKey: notificationKeys.requests,
    queryFn: async ({ signal }) =>
      (await api.call('listFollowRequests', { query: { page_size: LIST_SIZE }, signal })).results,
    staleTime: 0,
  });
}

function refreshNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/** Read (a click) and dismiss both remove the notification; it leaves the list at once. */
export function useRemoveNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notification, how }: { notification: Notification; how: 'read' | 'dismiss' }) =>
      how === 'read'
        ? api.call('markNotificationRead', { params: { id: notification.id } })
        : api.call('dismissNotification', { params: { id: notification.id } }),
    onMutate: ({ notification }) => {
      queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) =>
        list?.filter((n) => n.id !== notification.id),
      );
    },
    onSettled: () => refreshNotifications(queryClient),
  });
}

export function useReadAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('markAllNotificationsRead'),
    onSettled: () => refreshNotifications(queryClient),
  });
}

export function useAnswerFollowRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: 'accept' | 'decline' }) =>
      api.call(answer === 'accept' ? 'acceptFollowRequest' : 'declineFollowRequest', { params: { id } }),
    onSettled: async (_data, _error, { answer }) => {
      await refreshNotifications(queryClient);
      if (answer === 'accept') await refreshAfter(queryClient, 'follows');
    },
  });
}
