/** Runs `task` at the browser's next idle moment (at most `timeout` ms away); returns a cancel. */
export function whenIdle(task: () => void, timeout = 1000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task(), { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 50);
  return () => window.clearTimeout(handle);
}
