import { Suspense, useState, type ReactNode } from 'react';
import { useNearScreen } from '@/hooks/use-near-screen.ts';

/**
 * How far below (or above) the screen a place counts as near: a quarter of a phone's screen, so a chart is
 * drawn as the reader scrolls towards it, while one that starts just below the first screen (the driver
 * page's, 300 px down on a phone) waits for the reader instead of blocking the page as it loads.
 */
const NEAR = '200px';

/**
 * Draws `children` once its place comes near the screen; `placeholder` holds the place until then (on the
 * server and without JavaScript too) and while a lazy child loads. For what costs a phone a long task to
 * draw and often sits below the first screen: a chart (recharts draws one in a single blocking task, about
 * 0.2 s on a mid-range phone), whose code then loads only as the reader scrolls towards it.
 */
export function NearScreen({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const [near, setNear] = useState(false);
  const place = useNearScreen(() => setNear(true), !near, NEAR);
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : <div ref={place}>{placeholder}</div>;
}
