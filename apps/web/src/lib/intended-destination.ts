import { STORAGE_KEYS, storage } from './storage.ts';

export const DEFAULT_DESTINATION = '/home';

const AUTH_PAGE = /^\/(login|register|forgot-password|reset-password)(?=[/?#]|$)/;

/**
 * Spec §2: honoured only when it starts with '/', contains no '://' and is not an authentication page.
 * A leading '//' or '/\' is refused too: browsers read both as another host.
 */
export function isSafeDestination(value: string | null | undefined): value is string {
  if (!value) return false;
  if (!value.startsWith('/') || value.includes('://')) return false;
  if (value.startsWith('//') || value.startsWith('/\\')) return false;
  return !AUTH_PAGE.test(value);
}

export function saveIntendedDestination(destination: string): void {
  storage.set(STORAGE_KEYS.intendedDestination, destination);
}

/** Where to go after signing in; the stored value is used once and removed. */
export function takeIntendedDestination(): string {
  const stored = storage.get(STORAGE_KEYS.intendedDestination);
  storage.remove(STORAGE_KEYS.intendedDestination);
  return isSafeDestination(stored) ? stored : DEFAULT_DESTINATION;
}
