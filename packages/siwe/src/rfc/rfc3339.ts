/**
 * RFC 3339 §5.6 date-time, read by position rather than by regular
 * expression so that any input costs one linear pass:
 *
 *   date-time = full-date "T" partial-time time-offset
 *   e.g.        2021-09-30T16:25:24.000Z, 2021-09-30T16:25:24-02:00
 *
 * "T" and "Z" must be upper case: §5.6 lets an application restrict them so,
 * and every SIWE client writes them that way (Date#toISOString).
 */

const MILLISECONDS_PER_MINUTE = 60_000;

function digitsAt(text: string, start: number, count: number): number | undefined {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const code = text.charCodeAt(i);
    if (!(code >= 0x30 && code <= 0x39)) return undefined;
    value = value * 10 + (code - 0x30);
  }
  return value;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** time-offset = "Z" / ("+" / "-") time-hour ":" time-minute, in minutes east of UTC. */
function offsetMinutesAt(text: string, start: number): number | undefined {
  if (text[start] === 'Z') return start + 1 === text.length ? 0 : undefined;
  const sign = text[start] === '+' ? 1 : text[start] === '-' ? -1 : 0;
  if (sign === 0 || text.length !== start + 6 || text[start + 3] !== ':') return undefined;
  const hours = digitsAt(text, start + 1, 2);
  const minutes = digitsAt(text, start + 4, 2);
  if (hours === undefined || minutes === undefined || hours > 23 || minutes > 59) return undefined;
  return sign * (hours * 60 + minutes);
}

/**
 * The instant an RFC 3339 date-time names, in milliseconds since the Unix
 * epoch, or undefined when the text is not a date-time with valid calendar
 * values (2022-02-31 is refused, 2024-02-29 is not). Fractions finer than a
 * millisecond are truncated.
 */
export function rfc3339ToEpochMilliseconds(text: string): number | undefined {
  if (text.length < 20) return undefined;
  if (text[4] !== '-' || text[7] !== '-' || text[10] !== 'T') return undefined;
  if (text[13] !== ':' || text[16] !== ':') return undefined;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    second === undefined
  ) {
    return undefined;
  }
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 60) return undefined;

  let cursor = 19;
  let milliseconds = 0;
  if (text[cursor] === '.') {
    const fractionStart = cursor + 1;
    cursor = fractionStart;
    while (
      cursor < text.length &&
      text.charCodeAt(cursor) >= 0x30 &&
      text.charCodeAt(cursor) <= 0x39
    ) {
      cursor++;
    }
    if (cursor === fractionStart) return undefined;
    const millisecondDigits = text.slice(fractionStart, Math.min(cursor, fractionStart + 3));
    milliseconds = Number(millisecondDigits.padEnd(3, '0'));
  }
  const offsetMinutes = offsetMinutesAt(text, cursor);
  if (offsetMinutes === undefined) return undefined;

  const utcMinuteOfDay = (((hour * 60 + minute - offsetMinutes) % 1440) + 1440) % 1440;
  // A leap second can only be the last second of a UTC day.
  if (second === 60 && utcMinuteOfDay !== 1439) return undefined;

  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900-1999.
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  instant.setUTCHours(hour, minute, second, milliseconds);
  return instant.getTime() - offsetMinutes * MILLISECONDS_PER_MINUTE;
}
