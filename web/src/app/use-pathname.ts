import { useSyncExternalStore } from 'react';
import { NAVIGATE_EVENT } from './navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

/** The current path, updated on back/forward and on `navigate`. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}
