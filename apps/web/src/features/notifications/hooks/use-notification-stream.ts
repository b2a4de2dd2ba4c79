import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { whenIdle } from '@/lib/idle.ts';

/** How long at most the stream waits for the browser to be idle before it connects. */
const STREAM_WAIT_MS = 3000;

/**
 * Keeps the bell live while `enabled` (signed in): the server pushes each new notification and each
 * change of the badge's counts. Returns whether the stream is open; while it is not (connecting, down,
 * refused), the counts are polled instead (useNotificationCounts), and asked for at once. The stream's code
 * is fetched when the browser is first idle, at most 3 s after the first render: on a phone it would
 * otherwise share the first second with the page's own data.
 */
export function useNotificationStream(enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    let close: (() => void) | null = null;
    let cancelled = false;
    const cancelWait = whenIdle(() => {
      void import('../utils/notification-stream.ts').then(({ connectNotificationStream }) => {
        if (!cancelled) close = connectNotificationStream(queryClient, setOpen);
      });
    }, STREAM_WAIT_MS);
    return () => {
      cancelled = true;
      cancelWait();
      close?.();
      setOpen(false);
    };
  }, [enabled, queryClient]);

  return enabled && open;
}
