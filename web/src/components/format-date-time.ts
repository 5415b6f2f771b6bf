const formatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An RFC 3339 instant in the reader's locale and time zone; the raw text if it does not parse. */
export function formatDateTime(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : formatter.format(time);
}
