import { useSyncExternalStore } from 'react';

const query = '(prefers-color-scheme: dark)';
const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

/** Whether the system asks for dark colours now; follows changes. A canvas cannot read CSS variables by itself. */
export function usePrefersDark(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = media();
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => media()?.matches ?? false,
  );
}
