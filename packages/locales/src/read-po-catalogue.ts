/** A PO string: its quoted lines joined, escapes read as JSON reads them. */
function readQuoted(lines: readonly string[]): string {
  return lines.map((line) => JSON.parse(line.trim()) as string).join('');
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
 * the messages of the pages it renders itself at startup.
 */
export function readPoCatalogue(po: string): ReadonlyMap<string, string> {
  const translations = new Map<string, string>();
  for (const entry of po.split(/\r?\n\r?\n/)) {
    const lines = entry
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '' && !line.startsWith('#'));
    const contextAt = lines.findIndex((line) => line.startsWith('msgctxt '));
    const idAt = lines.findIndex((line) => line.startsWith('msgid '));
    const strAt = lines.findIndex((line) => line.startsWith('msgstr '));
    if (idAt === -1 || strAt === -1 || strAt < idAt) continue;
    const context =
      contextAt === -1 || contextAt > idAt
        ? undefined
        : readQuoted([lines[contextAt]?.slice(8) ?? '""', ...lines.slice(contextAt + 1, idAt)]);
    const message = readQuoted([lines[idAt]?.slice(6) ?? '""', ...lines.slice(idAt + 1, strAt)]);
    const translation = readQuoted([lines[strAt]?.slice(7) ?? '""', ...lines.slice(strAt + 1)]);
    if (message === '' || translation === '') continue;
    translations.set(keyOf({ message, context }), translation);
  }
  return translations;
}

/** The translation of one message in a catalogue read by readPoCatalogue, or null when it has none. */
export function translationIn(catalogue: ReadonlyMap<string, string>, key: PoMessageKey) {
  return catalogue.get(keyOf(key)) ?? null;
}
