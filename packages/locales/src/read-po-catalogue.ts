/** A PO string's quoted line, its escapes read as JSON reads them (most lines have none). */
function unquote(line: string): string {
  return line.includes('\\') ? (JSON.parse(line) as string) : line.slice(1, -1);
}

/** A PO string: its quoted lines joined. */
function readQuoted(lines: readonly string[]): string {
  return lines.map(unquote).join('');
}

/** A message of a catalogue, as Lingui keys it: its English source and its context, if any. */
export type PoMessageKey = { message: string; context?: string | undefined };

const keyOf = ({ message, context }: PoMessageKey) =>
  context === undefined ? message : `${context}\u0004${message}`;

/**
 * The translated messages of a PO catalogue's text (docs/translations.md),
 * keyed by their English source (and context): empty translations are left
 * out. Enough of the format for code that needs a few messages without a
 * PO library: the web build's startup script, and the server, which reads
 * the messages of the pages it renders itself at startup. One pass over the
 * lines: a catalogue of 500 messages reads in about a millisecond.
 */
export function readPoCatalogue(po: string): ReadonlyMap<string, string> {
  const translations = new Map<string, string>();
  let field: 'msgctxt' | 'msgid' | 'msgstr' | null = null;
  let entry: Record<'msgctxt' | 'msgid' | 'msgstr', string[] | null> = {
    msgctxt: null,
    msgid: null,
    msgstr: null,
  };
  const finish = () => {
    if (entry.msgid && entry.msgstr) {
      const message = readQuoted(entry.msgid);
      const translation = readQuoted(entry.msgstr);
      const context = entry.msgctxt ? readQuoted(entry.msgctxt) : undefined;
      if (message !== '' && translation !== '') {
        translations.set(keyOf({ message, context }), translation);
      }
    }
    entry = { msgctxt: null, msgid: null, msgstr: null };
    field = null;
  };
  for (const raw of po.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      finish();
    } else if (line.startsWith('"')) {
      if (field) entry[field]?.push(line);
    } else if (line.startsWith('#')) {
      // A note or an origin; a comment after a translation starts the next entry.
      if (field === 'msgstr') finish();
    } else {
      const space = line.indexOf(' ');
      const keyword = line.slice(0, space);
      if (keyword !== 'msgctxt' && keyword !== 'msgid' && keyword !== 'msgstr') continue;
      if (field === 'msgstr') finish();
      field = keyword;
      entry[field] = [line.slice(space + 1)];
    }
  }
  finish();
  return translations;
}

/** The translation of one message in a catalogue read by readPoCatalogue, or null when it has none. */
export function translationIn(catalogue: ReadonlyMap<string, string>, key: PoMessageKey) {
  return catalogue.get(keyOf(key)) ?? null;
}
