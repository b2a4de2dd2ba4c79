import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * Keeps the bell live while `enabled` (signed in): the server pushes each new notification and each
 * change of the badge's counts. Returns whether the stream is open; while it is not (connecting, down,
 * refused), the counts are polled instead (useNotificationCounts). The stream's code is fetched after the
 * first render.
 */
export function useNotificationStream(enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    let close: (() => void) | null = null;
    let cancelled = false;
    void import('../utils/notification-stream.ts').then(({ connectNotificationStream }) => {
      if (!cancelled) close = connectNotificationStream(queryClient, setOpen);
    });
    return () => {
      cancelled = true;
      close?.();
      setOpen(false);
    };
  }, [enabled, queryClient]);

  return enabled && open;
}
