import { useStoreAfterHydration } from '@/hooks/use-hydrated.ts';
import { useRenderedForReader } from './render-env.tsx';
import { secondsLeft } from './jwt.ts';
import { STORAGE_KEYS, storage } from './storage.ts';

/**
 * The signed-in state lives in localStorage (spec §3): the presence of `access` means signed in.
 * Changes made in this tab announce themselves with an event; other tabs' changes arrive as `storage`.
 */
const SESSION_CHANGED = 'paddock:session-changed';

/**
 * The hint from which the server renders a signed-in reader's Home and own pages as they see them while
 * their data loads (entry-server.tsx): `1` while a session is stored. Written here on every change, and by
 * build/theme-init.js on every load.
 */
export const SIGNED_IN_COOKIE = 'signed_in';

function announce(): void {
  document.cookie = isSignedIn()
    ? `${SIGNED_IN_COOKIE}=1; path=/; max-age=31536000; samesite=lax`
    : `${SIGNED_IN_COOKIE}=; path=/; max-age=0; samesite=lax`;
  window.dispatchEvent(new Event(SESSION_CHANGED));
}

export function getAccessToken(): string | null {
  return storage.get(STORAGE_KEYS.access);
}

export function getRefreshToken(): string | null {
  return storage.get(STORAGE_KEYS.refresh);
}

export function isSignedIn(): boolean {
  return getAccessToken() !== null;
}

export function setTokens(tokens: { access: string; refresh?: string | undefined }): void {
  storage.set(STORAGE_KEYS.access, tokens.access);
  if (tokens.refresh) storage.set(STORAGE_KEYS.refresh, tokens.refresh);
  announce();
}

/** Keys that outlive a session: the theme, the home tab and the seen-review records (spec §4). */
function survivesSignOut(key: string): boolean {
  return key === STORAGE_KEYS.theme || key === STORAGE_KEYS.homeTab || key.startsWith('seen:');
}

/** Sign-out and failed refresh: everything the session wrote goes, the visitor's preferences stay. */
export function clearSession(): void {
  for (const key of storage.keys()) {
    if (!survivesSignOut(key)) storage.remove(key);
  }
  announce();
}

/** At start-up a refresh token past its expiry is useless, so the access token goes with it (spec §4). */
export function dropExpiredSession(nowMs: number = Date.now()): void {
  const refresh = getRefreshToken();
  if (refresh === null) return;
  const left = secondsLeft(refresh, nowMs);
  if (left !== null && left <= 0) {
    storage.remove(STORAGE_KEYS.refresh);
    storage.remove(STORAGE_KEYS.access);
    announce();
  }
}

export function subscribeSession(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.access) onChange();
  };
  window.addEventListener(SESSION_CHANGED, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SESSION_CHANGED, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Whether a session is stored. A page rendered on the server is a guest's (the server never reads
 * browser storage), so hydration renders as a guest too and the stored session fills in right after;
 * except a page rendered for a signed-in reader (RenderEnv.reader), which hydrates signed in.
 */
export function useIsSignedIn(): boolean {
  const forReader = useRenderedForReader();
  return useStoreAfterHydration(subscribeSession, isSignedIn, forReader);
}
