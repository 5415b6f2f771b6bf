import { t } from '@lingui/core/macro';

const dayFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/**
 * When a suspension ends, in words: "until 3 December 2026", "until 3 December 2026,
 * 14:30 UTC" when it does not end at a day's start, or "until an administrator lifts it"
 * (`until` null). Read in UTC, as the console sets it: a day, lifting at its start UTC
 * (docs/administration.md).
 */
export function describeSuspensionEnd(until: string | null | undefined): string {
  if (!until) return t`until an administrator lifts it`;
  const time = Date.parse(until);
  if (Number.isNaN(time)) return t`until ${until}`;
  const day = dayFormat.format(time);
  if (time % 86_400_000 === 0) return t`until ${day}`;
  const hour = timeFormat.format(time);
  return t`until ${day}, ${hour} UTC`;
}
