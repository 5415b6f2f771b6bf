import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
// The package by its source path: Lingui loads this file before any package is built.
import { SOURCE_LOCALE, SUPPORTED_LOCALES } from '../packages/locales/src/index.ts';

/**
 * The catalogues of the web app (docs/translations.md): one PO file per
 * locale, messages keyed by Lingui's generated ids, English the source.
 * Origins without line numbers, so moving code does not change a catalogue.
 */
export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...SUPPORTED_LOCALES],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      // The server's own pages (index.html's head, the sign-out and error pages) take
      // their words from these catalogues too (docs/translations.md, "The server's pages").
      include: ['<rootDir>/src', '<rootDir>/../server/src/i18n/messages'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/test/**', '**/node_modules/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  // No fallbackLocales: a message not yet translated still reads in English (the source
  // locale's words are the compile's last resort), but counts as missing, so the strict
  // compile of `npm run i18n:check` refuses the catalogue.
  // Grouped by the file a message comes from: a translator reads a page's messages together.
  orderBy: 'origin',
});
