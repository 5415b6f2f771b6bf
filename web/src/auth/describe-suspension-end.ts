import { t } from '@lingui/core/macro';
import type { Formatter } from '../format/create-formatter';

/** When a suspension ends, as the page writes it: each form its own sentence where shown. */
export type SuspensionEnd =
  /** No end: an administrator lifts it. */
  | { kind: 'lifted' }
  /** A day, lifting at its start UTC: "Dec 3, 2026". */
  | { kind: 'day'; day: string }
  /** Within a day: "Dec 3, 2026" and "2:30 PM", read in UTC. */
  | { kind: 'day-and-hour'; day: string; hour: string }
  /** Not an instant: shown as it came. */
  | { kind: 'as-given'; text: string };

/**
 * Reads `until` in UTC, as the console sets it: a day, lifting at its start UTC
 * (docs/administration.md); written by the app's formatter in the page's locale.
 */
export function readSuspensionEnd(
  until: string | null | undefined,
  format: Pick<Formatter, 'date' | 'time'>,
): SuspensionEnd {
  if (!until) return { kind: 'lifted' };
  const time = Date.parse(until);
  if (Number.isNaN(time)) return { kind: 'as-given', text: until };
  const day = format.date(time, { timeZone: 'UTC' });
  if (time % 86_400_000 === 0) return { kind: 'day', day };
  return { kind: 'day-and-hour', day, hour: format.time(time, { timeZone: 'UTC' }) };
}

/**
 * When a suspension ends, in words: "until Dec 3, 2026", "until Dec 3, 2026, 2:30 PM UTC"
 * when it does not end at a day's start, or "until an administrator lifts it" (`until`
 * null): the part of the console's sentence about a suspension.
 */
export function describeSuspensionEnd(
  until: string | null | undefined,
  format: Pick<Formatter, 'date' | 'time'>,
): string {
  const end = readSuspensionEnd(until, format);
  switch (end.kind) {
    case 'lifted':
      return t`until an administrator lifts it`;
    case 'as-given': {
      const until = end.text;
      return t`until ${until}`;
    }
    case 'day': {
      const day = end.day;
      return t`until ${day}`;
    }
    case 'day-and-hour': {
      const { day, hour } = end;
      return t`until ${day}, ${hour} UTC`;
    }
  }
}
