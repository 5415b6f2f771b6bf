const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const steps: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];

/**
 * "just now", "2 minutes ago", "yesterday": how long ago an RFC 3339 instant was, in
 * the English of the sentence around it; the raw text if it does not parse.
 */
export function formatTimeAgo(value: string, now = Date.now()): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  if (seconds < 45) return 'just now';
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [stepUnit, stepSize] of steps) {
    if (seconds >= stepSize) [unit, size] = [stepUnit, stepSize];
  }
  return relative.format(-Math.max(1, Math.round(seconds / size)), unit);
}
