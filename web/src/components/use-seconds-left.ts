import { useEffect, useState } from 'react';

/**
 * Whole seconds until `until` (a `Date.now()` time), re-rendering once a second
 * until it is past; 0 when past or null. Computed at render, so the first
 * render after `until` changes already shows the full wait.
 */
export function useSecondsLeft(until: number | null): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      setTick((tick) => tick + 1);
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));
}
