/** A PO string: its quoted lines joined, escapes read as JSON reads them. */
function readQuoted(lines: readonly string[]): string {
  return lines.map((line) => JSON.parse(line.trim()) as string).join('');
}

/**
 * The translation of `source` in a PO catalogue's text, or null when it is
 * missing or empty. Enough of the format for a build step that needs one
 * message before any JavaScript runs.
 */
export function readPoTranslation(po: string, source: string): string | null {
  for (const entry of po.split(/\r?\n\r?\n/)) {
    const lines = entry
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '' && !line.startsWith('#'));
    const idAt = lines.findIndex((line) => line.startsWith('msgid '));
    const strAt = lines.findIndex((line) => line.startsWith('msgstr '));
    if (idAt === -1 || strAt === -1 || strAt < idAt) continue;
    const id = readQuoted([lines[idAt]?.slice(6) ?? '""', ...lines.slice(idAt + 1, strAt)]);
    if (id !== source) continue;
    const translation = readQuoted([lines[strAt]?.slice(7) ?? '""', ...lines.slice(strAt + 1)]);
    return translation === '' ? null : translation;
  }
  return null;
}
