import { useEffect, useState } from 'react';
import { useRenderNow } from '@/lib/render-env.tsx';
import { siteNow } from '@/lib/site-clock.ts';

/**
 * The current time, refreshed every `intervalMs`; countdowns re-render from it. It starts from the
 * render's time on a page rendered on the server, so hydration draws what the server drew.
 */
export function useNow(intervalMs: number): number {
  const renderNow = useRenderNow();
  const [now, setNow] = useState(renderNow);
  useEffect(() => {
    const id = window.setInterval(() => setNow(siteNow()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
