/** Under this many seconds (either way: a clock a little ahead of ours) is "just now". */
const JUST_NOW_SECONDS = 45;

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
];

/**
 * How long ago `time` was as an amount of the largest unit it fills (minutes, hours,
 * days; negative: in the past, as Intl.RelativeTimeFormat takes it), or null when it
 * is within 45 seconds of `now`. A time in the future counts as now: it is a clock
 * slightly ahead of this one, not an event to come.
 */
export function relativeTimeParts(
  time: number,
  now: number,
): { amount: number; unit: Intl.RelativeTimeFormatUnit } | null {
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  if (seconds < JUST_NOW_SECONDS) return null;
  const [unit, size] = units.find(([, unitSeconds]) => seconds >= unitSeconds) ?? ['minute', 60];
  return { amount: -Math.max(1, Math.round(seconds / size)), unit };
}
