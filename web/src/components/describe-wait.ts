import { plural, t } from '@lingui/core/macro';

/** "Try again in 42 seconds." / "Try again in 2 minutes." / "You can try again now." */
export function describeWait(seconds: number): string {
  if (seconds <= 0) return t`You can try again now.`;
  if (seconds < 90) {
    return plural(seconds, { one: 'Try again in # second.', other: 'Try again in # seconds.' });
  }
  const minutes = Math.ceil(seconds / 60);
  return plural(minutes, { one: 'Try again in # minute.', other: 'Try again in # minutes.' });
}
