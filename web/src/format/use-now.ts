import { useEffect, useState } from 'react';

/** `Date.now()`, refreshed every `intervalMs` while mounted: for "checked 2 minutes ago". */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
