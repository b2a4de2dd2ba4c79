import type { Notification } from '@paddock/contract/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeEventStreamFetch, sseEvent } from '@/test/event-stream.ts';
import { stubApi, type StubReply } from '@/test/http.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { lena, marco, meFixture, sam } from '@/test/review-fixtures.ts';
import { wholeText } from '@/test/text.ts';
import { COUNT_POLL_MS, getNotificationCountsQueryOptions } from '../api/get-counts.ts';
import { badgeText, NotificationBell } from './notification-bell.tsx';

function notification(id: number, overrides: Partial<Notification>): Notification {
  return {
    id,
    notification_type: 'REVIEW_LIKED',
    message: 'Lena Fischer liked your review of the 2024 Italian Grand Prix',
    sender: lena,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    related_review_id: 5,
    related_comment_id: null,
    related_race_id: 1120,
    related_thought_id: null,
    related_thought_comment_id: null,
    spoilers_hidden: false,
    ...overrides,
  };
}

const page = (results: unknown[]) => ({ status: 200, data: { results, next_cursor: null } });

/** Replies by operation, `acceptFollowRequest 7` for one with path parameters. */
function renderBell(replies: Record<string, StubReply | (() => StubReply)>) {
  const queryClient = testQueryClient();
  localStorage.setItem('access', 'token');
  queryClient.setQueryData(['auth', 'me'], meFixture());
  const requests = stubApi((request) => {
    const key = [request.operation, ...Object.values(request.params ?? {})].join(' ');
    const reply = replies[key];
    return typeof reply === 'function' ? reply() : (reply ?? { status: 404, data: { detail: 'Not found.' } });
  });
  const view = renderRoutes(
    [
      { path: '/home', element: <NotificationBell /> },
      { path: '/review/:id', element: <p>Review page</p> },
      { path: '/profile/:username', element: <p>Profile page</p> },
      { path: '/race/:raceId', element: <p>Race page</p> },
    ],
    { at: '/home', queryClient },
  );
  return { requests, ...view };
}

const counts = (requests: number, notifications: number) => ({
  countFollowRequests: { status: 200, data: { count: requests } },
  countNotifications: { status: 200, data: { count: notifications } },
});

describe('notification bell', () => {
  it('caps the badge at 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('shows the sum of follow requests and notifications on the badge', async () => {
    renderBell(counts(60, 50));
    expect(await screen.findByRole('button', { name: 'Notifications, 99+ new' })).toBeInTheDocument();
  });

  it('lists follow requests and notifications, and accepts a request', async () => {
    let pending = [{ id: 7, requester: marco, created_at: new Date().toISOString() }];
    const { requests } = renderBell({
      ...counts(1, 1),
      listFollowRequests: () => page(pending),
      listNotifications: page([notification(3, {})]),
      'acceptFollowRequest 7': () => {
        pending = [];
        return { status: 200, data: { detail: 'Follow request accepted.' } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 new' }));

    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('wants to follow you')).toBeInTheDocument();
    expect(within(panel).getByText('Marco Rossi')).toBeInTheDocument();
    expect(
      within(panel).getByText(wholeText('Lena Fischer liked your review of the 2024 Italian Grand Prix')),
    ).toBeInTheDocument();
    expect(within(panel).getByText('5m ago')).toBeInTheDocument();
    // Names are isolated from the sentence around them.
    expect(within(panel).getByText('Marco Rossi').tagName).toBe('BDI');
    expect(within(panel).getByText('Lena Fischer').tagName).toBe('BDI');

    await userEvent.click(within(panel).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(within(panel).queryByText('wants to follow you')).not.toBeInTheDocument());
    expect(requests.some((r) => r.operation === 'acceptFollowRequest' && r.params?.id === '7')).toBe(true);
  });

  it('opens the anchored comment of a comment notification and marks it read', async () => {
    const { requests, router } = renderBell({
      ...counts(0, 1),
      listFollowRequests: page([]),
      listNotifications: page([
        notification(4, {
          notification_type: 'COMMENT_ON_REVIEW',
          message: 'Sam Okafor commented on your review',
          sender: sam,
          related_comment_id: 9,
        }),
      ]),
      'markNotificationRead 4': { status: 204 },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 new' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Sam Okafor commented on your review/ }));

    expect(await screen.findByText('Review page')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.hash}`).toBe('/review/5#comment-9');
    expect(requests.some((r) => r.operation === 'markNotificationRead' && r.params?.id === '4')).toBe(true);
  });

  it('opens the thoughts tab of the race for a thought notification', async () => {
    const { router } = renderBell({
      ...counts(0, 1),
      listFollowRequests: page([]),
      listNotifications: page([
        notification(5, {
          notification_type: 'THOUGHT_COMMENT_LIKED',
          message: 'Lena Fischer liked your comment on a race thought',
          related_review_id: null,
          related_thought_id: 31,
          related_thought_comment_id: 77,
        }),
      ]),
      'markNotificationRead 5': { status: 204 },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 new' }));
    await userEvent.click(await screen.findByRole('button', { name: /liked your comment on a race thought/ }));

    expect(await screen.findByText('Race page')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/race/1120?tab=thoughts&thoughtId=31&commentId=77',
    );
  });

  it('dismisses a notification, and says so when none are left', async () => {
    let list = [
      notification(6, { notification_type: 'FOLLOWED_PUBLIC_ACCOUNT', message: 'Lena Fischer started following you' }),
    ];
    const { requests } = renderBell({
      ...counts(0, 1),
      listFollowRequests: page([]),
      listNotifications: () => page(list),
      'dismissNotification 6': () => {
        list = [];
        return { status: 204 };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 new' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss notification' }));

    expect(await screen.findByText('No notifications')).toBeInTheDocument();
    expect(requests.some((r) => r.operation === 'dismissNotification')).toBe(true);
  });

  it('follows the counts the live stream pushes, and reads the open list again when a notification arrives', async () => {
    let list = [notification(3, {})];
    const { requests } = renderBell({
      ...counts(0, 1),
      listFollowRequests: page([]),
      listNotifications: () => page(list),
    });
    // The bell's stream is served beside the stubbed API.
    const stream = fakeEventStreamFetch();
    const api = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      (input instanceof Request ? input.url : input.toString()).includes('/notifications/stream/')
        ? stream.fetch(input, init)
        : api(input, init),
    );
    const connection = await stream.latest();
    expect(connection.headers.Authorization).toBe('Bearer token');

    await userEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText(wholeText(list[0]!.message))).toBeInTheDocument();
    list = [notification(8, { message: 'Sam Okafor liked your review', sender: sam }), ...list];
    connection.send(sseEvent(8, { type: 'notification', notification: list[0] }));
    connection.send('event: counts\ndata: {"type":"counts","notifications":2,"follow_requests":1}\n\n');

    expect(await screen.findByRole('button', { name: 'Notifications, 3 new' })).toBeInTheDocument();
    expect(await within(panel).findByText(wholeText('Sam Okafor liked your review'))).toBeInTheDocument();
    expect(requests.filter((r) => r.operation === 'countNotifications')).toHaveLength(1);
  });

  it('polls the counts every 30 s only while the stream is not open', () => {
    const interval = (live: boolean, status: 'success' | 'error') => {
      const option = getNotificationCountsQueryOptions(live).refetchInterval;
      return typeof option === 'function' ? option({ state: { status } } as never) : option;
    };
    expect(interval(false, 'success')).toBe(COUNT_POLL_MS);
    expect(interval(true, 'success')).toBe(false);
    expect(interval(false, 'error')).toBe(false);
  });

  it('says what failed to load', async () => {
    renderBell({
      ...counts(0, 0),
      listFollowRequests: { status: 500, data: { detail: 'boom' } },
      listNotifications: { status: 500, data: { detail: 'boom' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Failed to load follow requests')).toBeInTheDocument();
    expect(screen.getByText('Failed to load notifications')).toBeInTheDocument();
    expect(screen.queryByText('No notifications')).not.toBeInTheDocument();
  });
});
