/** Fired on `window` after a client-side navigation (pushState fires nothing itself). */
export const NAVIGATE_EVENT = 'sigil:navigate';

/** Moves to `path` within the app, without a reload. */
export function navigate(path: string): void {
  if (path === window.location.pathname + window.location.search) return;
  window.history.pushState(null, '', path);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}
