import type { FollowRequest, Notification } from '@paddock/contract/notifications';
import { XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { displayNameOf, UserName, UserText } from '@/components/user-text.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatRelativeTime } from '@/lib/time.ts';
import {
  useAnswerFollowRequest,
  useFollowRequests,
  useNotifications,
  useReadAllNotifications,
  useRemoveNotification,
} from '../api/notifications.ts';
import { notificationTarget } from '../utils/notification-target.ts';

export function Note({ children }: { children: ReactNode }) {
  return <p className="px-3 py-6 text-center text-sm text-muted-foreground">{children}</p>;
}

function FollowRequestRow({ request }: { request: FollowRequest }) {
  const answer = useAnswerFollowRequest();
  const { requester } = request;
  return (
    <li className="flex items-center gap-3 px-3 py-2">
      <span aria-hidden className="shrink-0">
        <UserAvatar user={requester} className="size-8" />
      </span>
      <p className="min-w-0 flex-1 text-sm">
        <UserName user={requester} className="font-medium" />{' '}
        <span className="text-muted-foreground">wants to follow you</span>
      </p>
      <div className="flex shrink-0 gap-1">
        <Button
          size="sm"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ id: request.id, answer: 'accept' })}
        >
          Accept
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ id: request.id, answer: 'decline' })}
        >
          Decline
        </Button>
      </div>
    </li>
  );
}

/** A message that starts with its sender's name ("Lena liked your review…") keeps that name isolated. */
function NotificationMessage({ notification }: { notification: Notification }) {
  const { message, sender } = notification;
  const name = displayNameOf(sender);
  if (!message.startsWith(`${name} `)) return <UserText>{message}</UserText>;
  return (
    <>
      <UserText>{name}</UserText>
      {message.slice(name.length)}
    </>
  );
}

function NotificationRow({ notification, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  const remove = useRemoveNotification();
  return (
    <li className="flex items-start gap-1 rounded-md hover:bg-accent">
      <button
        type="button"
        className="flex min-w-0 flex-1 items-start gap-3 rounded-md px-3 py-2 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onClick={() => onOpen(notification)}
      >
        {/* The message names the sender; the initials would only be read out before it. */}
        <span aria-hidden className="shrink-0">
          <UserAvatar user={notification.sender} className="size-8" />
        </span>
        <span className="grid min-w-0 gap-0.5">
          <span className="break-words">
            <NotificationMessage notification={notification} />
          </span>
          <span className="text-xs text-muted-foreground">{formatRelativeTime(notification.created_at)}</span>
        </span>
      </button>
      <Button
        variant="ghost"
        size="icon"
        className="mt-1 mr-1 size-7 shrink-0"
        aria-label="Dismiss notification"
        onClick={() => remove.mutate({ notification, how: 'dismiss' })}
      >
        <XIcon aria-hidden />
      </Button>
    </li>
  );
}

/** Spec §2 "Notification dropdown": follow requests to answer and notifications to open or dismiss. */
export function NotificationPanel({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const notifications = useNotifications();
  const requests = useFollowRequests();
  const remove = useRemoveNotification();
  const readAll = useReadAllNotifications();

  function open(notification: Notification) {
    remove.mutate({ notification, how: 'read' });
    const target = notificationTarget(notification);
    onClose();
    if (target) void navigate(target);
  }

  const loading = notifications.isPending || requests.isPending;
  const requestList = requests.data ?? [];
  const notificationList = notifications.data ?? [];
  const nothing = !loading && !requests.isError && !notifications.isError;

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
        <h2 className="text-sm font-semibold">Notifications</h2>
        {notificationList.length > 0 && (
          <Button variant="ghost" size="sm" disabled={readAll.isPending} onClick={() => readAll.mutate()}>
            Mark all as read
          </Button>
        )}
      </div>
      <div className="max-h-[min(24rem,70svh)] overflow-y-auto p-1">
        {loading ? (
          <Note>Loading notifications...</Note>
        ) : (
          <>
            {requests.isError && <Note>Failed to load follow requests</Note>}
            {requestList.length > 0 && (
              <section aria-label="Follow requests">
                <ul>
                  {requestList.map((request) => (
                    <FollowRequestRow key={request.id} request={request} />
                  ))}
                </ul>
              </section>
            )}
            {notifications.isError && <Note>Failed to load notifications</Note>}
            {notificationList.length > 0 && (
              <ul aria-label="Notifications">
                {notificationList.map((notification) => (
                  <NotificationRow key={notification.id} notification={notification} onOpen={open} />
                ))}
              </ul>
            )}
            {nothing && requestList.length === 0 && notificationList.length === 0 && <Note>No notifications</Note>}
          </>
        )}
      </div>
    </>
  );
}
