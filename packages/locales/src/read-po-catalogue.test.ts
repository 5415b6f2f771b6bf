import { describe, expect, it } from 'vitest';
import { readPoCatalogue, translationIn } from './read-po-catalogue.js';

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

#. a note
msgctxt "a button"
msgid "Sign in"
msgstr "サインイン（ボタン）"

msgid "Sign in"
msgstr "サインイン"

msgid "Untranslated"
msgstr ""
`;

describe('readPoCatalogue', () => {
  const catalogue = readPoCatalogue(po);

  it('reads the translation of a message, across continued lines and escapes', () => {
    expect(translationIn(catalogue, { message: 'Loading Sigil…' })).toBe(
      'Sigil を読み込んでいます…',
    );
    expect(translationIn(catalogue, { message: 'A long message' })).toBe('Un long "message"');
  });

  it('tells a message with a context from the same words without one', () => {
    expect(translationIn(catalogue, { message: 'Sign in' })).toBe('サインイン');
    expect(translationIn(catalogue, { message: 'Sign in', context: 'a button' })).toBe(
      'サインイン（ボタン）',
    );
  });

  it('gives null for a message that is missing or not translated', () => {
    expect(translationIn(catalogue, { message: 'Untranslated' })).toBeNull();
    expect(translationIn(catalogue, { message: 'Absent' })).toBeNull();
    expect(catalogue.has('')).toBe(false);
  });
});
