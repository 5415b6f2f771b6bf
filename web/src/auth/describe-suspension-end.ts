import { t } from '@lingui/core/macro';
import type { Formatter } from '../format/create-formatter';

/**
 * When a suspension ends, in words: "until Dec 3, 2026", "until Dec 3, 2026, 2:30 PM UTC"
 * when it does not end at a day's start, or "until an administrator lifts it" (`until`
 * null). Read in UTC, as the console sets it: a day, lifting at its start UTC
 * (docs/administration.md); written by the app's formatter in the page's locale.
 */
export function describeSuspensionEnd(
  until: string | null | undefined,
  format: Pick<Formatter, 'date' | 'time'>,
): string {
  if (!until) return t`until an administrator lifts it`;
  const time = Date.parse(until);
  if (Number.isNaN(time)) return t`until ${until}`;
  const day = format.date(time, { timeZone: 'UTC' });
  if (time % 86_400_000 === 0) return t`until ${day}`;
  const hour = format.time(time, { timeZone: 'UTC' });
  return t`until ${day}, ${hour} UTC`;
}
