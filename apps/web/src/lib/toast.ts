import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';
import { whenIdle } from './idle.ts';

/*
 * The app's toasts, with sonner loaded on first use: sonner (and its toaster) is not part of any page's
 * first load. A toast raised before sonner has arrived is shown once it has (sonner replays the toasts
 * created before its toaster subscribed). The toaster itself is mounted when the browser is first idle,
 * so its live region is in the page before the first toast is announced, or at once by a first toast.
 */

type Kind = 'success' | 'error' | 'info';

let wanted = false;
const listeners = new Set<() => void>();

function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function show(kind: Kind, message: string, options?: ExternalToast): void {
  want();
  void import('sonner').then(({ toast: sonner }) => sonner[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!wanted) whenIdle(want);
  return () => listeners.delete(listener);
}

/** Whether the toaster should be in the page: after the first idle moment, or from the first toast. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}
