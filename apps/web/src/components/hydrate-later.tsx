import { Suspense, use, useState, type ReactElement, type ReactNode } from 'react';
import { hydrationTurn } from '@/lib/lazy.ts';

/**
 * A part of a page rendered on the server that is hydrated in a task of its own, after the page around it
 * (decision 037): Preact hydrates a tree in one task, and a phone would wait for all of a long page (a feed's
 * twenty cards, the race page's tabs) before its first tap is answered. Until its turn the part shows the
 * server's HTML, which taps on it wait for (lib/early-events.ts). Drawn at once on the server, in a page the
 * browser draws itself, and wherever it is drawn anew (a feed's cards that came after hydrating). `children` must
 * be one element: of a part whose hydration waited, Preact keeps the server's first element only (the race page's
 * facts, given as several cards, were drawn anew but for the first).
 */
export function HydrateLater({ children }: { children: ReactElement }) {
  const [turn] = useState(() => (hydratingPage ? hydrationTurn() : null));
  // The same elements everywhere, waiting or not: the ids a part's elements are given (useId) follow them.
  return (
    <Suspense fallback={null}>
      <AfterTurn turn={turn}>{children}</AfterTurn>
    </Suspense>
  );
}

let hydratingPage = false;

/** Runs the page's hydration (main.tsx): the parts it meets hydrate in turns. */
export function hydrateInTurns(hydrate: () => void): void {
  hydratingPage = true;
  try {
    hydrate();
  } finally {
    hydratingPage = false;
  }
}

function AfterTurn({ turn, children }: { turn: ReturnType<typeof hydrationTurn> | null; children: ReactNode }) {
  if (turn !== null) use(turn);
  return children;
}
