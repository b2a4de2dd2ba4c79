import { useCallback, useState } from 'react';
import { useHydrated } from '@/hooks/use-hydrated.ts';
import { isSignedIn, useIsSignedIn } from '@/lib/session.ts';
import { STORAGE_KEYS, storage } from '@/lib/storage.ts';

export type HomeTab = 'following' | 'forYou';

/** The remembered tab, else Following for a signed-in visitor and For You for a guest (spec §2). */
export function initialHomeTab(): HomeTab {
  const stored = storage.get(STORAGE_KEYS.homeTab);
  if (stored === 'following' || stored === 'forYou') return stored;
  return isSignedIn() ? 'following' : 'forYou';
}

/** The tab Home opens on: the remembered one, except that someone who follows nobody is taken to For You. */
export function arrivalTab(tab: HomeTab, followingCount: number): HomeTab {
  return tab === 'following' && followingCount === 0 ? 'forYou' : tab;
}

/**
 * The active tab. `choose` is the visitor's choice and is remembered; `show` switches without
 * remembering (the automatic switch for someone who follows nobody is not their choice).
 */
export function useHomeTab(): { tab: HomeTab; choose: (tab: HomeTab) => void; show: (tab: HomeTab) => void } {
  // A page rendered on the server shows the default tab of a guest (For You) or of a signed-in reader
  // (Following); the stored choice applies once hydrated.
  const hydrated = useHydrated();
  const signedIn = useIsSignedIn();
  const [initial] = useState<HomeTab | null>(() => (hydrated ? initialHomeTab() : null));
  const [shown, setShown] = useState<HomeTab | null>(null);
  const choose = useCallback((next: HomeTab) => {
    setShown(next);
    storage.set(STORAGE_KEYS.homeTab, next);
  }, []);
  return {
    tab: shown ?? initial ?? (hydrated ? initialHomeTab() : signedIn ? 'following' : 'forYou'),
    choose,
    show: setShown,
  };
}
