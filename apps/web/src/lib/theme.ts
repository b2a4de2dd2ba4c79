import { useStoreAfterHydration } from '@/hooks/use-hydrated.ts';
import { STORAGE_KEYS, storage } from './storage.ts';

export type Theme = 'light' | 'dark';

/**
 * build/theme-init.js applies the stored (or system) theme before the first paint, so the class on
 * <html> is the source of truth from then on.
 */
function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

const listeners = new Set<() => void>();

export function setTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  storage.set(STORAGE_KEYS.theme, theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void; toggleTheme: () => void } {
  // The server renders the light theme's controls; the stored theme is applied before paint by theme-init.
  const theme = useStoreAfterHydration<Theme>(subscribe, currentTheme, 'light');
  return { theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}
