import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { siteNow } from '@/lib/site-clock.ts';

/** setTimeout holds at most 2^31-1 ms (about 24.8 days); a change later than that is seen on a later visit. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Asks for `queryKey` again a second after `dueAt` (a time in ms: when a thoughts window opens or
 * closes), so what shows it changes by itself; null waits for nothing.
 */
export function useInvalidateAt(queryKey: QueryKey, dueAt: number | null): void {
  const queryClient = useQueryClient();
  const invalidate = useEffectEvent(() => void queryClient.invalidateQueries({ queryKey }));

  useEffect(() => {
    if (dueAt === null) return;
    const timer = window.setTimeout(
      () => invalidate(),
      Math.min(Math.max(0, dueAt - siteNow()) + 1000, MAX_TIMEOUT_MS),
    );
    return () => window.clearTimeout(timer);
  }, [dueAt]);
}
