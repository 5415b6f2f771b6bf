import ms from 'ms';

/**
 * `90s`, `10m`, `12h`, `30d` (and `1w`, `1.5h`) through `ms`, the kept
 * library for these strings; a bare number is seconds, the unit every
 * duration variable is documented in (ms would read it as milliseconds).
 * Only lower-case units: ms reads `1M` as a minute, which someone meaning a
 * month must not get silently. Returns whole seconds, or undefined for
 * anything else (zero, negative, a fraction of a second, words).
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  let milliseconds: number;
  if (/^\d{1,9}$/.test(trimmed)) milliseconds = Number(trimmed) * 1000;
  else if (/^\d{1,9}(\.\d{1,3})?\s?[a-z]+$/.test(trimmed))
    milliseconds = ms(trimmed as ms.StringValue);
  else return undefined;
  if (!Number.isFinite(milliseconds) || milliseconds <= 0 || milliseconds % 1000 !== 0)
    return undefined;
  return milliseconds / 1000;
}

/** Seconds as the shortest duration text (`3600` → `1h`), for messages. */
export function formatDuration(seconds: number): string {
  return ms(seconds * 1000);
}
