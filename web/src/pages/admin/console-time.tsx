import { useFormatter } from '../../format/use-formatter';

/**
 * An instant in the console, in the one form every page uses (src/format/), in the
 * reader's locale and time zone; a dash when there is none.
 */
export function ConsoleTime({ value }: { value: string | null | undefined }) {
  const format = useFormatter();
  if (!value) return <span className="muted">—</span>;
  return <time dateTime={value}>{format.dateTime(value)}</time>;
}
