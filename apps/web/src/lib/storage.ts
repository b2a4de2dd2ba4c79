/**
 * localStorage that never throws: private browsing, disabled storage or a full quota must not break
 * the app (spec §8 "Storage errors silently ignored").
 */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // ignored on purpose
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignored on purpose
    }
  },
  keys(): string[] {
    try {
      const out: string[] = [];
      for (let i = 0; i < window.localStorage.length; i += 1) {
        const key = window.localStorage.key(i);
        if (key !== null) out.push(key);
      }
      return out;
    } catch {
      return [];
    }
  },
};

/** Every key the app writes, by its spec name (spec §3 "Browser storage"). */
export const STORAGE_KEYS = {
  access: 'access',
  refresh: 'refresh',
  theme: 'theme',
  homeTab: 'home:activeTab:v1',
  /** Review ids each home feed has shown, so the server can leave them out next time. */
  seenForYou: 'seen:forYou:v1',
  seenFollowing: 'seen:following:v1',
  intendedDestination: 'intended_destination',
} as const;
