import { useCallback, useState } from 'react';
import { isSignedIn } from '@/lib/session.ts';
import { STORAGE_KEYS, storage } from '@/lib/storage.ts';

export type HomeTab = 'following' | 'forYou';

/** The remembered tab, else Following for a signed-in visitor and For You for a guest (spec §2). */
export function initialHomeTab(): HomeTab {
  const stored = storage.get(STORAGE_KEYS.homeTab);
  if (stored === 'following' || stored === 'forYou') return stored;
  return isSignedIn() ? 'following' : 'forYou';
}

/**
 * The active tab. `choose` is the visitor's choice and is remembered; `show` switches without
 * remembering (the automatic switch for someone who follows nobody is not their choice).
 */
export function useHomeTab(): { tab: HomeTab; choose: (tab: HomeTab) => void; show: (tab: HomeTab) => void } {
  const [tab, setTab] = useState(initialHomeTab);
  const choose = useCallback((next: HomeTab) => {
    setTab(next);
    storage.set(STORAGE_KEYS.homeTab, next);
  }, []);
  return { tab, choose, show: setTab };
}
