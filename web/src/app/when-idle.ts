export type WhenIdleOptions = {
  /** At the latest this long after the call, idle or not. @default 2000 */
  timeoutMs?: number;
  /** Where the browser has no requestIdleCallback (Safari): after this long. @default 500 */
  fallbackMs?: number;
};

/**
 * Runs `callback` once the browser is idle (`requestIdleCallback`, at most
 * `timeoutMs` later): work a page's first paint does not need must not
 * compete with it (docs/web-app.md, "First-visit delivery"). Returns the
 * cancel function.
 */
export function whenIdle(
  callback: () => void,
  { timeoutMs = 2000, fallbackMs = 500 }: WhenIdleOptions = {},
): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, fallbackMs);
  return () => clearTimeout(handle);
}
