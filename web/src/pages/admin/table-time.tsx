import { formatDateTime } from '../../components/format-date-time';

const compact = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

/**
 * An instant in a table cell: short, in the reader's locale and time zone, so a row of
 * several fits a laptop's width; the longer form is its title.
 */
export function TableTime({ value }: { value: string | null | undefined }) {
  if (!value) return <span className="muted">—</span>;
  const time = Date.parse(value);
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {Number.isNaN(time) ? value : compact.format(time)}
    </time>
  );
}
