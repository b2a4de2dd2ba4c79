import { useSyncExternalStore } from 'react';

/*
 * Whether the server said it cannot reach its database (a 503 with the contract's DATABASE_UNAVAILABLE
 * detail, decision 019). The API client reports each answer; the app shell shows a banner and load-error
 * states say why, until an answer arrives again. A plain store, no axios: the shell reads it in the
 * entry chunk.
 */

let databaseTrouble = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (databaseTrouble === value) return;
  databaseTrouble = value;
  for (const listener of listeners) listener();
}

/** An answer came from the server: it reached its database, or said it could not. */
export function reportDatabaseReachable(reachable: boolean): void {
  set(!reachable);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useDatabaseTrouble(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => databaseTrouble,
    () => false,
  );
}
