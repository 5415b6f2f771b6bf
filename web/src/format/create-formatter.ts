import { formatUnits } from 'viem';
import { relativeTimeParts } from './relative-time-parts';

/** An instant as the API gives it (RFC 3339), or as a number of milliseconds or a Date. */
export type Instant = string | number | Date;

export type ZoneOptions = {
  /** An IANA zone the instant is read in (the console's UTC days); default: the reader's. */
  timeZone?: string;
};

export type DateOptions = ZoneOptions & {
  /** Without the year: a chart's ticks ("3 Nov"). @default true */
  year?: boolean;
};

export type TokenAmountOptions = {
  /** Digits kept after the point, the rest cut off (never rounded up). @default 4 */
  maximumFractionDigits?: number;
  /** Thousands separators: off to write an amount one reading only ("1234", not "1.234"). @default true */
  grouping?: boolean;
};

export type Formatter = {
  /** The locale every method formats in. */
  locale: string;
  /** "Nov 27, 2026, 6:47 AM": the one form of an instant, on every page. */
  dateTime(value: Instant, options?: ZoneOptions): string;
  /** "Nov 27, 2026". */
  date(value: Instant, options?: DateOptions): string;
  /** "6:47 AM". */
  time(value: Instant, options?: ZoneOptions): string;
  /** "3 minutes ago", "yesterday", the `justNow` words under 45 seconds. */
  relativeTime(value: Instant, now: number): string;
  /** "12,345". */
  number(value: number | bigint): string;
  /** "1,234.5678 ETH": base units and decimals to a grouped amount with its symbol. */
  tokenAmount(
    value: bigint,
    decimals: number,
    symbol?: string,
    options?: TokenAmountOptions,
  ): string;
};

export type FormatterWords = {
  /** What `relativeTime` says under 45 seconds. @default Intl's "now" in the locale */
  justNow?: string;
};

/** The milliseconds of an instant; NaN when it does not parse. */
function millisecondsOf(value: Instant): number {
  if (value instanceof Date) return value.getTime();
  return typeof value === 'number' ? value : Date.parse(value);
}

/**
 * The one formatter of the app (docs/web-app.md, "Dates, times and numbers"): dates, times,
 * relative times, numbers and token amounts by `Intl` in one locale, so every
 * page shows an instant one way. A value that is not an instant is shown as it
 * came, rather than as "Invalid Date".
 */
export function createFormatter(locale: string, words: FormatterWords = {}): Formatter {
  const dateFormats = new Map<string, Intl.DateTimeFormat>();
  // One Intl.DateTimeFormat per form and zone, made when first asked for.
  const cached = (key: string, options: Intl.DateTimeFormatOptions) => {
    let format = dateFormats.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, options);
      dateFormats.set(key, format);
    }
    return format;
  };
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const numberFormat = new Intl.NumberFormat(locale);
  const amountFormats = new Map<string, Intl.NumberFormat>();

  const instant = (value: Instant, format: (time: number) => string) => {
    const time = millisecondsOf(value);
    return Number.isNaN(time) ? String(value) : format(time);
  };

  const dateFormat = ({ timeZone, year = true }: DateOptions) =>
    cached(
      `date|${timeZone ?? ''}|${year}`,
      year ? { dateStyle: 'medium', timeZone } : { month: 'short', day: 'numeric', timeZone },
    );

  const amountFormat = (fractionDigits: number, grouping: boolean) => {
    const key = `${fractionDigits}|${grouping}`;
    let format = amountFormats.get(key);
    if (!format) {
      // A unit style only for where the locale puts a unit and its space: the unit is replaced
      // by the token's symbol below ("1.5 ETH", "1,5 ETH", "1.5ETH" in Korean).
      format = new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: 'kilogram',
        unitDisplay: 'short',
        maximumFractionDigits: fractionDigits,
        roundingMode: 'trunc',
        useGrouping: grouping,
      });
      amountFormats.set(key, format);
    }
    return format;
  };

  const amount = (
    decimal: string,
    symbol: string | undefined,
    fractionDigits: number,
    grouping: boolean,
  ) => {
    // A decimal string is formatted exactly (Intl.NumberFormat v3): no float between the
    // chain's base units and the page, so 18 decimals lose nothing before the cut.
    const parts = amountFormat(fractionDigits, grouping).formatToParts(
      decimal as Intl.StringNumericLiteral,
    );
    if (symbol === undefined) {
      return parts
        .filter((part) => part.type !== 'unit')
        .map((part) => part.value)
        .join('')
        .trim();
    }
    return parts.map((part) => (part.type === 'unit' ? symbol : part.value)).join('');
  };

  return {
    locale,
    dateTime: (value, { timeZone } = {}) =>
      instant(value, (time) =>
        cached(`dateTime|${timeZone ?? ''}`, {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone,
        }).format(time),
      ),
    date: (value, options = {}) => instant(value, (time) => dateFormat(options).format(time)),
    time: (value, { timeZone } = {}) =>
      instant(value, (time) =>
        cached(`time|${timeZone ?? ''}`, { timeStyle: 'short', timeZone }).format(time),
      ),
    relativeTime: (value, now) =>
      instant(value, (time) => {
        const parts = relativeTimeParts(time, now);
        if (parts === null) return words.justNow ?? relative.format(0, 'second');
        return relative.format(parts.amount, parts.unit);
      }),
    number: (value) => numberFormat.format(value),
    tokenAmount: (value, decimals, symbol, { maximumFractionDigits = 4, grouping = true } = {}) => {
      const negative = value < 0n;
      const magnitude = negative ? -value : value;
      const decimal = formatUnits(magnitude, decimals);
      const smallest = 10n ** BigInt(Math.max(0, decimals - maximumFractionDigits));
      // Never "0" for a balance that is not zero: less than the smallest step shown says so.
      if (magnitude > 0n && magnitude < smallest) {
        const step = `0.${'0'.repeat(Math.max(0, maximumFractionDigits - 1))}1`;
        return `< ${amount(step, symbol, maximumFractionDigits, grouping)}`;
      }
      return amount(negative ? `-${decimal}` : decimal, symbol, maximumFractionDigits, grouping);
    },
  };
}
