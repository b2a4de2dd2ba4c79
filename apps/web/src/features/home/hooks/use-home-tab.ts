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

export function useHomeTab(): [HomeTab, (tab: HomeTab) => void] {
  const [tab, setTabState] = useState(initialHomeTab);
  const setTab = useCallback((next: HomeTab) => {
    setTabState(next);
    storage.set(STORAGE_KEYS.homeTab, next);
  }, []);
  return [tab, setTab];
}
