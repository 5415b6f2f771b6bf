import { describe, expect, it } from 'vitest';
import { readPoTranslation } from './read-po-translation';

const po = `msgid ""
msgstr ""
"Language: ja-JP\\n"

#: src/i18n/boot-text.ts
msgid "Loading Sigil…"
msgstr "Sigil を読み込んでいます…"

#: src/a.tsx
msgid ""
"A long "
"message"
msgstr ""
"Un long "
"\\"message\\""

msgid "Untranslated"
msgstr ""
`;

describe('readPoTranslation', () => {
  it('reads the translation of a message, across continued lines and escapes', () => {
    expect(readPoTranslation(po, 'Loading Sigil…')).toBe('Sigil を読み込んでいます…');
    expect(readPoTranslation(po, 'A long message')).toBe('Un long "message"');
  });

  it('gives null for a message that is missing or not translated', () => {
    expect(readPoTranslation(po, 'Untranslated')).toBeNull();
    expect(readPoTranslation(po, 'Absent')).toBeNull();
  });
});
